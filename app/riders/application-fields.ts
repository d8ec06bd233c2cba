import { cleanPhoneInput, PHONE_INVALID } from "~/auth/sign-in-rules";
import { textProblem } from "~/forms/text-rules";
import { encodeMessage, type MessageDescriptor, word } from "~/i18n/message";
import { cityNamedBy, searchCities } from "~/places/cities";
import { LEGACY_APPLICATION_CITIES } from "./legacy-cities.data";

/**
 * The rider application's fields, messages and rules as plain functions, from which
 * `rider-application.ts` builds the zod schema the API and /become-rider's form action parse with
 * (one set of rules and messages; the page itself checks nothing in the browser, decision 0188).
 */

/** How a stored application's city reads: an older option's place, else the value itself. */
export const applicationCityLabel = (value: string): string => LEGACY_APPLICATION_CITIES[value] ?? value;

/** The applicant's city as "{city}, {province}", or the message saying why the text is not one. */
export function applicationCity(text: string): { value: string } | { problem: string } {
  const typed = text.trim();
  if (!typed) return { problem: APPLICATION_MESSAGES.city };
  const legacy = LEGACY_APPLICATION_CITIES[typed];
  if (legacy) return { value: legacy };
  const named = cityNamedBy(typed);
  if (named) return { value: named };
  const places = searchCities(typed, 4).groups.flatMap((group) => group.values);
  const city = typed.slice(0, 60);
  if (places.length === 0) return { problem: encodeMessage("server.applications.cityUnknown", { city }) };
  return { problem: encodeMessage("server.applications.cityAmbiguous", { city, places: places.join("; ") }) };
}

/** The rider application form's messages (their exact words in the English catalog), encoded. */
export const APPLICATION_MESSAGES = {
  fullName: encodeMessage("server.applications.fullName"),
  mobile: encodeMessage("server.applications.mobile"),
  city: encodeMessage("server.applications.city"),
  hasMotorcycle: encodeMessage("server.applications.hasMotorcycle"),
} as const;

/**
 * The applicant's first and last name, asked separately ("Juan" / "Dela Cruz" is greeted
 * "Welcome, Juan!"), in place of a single full name; an older client's `fullName` is still
 * read (rider-application.ts).
 */
export const NAME_MAX = 50;
export const NAME_MESSAGES = {
  firstName: encodeMessage("server.applications.firstName"),
  lastName: encodeMessage("server.applications.lastName"),
  tooLong: encodeMessage("server.applications.nameTooLong", { max: NAME_MAX }),
} as const;

/** The order in which the fields are checked on submit (the name asked in two). */
const APPLICATION_FIELD_ORDER = ["firstName", "lastName", "mobile", "city", "hasMotorcycle"] as const;

export type ApplicationField = (typeof APPLICATION_FIELD_ORDER)[number] | "referralCode" | "fullName";

export const FULL_NAME_MAX = 100;
export const FULL_NAME_TOO_LONG = encodeMessage("server.applications.fullNameTooLong", { max: FULL_NAME_MAX });
export const REFERRAL_MAX = 32;
export const REFERRAL_TOO_LONG = encodeMessage("server.applications.referralTooLong", { max: REFERRAL_MAX });
const PH_MOBILE = /^(09|\+639)\d{9}$/;

const nameRule = (missing: string, label: MessageDescriptor) => (value: string) => {
  const name = value.trim();
  if (!name) return missing;
  if (name.length > NAME_MAX) return NAME_MESSAGES.tooLong;
  return textProblem(label, name);
};

/** Each rule: the message of the first check a (raw, untrimmed) value fails, or null. */
const APPLICATION_RULES: Record<Exclude<ApplicationField, "fullName">, (value: string) => string | null> = {
  firstName: nameRule(NAME_MESSAGES.firstName, word("server.auth.field.firstName")),
  lastName: nameRule(NAME_MESSAGES.lastName, word("server.auth.field.lastName")),
  mobile(value) {
    if (!value.trim()) return APPLICATION_MESSAGES.mobile;
    return PH_MOBILE.test(cleanPhoneInput(value.trim())) ? null : PHONE_INVALID;
  },
  city: (value) => {
    const city = applicationCity(value);
    return "problem" in city ? city.problem : null;
  },
  hasMotorcycle: (value) => (value === "yes" || value === "no" ? null : APPLICATION_MESSAGES.hasMotorcycle),
  referralCode(value) {
    const code = value.trim();
    if (code.length > REFERRAL_MAX) return REFERRAL_TOO_LONG;
    return textProblem(word("server.validation.field.referralCode"), code);
  },
};

/** Every field's problem (fields without one are absent), as the form shows them. */
export function applicationProblems(
  values: Partial<Record<ApplicationField, string>>,
): Partial<Record<ApplicationField, string>> {
  const problems: Partial<Record<ApplicationField, string>> = {};
  for (const field of Object.keys(APPLICATION_RULES) as (keyof typeof APPLICATION_RULES)[]) {
    const problem = APPLICATION_RULES[field](values[field] ?? "");
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The first failing check in that order, given the field errors of a submission. */
export function firstApplicationError(
  errors: Record<string, string[] | null | undefined> | null | undefined,
): string | null {
  if (!errors) return null;
  for (const field of ["fullName", ...APPLICATION_FIELD_ORDER, "referralCode"]) {
    const messages = errors[field];
    if (messages && messages.length > 0) return messages[0] ?? null;
  }
  for (const messages of Object.values(errors)) if (messages && messages.length > 0) return messages[0] ?? null;
  return null;
}

/** "Juan dela Cruz" -> first "Juan dela", last "Cruz"; one word -> first name only (an older client's single field). */
export function namesFrom(fullName: string): { firstName: string; lastName: string | null } {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0]!.slice(0, NAME_MAX), lastName: null };
  return { firstName: words.slice(0, -1).join(" ").slice(0, NAME_MAX), lastName: words.at(-1)!.slice(0, NAME_MAX) };
}
