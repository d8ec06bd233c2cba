/**
 * A step of the sign-in wizard and what it needs: what the form action answers when a step is
 * refused (app/routes/sign-in/route.server.ts), and what the page shows of a sign-in under way (the
 * progress cookie, app/auth/sign-in-progress.server.ts).
 */
export type SignInStep =
  | { step: "phone"; phoneNumber?: string }
  | { step: "otp"; phoneNumber: string; verificationId: string }
  | { step: "name"; idToken: string }
  | { step: "email" }
  | { step: "email-sent"; email: string };

export type SignInAnswer = SignInStep & {
  /** The step's sign-in error: a toast with JavaScript, a message in the form without. */
  error?: string;
  /** Field errors of the step's form, by field name. */
  fieldErrors?: Record<string, string>;
  /** What the visitor typed, to fill the form again after an error. */
  values?: Record<string, string>;
};

/**
 * The wizard's form action, which every step posts to (app/routes/sign-in/route.tsx), carrying the page
 * to come back to once signed in (a path of this site; home when there is none).
 */
export function signInPath(redirectTo?: string | null): string {
  return redirectTo && redirectTo !== "/" ? `/sign-in?${new URLSearchParams({ redirectTo })}` : "/sign-in";
}

export const SIGN_IN_INTENTS = [
  "send-code",
  "resend",
  "change-number",
  "verify",
  "register",
  "use-email",
  "use-phone",
  "send-link",
] as const;
export type SignInIntent = (typeof SIGN_IN_INTENTS)[number];

/** Browser storage keys of the sign-in (docs/guide/people-and-access.md#identity-tokens). */
export const PENDING_NAME_TOKEN_KEY = "pending_name_token";
export const EMAIL_FOR_SIGN_IN_KEY = "emailForSignIn";
