/**
 * What the landing page's sign-in form action answers (app/auth/sign-in-form.server.ts): the step
 * to show next and what it needs. Without JavaScript the page renders it; with JavaScript the
 * wizard renders the same answer and raises its toasts.
 */
export type SignInStep =
  | { step: "phone"; phoneNumber?: string }
  | { step: "otp"; phoneNumber: string; verificationId: string }
  | { step: "name"; idToken: string }
  | { step: "email" }
  | { step: "email-sent"; email: string };

export type SignInAnswer = SignInStep & {
  /** The spec's login error (section 8): a toast with JavaScript, a message in the form without. */
  error?: string;
  /** Field errors of the step's form, by field name. */
  fieldErrors?: Record<string, string>;
  /** What the visitor typed, to fill the form again after an error. */
  values?: Record<string, string>;
  /** A success toast (OTP Sent, OTP Verified), raised only with JavaScript. */
  toast?: { title: string; description: string };
};

export const SIGN_IN_INTENTS = ["send-code", "resend", "change-number", "verify", "register", "use-email", "use-phone", "send-link"] as const;
export type SignInIntent = (typeof SIGN_IN_INTENTS)[number];

/** Browser storage keys of the sign-in (spec section 3). */
export const PENDING_NAME_TOKEN_KEY = "pending_name_token";
export const EMAIL_FOR_SIGN_IN_KEY = "emailForSignIn";
