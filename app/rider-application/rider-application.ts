import { z } from "zod";
import { safeText } from "~/validation/text";
import { cleanPhoneInput, normalizePhilippineMobile, PHONE_INVALID } from "~/auth/auth-schemas";
import { APPLICATION_CITIES, APPLICATION_MESSAGES, FULL_NAME_TOO_LONG, REFERRAL_TOO_LONG } from "./application-fields";

export * from "./application-fields";

type CityValue = (typeof APPLICATION_CITIES)[number]["value"];
const CITY_VALUES = APPLICATION_CITIES.map((c) => c.value) as [CityValue, ...CityValue[]];

const required = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

const choice = <T extends string>(values: [T, ...T[]], message: string) =>
  z.enum(values, { errorMap: () => ({ message }) });

const PH_MOBILE = /^(09|\+639)\d{9}$/;

/**
 * The rider application, checked the same way by the page and by `POST /api/rider-applications`.
 * The spec's four messages come first; beyond the spec (PRODUCT.md: the co-op texts the applicant)
 * the mobile must be a Philippine mobile, normalised to +639XXXXXXXXX as sign-in does.
 */
export const riderApplicationSchema = z.object({
  fullName: required(APPLICATION_MESSAGES.fullName).pipe(safeText(z.string().max(100, FULL_NAME_TOO_LONG), "Full name")),
  mobile: required(APPLICATION_MESSAGES.mobile)
    .transform(cleanPhoneInput)
    .pipe(z.string().regex(PH_MOBILE, PHONE_INVALID))
    .transform(normalizePhilippineMobile),
  city: choice(CITY_VALUES, APPLICATION_MESSAGES.city),
  hasMotorcycle: choice(["yes", "no"], APPLICATION_MESSAGES.hasMotorcycle),
  referralCode: safeText(z.string().trim().max(32, REFERRAL_TOO_LONG), "Referral code").optional(),
});

export type RiderApplication = z.infer<typeof riderApplicationSchema>;

