/**
 * The sign-in wizard's field rules with the spec's messages (section 5), without zod: the
 * landing page checks them in the browser within its JavaScript budget (decision 0007), and
 * `auth-schemas.ts` builds the zod schemas the server parses with from the same functions.
 * Each returns the message of the first rule a value breaks, or null.
 */
export const PHONE_TOO_SHORT = "Phone number must be at least 10 digits";
export const PHONE_INVALID = "Please enter a valid Philippine phone number (e.g., 09171234567)";
export const PHONE_MISSING = "Please enter a phone number";
export const OTP_LENGTH = "OTP must be 6 digits";
export const OTP_DIGITS = "OTP must contain only numbers";
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

export const nameRule = (requiredMessage: string, label: string) => (value: string) => {
  const name = value.trim();
  if (!name) return requiredMessage;
  return name.length > NAME_MAX_LENGTH ? `${label} must be at most ${NAME_MAX_LENGTH} characters` : null;
};
export const firstNameProblem = nameRule("First name is required", "First name");
export const lastNameProblem = nameRule("Last name is required", "Last name");
