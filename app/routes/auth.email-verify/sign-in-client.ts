import { apiRequest } from "~/http/api-client";
import type { UserView } from "~/auth/user-view";

/** Browser-side calls of the email-link sign-in page, and the storage keys of the sign-in (spec section 3). */
export { EMAIL_FOR_SIGN_IN_KEY, PENDING_NAME_TOKEN_KEY } from "~/auth/sign-in-steps";

export type SignInAnswer = Partial<UserView> & { firstName: string | null; lastName: string | null };

/** Both names present: a registered user with a session (spec: Login response). */
export const isRegistered = (answer: SignInAnswer) => Boolean(answer.firstName && answer.lastName);

export const confirmEmailLink = (token: string, email: string) =>
  apiRequest<{ idToken: string }>("POST", "/api/identity/email/verify", { token, email });

export const exchangeToken = (provider: "phone" | "email", idToken: string, names?: { firstName: string; lastName: string }) =>
  apiRequest<SignInAnswer>("POST", `/api/auth/${provider}`, { idToken, ...names });
