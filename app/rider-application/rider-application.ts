import { z } from "zod";
import { safeText } from "~/validation/text";
import { cleanPhoneInput, normalizePhilippineMobile, PHONE_INVALID } from "~/auth/auth-schemas";

/** City options of the rider application (spec section 3), value and label. */
export const APPLICATION_CITIES = [
  { value: "manila", label: "Manila" },
  { value: "quezon-city", label: "Quezon City" },
  { value: "makati", label: "Makati" },
  { value: "taguig", label: "Taguig" },
  { value: "pasig", label: "Pasig" },
  { value: "mandaluyong", label: "Mandaluyong" },
  { value: "cebu", label: "Cebu City" },
  { value: "davao", label: "Davao City" },
] as const;

type CityValue = (typeof APPLICATION_CITIES)[number]["value"];
const CITY_VALUES = APPLICATION_CITIES.map((c) => c.value) as [CityValue, ...CityValue[]];

/** The messages of spec section 5, 'Rider application form', word for word. */
export const APPLICATION_MESSAGES = {
  fullName: "Please enter your full name.",
  mobile: "Please enter your mobile number.",
  city: "Please select your city.",
  hasMotorcycle: "Please select if you have a motorcycle.",
} as const;

/** The order in which the fields are checked on submit (spec section 5). */
export const APPLICATION_FIELD_ORDER = ["fullName", "mobile", "city", "hasMotorcycle"] as const;

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
  fullName: required(APPLICATION_MESSAGES.fullName).pipe(safeText(z.string().max(100, "Please keep your name under 100 characters."), "Full name")),
  mobile: required(APPLICATION_MESSAGES.mobile)
    .transform(cleanPhoneInput)
    .pipe(z.string().regex(PH_MOBILE, PHONE_INVALID))
    .transform(normalizePhilippineMobile),
  city: choice(CITY_VALUES, APPLICATION_MESSAGES.city),
  hasMotorcycle: choice(["yes", "no"], APPLICATION_MESSAGES.hasMotorcycle),
  referralCode: safeText(z.string().trim().max(32, "Referral codes are at most 32 characters."), "Referral code").optional(),
});

export type RiderApplication = z.infer<typeof riderApplicationSchema>;

/** The first failing check in the spec's order, given the field errors of a submission. */
export function firstApplicationError(errors: Record<string, string[] | null | undefined> | null | undefined): string | null {
  if (!errors) return null;
  for (const field of [...APPLICATION_FIELD_ORDER, "referralCode"]) {
    const messages = errors[field];
    if (messages && messages.length > 0) return messages[0] ?? null;
  }
  for (const messages of Object.values(errors)) if (messages && messages.length > 0) return messages[0] ?? null;
  return null;
}

export const APPLICATION_SUBMITTED = {
  title: "Application Submitted!",
  description: "Our team will contact you within 1-2 business days. Salamat!",
} as const;
