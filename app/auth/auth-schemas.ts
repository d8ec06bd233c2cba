import { z } from "zod";
import { ROLES } from "~/db/enums";
import { LANGUAGES } from "~/i18n/languages";
import { encodeMessage, word, type MessageDescriptor } from "~/i18n/message";
import { safeText } from "~/forms/text";
import {
  cleanPhoneInput,
  EMAIL_MISSING,
  firstNameProblem,
  lastNameProblem,
  OTP_LENGTH,
  otpProblem,
  PHONE_MISSING,
  phoneProblem,
} from "./sign-in-rules";

/**
 * Sign-in and account schemas, shared by the pages and the server, with their messages
 * as message ids (app/i18n/message.ts, encodeMessage). Phone numbers are normalised
 * to +639XXXXXXXXX.
 */
export { cleanPhoneInput, PHONE_INVALID } from "./sign-in-rules";

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

const otpField = z
  .string({ required_error: OTP_LENGTH, invalid_type_error: OTP_LENGTH })
  .superRefine(ruled(otpProblem))
  .transform((code) => code.trim());

/** A name: the rules of sign-in-rules.ts (required, at most 50 characters) and free text, stored trimmed and NFC-normalised. */
const nameField = (requiredMessage: string, problem: (value: string) => string | null, label: MessageDescriptor) =>
  safeText(
    z
      .string({ required_error: requiredMessage, invalid_type_error: requiredMessage })
      .superRefine(ruled(problem))
      .transform((name) => name.trim()),
    label,
  );

const firstNameField = nameField(
  encodeMessage("server.auth.firstNameRequired"),
  firstNameProblem,
  word("server.auth.field.firstName"),
);
const lastNameField = nameField(
  encodeMessage("server.auth.lastNameRequired"),
  lastNameProblem,
  word("server.auth.field.lastName"),
);

export const nameStepSchema = z.object({ firstName: firstNameField, lastName: lastNameField });

const languageField = z.enum(LANGUAGES, {
  errorMap: () => ({ message: encodeMessage("server.auth.languageInvalid") }),
});

const EMAIL_INVALID = encodeMessage("server.auth.emailInvalid");
const emailField = z
  .string({ required_error: EMAIL_MISSING, invalid_type_error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_INVALID)
  .email(EMAIL_INVALID);

/** Settings, Personal Information: email valid or empty (empty clears it). */
export const profileSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: z
    .union([z.literal(""), emailField], { errorMap: () => ({ message: EMAIL_INVALID }) })
    .optional()
    .transform((v) => (v ? v : null)),
  language: languageField.optional(),
});

export const roleSchema = z.object({
  role: z.enum(ROLES, { errorMap: () => ({ message: encodeMessage("server.auth.roleInvalid") }) }),
});

export const deleteAccountSchema = z.object({
  confirm: z.literal(true, { errorMap: () => ({ message: encodeMessage("server.auth.confirmDeletion") }) }),
});

const CAPTCHA_FAILED = encodeMessage("server.auth.captchaFailed");
const captchaToken = z.string({ invalid_type_error: CAPTCHA_FAILED }).max(4096, CAPTCHA_FAILED).optional();
const NO_CONFIRMATION = encodeMessage("server.auth.noConfirmation");
const INVALID_LINK = encodeMessage("server.auth.invalidEmailLink");
const SIGN_IN_EXPIRED = encodeMessage("server.auth.signInExpired");
/** An email the person typed: missing, or not an address. */
const typedEmail = z
  .string({ required_error: EMAIL_MISSING, invalid_type_error: EMAIL_MISSING })
  .trim()
  .min(1, EMAIL_MISSING)
  .pipe(emailField);

/** Bodies of the identity calls (docs/guide/people-and-access.md#sign-in-by-phone). */
export const smsSendBody = z.object({
  phoneNumber: z
    .unknown()
    .transform((v) => (typeof v === "string" ? v : ""))
    .pipe(phoneNumberField),
  captchaToken,
});
export const smsVerifyBody = z.object({
  verificationId: z
    .string({ required_error: NO_CONFIRMATION, invalid_type_error: NO_CONFIRMATION })
    .min(1, NO_CONFIRMATION)
    .max(64, NO_CONFIRMATION),
  code: otpField,
});
export const emailSendBody = z.object({ email: typedEmail, captchaToken });
export const emailVerifyBody = z.object({
  token: z
    .string({ required_error: INVALID_LINK, invalid_type_error: INVALID_LINK })
    .min(1, INVALID_LINK)
    .max(256, INVALID_LINK),
  email: typedEmail,
});
const idTokenField = z
  .string({ required_error: SIGN_IN_EXPIRED, invalid_type_error: SIGN_IN_EXPIRED })
  .min(1, SIGN_IN_EXPIRED)
  .max(4096, SIGN_IN_EXPIRED);
export const authExchangeBody = z.object({
  idToken: idTokenField,
  firstName: firstNameField.optional(),
  lastName: lastNameField.optional(),
});
/** The email-verify page's name step: a new person's names, with the identity token the link gave. */
export const emailVerifyNameForm = nameStepSchema.extend({ idToken: idTokenField });
