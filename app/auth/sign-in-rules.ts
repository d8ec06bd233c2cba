import type { AnyMessageId } from "~/i18n/message";

/**
 * The sign-in wizard's field rules with their messages, without zod: the
 * landing page checks them in the browser within its JavaScript budget (decision 0188), and
 * `auth-schemas.ts` builds the zod schemas the server parses with from the same functions.
 * Each returns the encoded message (app/i18n/message.ts, `encodeMessage`: an id alone, or an id with
 * its values) of the first rule a value breaks, or null; the page shows it with `useMessageText`,
 * the server answers it by its id. Written out rather than encoded here: this file is on the
 * landing page, within its budget.
 */
const PHONE_TOO_SHORT = "server.auth.phoneTooShort" satisfies AnyMessageId;
export const PHONE_INVALID = "server.auth.phoneInvalid" satisfies AnyMessageId;
export const PHONE_MISSING = "server.auth.phoneMissing" satisfies AnyMessageId;
export const OTP_LENGTH = "server.auth.otpLength" satisfies AnyMessageId;
const OTP_DIGITS = "server.auth.otpDigits" satisfies AnyMessageId;
export const EMAIL_MISSING = "server.auth.emailMissing" satisfies AnyMessageId;
const NAME_MAX_LENGTH = 50;

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

/** A name's rules: required, at most 50 characters (the server also applies the free-text rule, auth-schemas.ts). */
const nameRule = (which: "first" | "last") => (value: string) => {
  const name = value.trim();
  if (!name) return `server.auth.${which}NameRequired`;
  return name.length > NAME_MAX_LENGTH ? `server.auth.${which}NameTooLong|{"max":${NAME_MAX_LENGTH}}` : null;
};
export const firstNameProblem = nameRule("first");
export const lastNameProblem = nameRule("last");
