import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { languageOf } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { translateServerMessage } from "~/i18n/server-messages.server";
import { flashToastHeader } from "~/toast/toast.server";
import { emailSendBody, nameStepSchema, phoneStepSchema, smsVerifyBody } from "./auth-schemas";
import { confirmSmsCode, IdentityError, issueIdentityToken, verifyIdentityToken } from "./identity.server";
import { DEFAULT_LOGIN_ERROR } from "./identity-errors";
import { openSessionFor, sendSignInCode, sendSignInLink } from "./sign-in.server";
import { SIGN_IN_INTENTS, type SignInAnswer, type SignInIntent, type SignInStep } from "./sign-in-steps";

/**
 * The sign-in wizard as a form action (POST /, the signed-out landing page): phone number, code,
 * names for a new person, then a session and a redirect home. It works with plain HTML forms (no
 * JavaScript); the wizard's JavaScript submits the same forms. The steps carry what they need in
 * hidden fields: the number and the verification id on the code step, the identity token on the
 * name step (the same values the JSON identity API hands to the page).
 */

const REGISTRATION_FAILED = "Failed to complete registration";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const intentOf = (form: FormData): SignInIntent | null => {
  const intent = text(form, "intent");
  return (SIGN_IN_INTENTS as readonly string[]).includes(intent) ? (intent as SignInIntent) : null;
};

const fieldErrorsOf = (error: z.ZodError) =>
  Object.fromEntries(error.issues.map((issue) => [String(issue.path[0] ?? ""), issue.message]).reverse());

type Answer = (body: SignInAnswer, status?: number) => ReturnType<typeof data<SignInAnswer>>;

/** Answers in the visitor's language: the messages are written in English and translated here. */
function answerIn(language: Language): Answer {
  const tr = (message: string) => translateServerMessage(message, language);
  return (body, status = 200) => {
    const translated: SignInAnswer = { ...body };
    if (translated.error) translated.error = tr(translated.error);
    if (translated.fieldErrors) {
      translated.fieldErrors = Object.fromEntries(Object.entries(translated.fieldErrors).map(([field, message]) => [field, message && tr(message)]));
    }
    if (translated.toast) {
      translated.toast = { ...translated.toast, title: tr(translated.toast.title), description: translated.toast.description && tr(translated.toast.description) };
    }
    return data(translated, { status });
  };
}

export async function signInFormAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const language = languageOf(request);
  const answer = answerIn(language);
  const form = await request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const captchaToken = text(form, "captchaToken").slice(0, 4096) || undefined;

  switch (intent) {
    case "use-email":
      return answer({ step: "email" });
    case "use-phone":
      return answer({ step: "phone" });
    case "change-number":
      return answer({ step: "phone", phoneNumber: phoneOrUndefined(text(form, "phoneNumber")) });
    case "send-code":
    case "resend": {
      const values = { phoneNumber: text(form, "phoneNumber").slice(0, 40) };
      const parsed = phoneStepSchema.safeParse(values);
      if (!parsed.success) return answer({ step: "phone", values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      const phoneNumber = parsed.data.phoneNumber;
      // A refused resend leaves the visitor on the code step, with the code sent before.
      const current: SignInAnswer =
        intent === "resend"
          ? { step: "otp", phoneNumber, verificationId: text(form, "verificationId").slice(0, 64) }
          : { step: "phone", phoneNumber, values };
      return identityStep(answer, current, () =>
        sendCode(request, env, parsed.data.phoneNumber, captchaToken),
      );
    }
    case "verify": {
      const phoneNumber = phoneOrUndefined(text(form, "phoneNumber")) ?? "";
      const otpStep: SignInStep = { step: "otp", phoneNumber, verificationId: text(form, "verificationId").slice(0, 64) };
      const parsed = smsVerifyBody.safeParse({ verificationId: text(form, "verificationId"), code: text(form, "code") });
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        if (fieldErrors.code) return answer({ ...otpStep, fieldErrors: { code: fieldErrors.code } }, 400);
        return answer({ step: "phone", phoneNumber, error: "No confirmation result. Please request OTP first." }, 400);
      }
      return identityStep(answer, otpStep, () => verifyCode(request, env, parsed.data.verificationId, parsed.data.code));
    }
    case "register": {
      const idToken = text(form, "idToken").slice(0, 4096);
      const values = { firstName: text(form, "firstName").slice(0, 200), lastName: text(form, "lastName").slice(0, 200) };
      const parsed = nameStepSchema.safeParse(values);
      if (!parsed.success) return answer({ step: "name", idToken, values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      try {
        const claims = await verifyIdentityToken(env, idToken);
        const opened = claims.channel === "sms" ? await openSessionFor(request, getDb(env.DB), claims, parsed.data) : null;
        if (!opened) throw new Error("names not saved");
        return signedIn(request, opened.setCookie, false, languageOf(request, opened.user));
      } catch {
        return answer({ step: "name", idToken, values, error: REGISTRATION_FAILED }, 400);
      }
    }
    case "send-link": {
      const values = { email: text(form, "email").slice(0, 300) };
      const parsed = emailSendBody.pick({ email: true }).safeParse(values);
      if (!parsed.success) return answer({ step: "email", values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      return identityStep(answer, { step: "email", values }, () => sendLink(request, env, parsed.data.email, captchaToken));
    }
    default:
      return answer({ step: "phone", error: DEFAULT_LOGIN_ERROR }, 400);
  }
}

/** A number typed earlier, kept when the visitor goes back a step (only a valid one). */
function phoneOrUndefined(value: string) {
  const parsed = phoneStepSchema.safeParse({ phoneNumber: value });
  return parsed.success ? parsed.data.phoneNumber : undefined;
}

/** Runs an identity call; its IdentityError becomes the spec's message on the step it came from. */
async function identityStep(answer: Answer, current: SignInAnswer, call: () => Promise<Response | SignInAnswer>) {
  try {
    const next = await call();
    return next instanceof Response ? next : answer(next);
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    return answer({ ...current, error: error.message }, error.status);
  }
}

async function sendCode(request: Request, env: Env, phoneNumber: string, captchaToken: string | undefined): Promise<SignInAnswer> {
  const { verificationId } = await sendSignInCode(request, env, phoneNumber, captchaToken);
  return { step: "otp", phoneNumber, verificationId, toast: { title: "OTP Sent", description: `We sent a 6-digit code to ${phoneNumber}` } };
}

async function verifyCode(request: Request, env: Env, verificationId: string, code: string): Promise<Response | SignInAnswer> {
  const db = getDb(env.DB);
  const verification = await confirmSmsCode(db, { verificationId, code, secret: env.SESSION_SECRET });
  const idToken = await issueIdentityToken(env, verification);
  const claims = await verifyIdentityToken(env, idToken);
  const opened = await openSessionFor(request, db, claims, {});
  if (opened) return signedIn(request, opened.setCookie, !opened.firstSignIn, languageOf(request, opened.user));
  return { step: "name", idToken, toast: { title: "OTP Verified", description: "Please enter your name" } };
}

async function sendLink(request: Request, env: Env, email: string, captchaToken: string | undefined): Promise<SignInAnswer> {
  await sendSignInLink(request, env, email, captchaToken);
  return { step: "email-sent", email };
}

/** Home with the session cookie and the spec's success toast (shown by the root after the redirect). */
async function signedIn(request: Request, sessionCookie: string, welcomeBack: boolean, language: Language) {
  const tr = (message: string) => translateServerMessage(message, language);
  const headers = new Headers({ "Set-Cookie": sessionCookie });
  headers.append(
    "Set-Cookie",
    await flashToastHeader(request, { title: tr("Login Successful"), description: tr(welcomeBack ? "Welcome back!" : "Welcome to Hatid!") }),
  );
  return redirect("/", { headers });
}
