/**
 * Failure codes of the identity calls, and the login toasts they map to (spec section 8). The
 * server answers `{ code, message }`; the page shows the spec's message for the code.
 */
export const IDENTITY_ERRORS = {
  "auth/missing-phone-number": "Please enter a phone number",
  "auth/invalid-phone-number": "Invalid phone number format. Please use Philippine format (e.g., 09171234567)",
  "auth/quota-exceeded": "SMS quota exceeded. Please try again later",
  "auth/invalid-verification-code": "Invalid OTP code. Please check and try again",
  "auth/code-expired": "OTP code has expired. Please request a new one",
  "auth/too-many-requests": "Too many attempts. Please try again later",
  "auth/invalid-action-code": "Invalid email sign-in link",
  "auth/missing-email": "Email is required",
  "auth/captcha-failed": "Security check failed. Please try again",
  "auth/invalid-id-token": "Your sign-in has expired. Please sign in again",
  "auth/unavailable": "Sign-in is temporarily unavailable. Please try again later",
} as const;

export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;

export const DEFAULT_LOGIN_ERROR = "An error occurred. Please try again";
