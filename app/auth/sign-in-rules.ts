import { encodeMessage, word } from "~/i18n/message";
import { textProblem } from "~/validation/text-rules";

/**
 * The sign-in wizard's field rules with the spec's messages (section 5), without zod: the
 * landing page checks them in the browser within its JavaScript budget (decision 0007), and
 * `auth-schemas.ts` builds the zod schemas the server parses with from the same functions.
 * Each returns the encoded message (app/i18n/message.ts) of the first rule a value breaks, or null;
 * the page shows it with `useMessageText`, the server answers it by its id.
 */
export const PHONE_TOO_SHORT = encodeMessage("server.auth.phoneTooShort");
export const PHONE_INVALID = encodeMessage("server.auth.phoneInvalid");
export const PHONE_MISSING = encodeMessage("server.auth.phoneMissing");
export const OTP_LENGTH = encodeMessage("server.auth.otpLength");
export const OTP_DIGITS = encodeMessage("server.auth.otpDigits");
export const EMAIL_MISSING = encodeMessage("server.auth.emailMissing");
export const NAME_MAX_LENGTH = 50;

const PH_MOBILE = /^(09|\+639)\d{9}$/;

/** Drops spaces and dashes people type; keeps a leading +. */
export const cleanPhoneInput = (value: string) => value.replace(/[\s\-().]/g, "");

export function phoneProblem(value: string): string | null {
  const cleaned = cleanPhoneInput(value);
  if (!cleaned) return PHONE_MISSING;
  if (cleaned.replace(/\D/g, "").length < 10) return PHONE_TOO_SHORT;
  return PH_MOBILE.test(cleaned) ? null : PHONE_INVALID;
}

export function otpProblem(value: string): string | null {
  const code = value.trim();
  if (code.length !== 6) return OTP_LENGTH;
  return /^\d+$/.test(code) ? null : OTP_DIGITS;
}

export const emailMissing = (value: string) => (value.trim() ? null : EMAIL_MISSING);

const NAMES = {
  first: { required: "server.auth.firstNameRequired", tooLong: "server.auth.firstNameTooLong", label: word("server.auth.field.firstName") },
  last: { required: "server.auth.lastNameRequired", tooLong: "server.auth.lastNameTooLong", label: word("server.auth.field.lastName") },
} as const;

const nameRule = (which: keyof typeof NAMES) => (value: string) => {
  const name = value.trim();
  const { required, tooLong, label } = NAMES[which];
  if (!name) return encodeMessage(required);
  if (name.length > NAME_MAX_LENGTH) return encodeMessage(tooLong, { max: NAME_MAX_LENGTH });
  return textProblem(label, name);
};
export const firstNameProblem = nameRule("first");
export const lastNameProblem = nameRule("last");
