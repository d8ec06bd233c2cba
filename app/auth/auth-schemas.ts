import { z } from "zod";
import { ROLES } from "~/db/enums";
import { LANGUAGES } from "~/i18n/languages";
import { safeText } from "~/validation/text";
import {
  cleanPhoneInput,
  firstNameProblem,
  lastNameProblem,
  OTP_LENGTH,
  otpProblem,
  PHONE_MISSING,
  phoneProblem,
} from "./sign-in-rules";

/**
 * Sign-in and account schemas, shared by the pages and the server, with the spec's messages
 * (section 5). Phone numbers are normalised to +639XXXXXXXXX.
 */
export { cleanPhoneInput, PHONE_INVALID, PHONE_MISSING, PHONE_TOO_SHORT } from "./sign-in-rules";

/** `09171234567` or `+639171234567` -> `+639171234567` (spec: drop a leading 0, prefix +63). */
export function normalizePhilippineMobile(value: string): string {
  const cleaned = cleanPhoneInput(value);
  if (cleaned.startsWith("+63")) return cleaned;
  return `+63${cleaned.replace(/^0/, "")}`;
}

/** A zod check from a rule of sign-in-rules.ts (the browser runs the same function). */
const ruled = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
};

export const phoneNumberField = z
  .string({ required_error: PHONE_MISSING, invalid_type_error: PHONE_MISSING })
  .superRefine(ruled(phoneProblem))
  .transform(normalizePhilippineMobile);

export const phoneStepSchema = z.object({ phoneNumber: phoneNumberField });

export const otpField = z
  .string({ required_error: OTP_LENGTH })
  .superRefine(ruled(otpProblem))
  .transform((code) => code.trim());

const nameField = (requiredMessage: string, label: string, problem: (value: string) => string | null) =>
  safeText(
    z
      .string({ required_error: requiredMessage, invalid_type_error: requiredMessage })
      .superRefine(ruled(problem))
      .transform((name) => name.trim()),
    label,
  );

export const firstNameField = nameField("First name is required", "First name", firstNameProblem);
export const lastNameField = nameField("Last name is required", "Last name", lastNameProblem);

export const nameStepSchema = z.object({ firstName: firstNameField, lastName: lastNameField });

export const languageField = z.enum(LANGUAGES, { errorMap: () => ({ message: "Language must be en or fil" }) });

export const emailField = z.string().trim().toLowerCase().max(254, "Invalid email address").email("Invalid email address");

/** Settings, Personal Information: email valid or empty (empty clears it). */
export const profileSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: z
    .union([z.literal(""), emailField])
    .optional()
    .transform((v) => (v ? v : null)),
  language: languageField.optional(),
});

export const roleSchema = z.object({ role: z.enum(ROLES, { errorMap: () => ({ message: "Role must be user, rider or admin" }) }) });

export const deleteAccountSchema = z.object({
  confirm: z.literal(true, { errorMap: () => ({ message: "Confirm the deletion with confirm=true" }) }),
});

/** Bodies of the identity calls (PRODUCT.md, Sign-in). */
export const smsSendBody = z.object({
  phoneNumber: z.unknown().transform((v) => (typeof v === "string" ? v : "")).pipe(phoneNumberField),
  captchaToken: z.string().max(4096).optional(),
});
export const smsVerifyBody = z.object({
  verificationId: z.string({ required_error: "verificationId is required" }).min(1, "verificationId is required").max(64),
  code: otpField,
});
export const emailSendBody = z.object({
  email: z.string({ required_error: "Email is required" }).trim().min(1, "Email is required").pipe(emailField),
  captchaToken: z.string().max(4096).optional(),
});
export const emailVerifyBody = z.object({
  token: z.string({ required_error: "Invalid email sign-in link" }).min(1, "Invalid email sign-in link").max(256),
  email: z.string({ required_error: "Email is required" }).trim().min(1, "Email is required").pipe(emailField),
});
export const authExchangeBody = z.object({
  idToken: z.string({ required_error: "idToken is required" }).min(1, "idToken is required").max(4096),
  firstName: firstNameField.optional(),
  lastName: lastNameField.optional(),
});
