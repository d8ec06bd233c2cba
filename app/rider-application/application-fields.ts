import { cleanPhoneInput, PHONE_INVALID } from "~/auth/sign-in-rules";
import { textProblem } from "~/validation/text-rules";

/**
 * The rider application's fields, messages and rules without zod: /become-rider checks them in
 * the browser within its JavaScript budget (decision 0007), and `rider-application.ts` builds the
 * zod schema the server parses with from the same rules (one set of rules and messages).
 */

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

/** The messages of spec section 5, 'Rider application form', word for word. */
export const APPLICATION_MESSAGES = {
  fullName: "Please enter your full name.",
  mobile: "Please enter your mobile number.",
  city: "Please select your city.",
  hasMotorcycle: "Please select if you have a motorcycle.",
} as const;

/** The order in which the fields are checked on submit (spec section 5). */
export const APPLICATION_FIELD_ORDER = ["fullName", "mobile", "city", "hasMotorcycle"] as const;

export type ApplicationField = (typeof APPLICATION_FIELD_ORDER)[number] | "referralCode";

export const FULL_NAME_MAX = 100;
export const FULL_NAME_TOO_LONG = "Please keep your name under 100 characters.";
export const REFERRAL_MAX = 32;
export const REFERRAL_TOO_LONG = "Referral codes are at most 32 characters.";
const PH_MOBILE = /^(09|\+639)\d{9}$/;

/** Each rule: the message of the first check a (raw, untrimmed) value fails, or null. */
export const APPLICATION_RULES: Record<ApplicationField, (value: string) => string | null> = {
  fullName(value) {
    const name = value.trim();
    if (!name) return APPLICATION_MESSAGES.fullName;
    if (name.length > FULL_NAME_MAX) return FULL_NAME_TOO_LONG;
    return textProblem("Full name", name);
  },
  mobile(value) {
    if (!value.trim()) return APPLICATION_MESSAGES.mobile;
    return PH_MOBILE.test(cleanPhoneInput(value.trim())) ? null : PHONE_INVALID;
  },
  city: (value) => (APPLICATION_CITIES.some((city) => city.value === value) ? null : APPLICATION_MESSAGES.city),
  hasMotorcycle: (value) => (value === "yes" || value === "no" ? null : APPLICATION_MESSAGES.hasMotorcycle),
  referralCode(value) {
    const code = value.trim();
    if (code.length > REFERRAL_MAX) return REFERRAL_TOO_LONG;
    return textProblem("Referral code", code);
  },
};

/** Every field's problem (fields without one are absent), as the form shows them. */
export function applicationProblems(values: Partial<Record<ApplicationField, string>>): Partial<Record<ApplicationField, string>> {
  const problems: Partial<Record<ApplicationField, string>> = {};
  for (const field of Object.keys(APPLICATION_RULES) as ApplicationField[]) {
    const problem = APPLICATION_RULES[field](values[field] ?? "");
    if (problem) problems[field] = problem;
  }
  return problems;
}

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
