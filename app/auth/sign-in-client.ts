import { ApiError, apiRequest } from "~/http/api-client";
import type { UserView } from "./user-view";
import { loginErrorMessage } from "./identity-errors";

/** Browser-side sign-in calls and the session-storage key of the name step (spec section 3). */
export const PENDING_NAME_TOKEN_KEY = "pending_name_token";
export const EMAIL_FOR_SIGN_IN_KEY = "emailForSignIn";

export type SignInAnswer = Partial<UserView> & { firstName: string | null; lastName: string | null };

/** Both names present: a registered user with a session (spec: Login response). */
export const isRegistered = (answer: SignInAnswer) => Boolean(answer.firstName && answer.lastName);

export const sendSmsCode = (phoneNumber: string, captchaToken?: string) =>
  apiRequest<{ verificationId: string }>("POST", "/api/identity/sms/send", { phoneNumber, captchaToken });

export const confirmSmsCode = (verificationId: string, code: string) =>
  apiRequest<{ idToken: string }>("POST", "/api/identity/sms/verify", { verificationId, code });

export const sendEmailLink = (email: string, captchaToken?: string) =>
  apiRequest<{ ok: true }>("POST", "/api/identity/email/send", { email, captchaToken });

export const confirmEmailLink = (token: string, email: string) =>
  apiRequest<{ idToken: string }>("POST", "/api/identity/email/verify", { token, email });

export const exchangeToken = (provider: "phone" | "email", idToken: string, names?: { firstName: string; lastName: string }) =>
  apiRequest<SignInAnswer>("POST", `/api/auth/${provider}`, { idToken, ...names });

/** The login toast text for a failed call (spec section 8). */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return loginErrorMessage((error.body as { code?: unknown } | null)?.code, error.serverMessage);
  return loginErrorMessage(undefined, error instanceof Error ? error.message : undefined);
}
