import { word, type MessageDescriptor } from "~/i18n/message";
import { z } from "zod";
import { safeText } from "~/forms/text";
import { cleanPhoneInput, normalizePhilippineMobile, PHONE_INVALID } from "~/auth/auth-schemas";
import {
  applicationCity,
  APPLICATION_MESSAGES,
  FULL_NAME_MAX,
  FULL_NAME_TOO_LONG,
  NAME_MAX,
  NAME_MESSAGES,
  namesFrom,
  REFERRAL_MAX,
  REFERRAL_TOO_LONG,
} from "./application-fields";

export * from "./application-fields";

const required = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

const choice = <T extends string>(values: [T, ...T[]], message: string) =>
  z.enum(values, { errorMap: () => ({ message }) });

const PH_MOBILE = /^(09|\+639)\d{9}$/;

const rest = {
  mobile: required(APPLICATION_MESSAGES.mobile)
    .transform(cleanPhoneInput)
    .pipe(z.string().regex(PH_MOBILE, PHONE_INVALID))
    .transform(normalizePhilippineMobile),
  // Any city or municipality of the data, stored as "{city}, {province}" (an older client's option too).
  city: required(APPLICATION_MESSAGES.city).transform((text, ctx) => {
    const city = applicationCity(text);
    if ("value" in city) return city.value;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: city.problem });
    return z.NEVER;
  }),
  hasMotorcycle: choice(["yes", "no"], APPLICATION_MESSAGES.hasMotorcycle),
  referralCode: safeText(
    z.string().trim().max(REFERRAL_MAX, REFERRAL_TOO_LONG),
    word("server.validation.field.referralCode"),
  ).optional(),
};

const name = (missing: string, label: MessageDescriptor) =>
  required(missing).pipe(safeText(z.string().max(NAME_MAX, NAME_MESSAGES.tooLong), label));

/** The form as it is now: first and last name apart. */
const withNames = z
  .object({
    firstName: name(NAME_MESSAGES.firstName, word("server.auth.field.firstName")),
    lastName: name(NAME_MESSAGES.lastName, word("server.auth.field.lastName")),
    ...rest,
  })
  .transform((value) => ({
    ...value,
    fullName: `${value.firstName} ${value.lastName}`,
  }));

/** An older client's single `fullName` (as the form once asked it): split at the last word. */
const withFullName = z
  .object({
    fullName: required(APPLICATION_MESSAGES.fullName).pipe(
      safeText(z.string().max(FULL_NAME_MAX, FULL_NAME_TOO_LONG), word("server.validation.field.fullName")),
    ),
    ...rest,
  })
  .transform((value) => {
    const names = namesFrom(value.fullName);
    return { ...value, firstName: names.firstName, lastName: names.lastName };
  });

const sendsFullName = (input: unknown) =>
  typeof input === "object" &&
  input !== null &&
  "fullName" in input &&
  !("firstName" in input) &&
  !("lastName" in input);

/**
 * The rider application, checked the same way by the page and by `POST /api/rider-applications`.
 * Its messages come first, in a fixed order (the name asked as first and last name); then, as
 * the co-op texts the applicant (docs/guide/people-and-access.md#becoming-a-rider), the mobile
 * must be a Philippine mobile, normalised to +639XXXXXXXXX as sign-in does.
 */
export const riderApplicationSchema = z.unknown().transform((input, ctx) => {
  const parsed = sendsFullName(input) ? withFullName.safeParse(input) : withNames.safeParse(input);
  if (parsed.success) return parsed.data as RiderApplication;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ ...issue, code: z.ZodIssueCode.custom, message: issue.message });
  return z.NEVER;
});

export interface RiderApplication {
  firstName: string;
  /** Null only from an older client's one-word full name. */
  lastName: string | null;
  fullName: string;
  mobile: string;
  /** "{city}, {province}", as the city data names it. */
  city: string;
  hasMotorcycle: "yes" | "no";
  referralCode?: string;
}
