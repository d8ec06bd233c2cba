import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { BRAND_NAME } from "~/components/brand";
import { messageText } from "~/http/api.server";
import { issueMessage, isRefusal } from "~/http/refusal";
import { languageOf } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { message, type AnyMessageId, type MessageValues } from "~/i18n/message";
import { flashToastHeader } from "~/toast/toast.server";
import { emailSendBody, nameStepSchema, phoneStepSchema, smsVerifyBody } from "./auth-schemas";
import { confirmSmsCode, issueIdentityToken, verifyIdentityToken } from "./identity.server";
import { openSessionFor, sendSignInCode, sendSignInLink } from "./sign-in.server";
import { SIGN_IN_INTENTS, type SignInAnswer, type SignInIntent, type SignInStep } from "./sign-in-steps";

/**
 * The sign-in wizard as a form action (POST /, the signed-out landing page): phone number, code,
 * names for a new person, then a session and a redirect home. It works with plain HTML forms (no
 * JavaScript); the wizard's JavaScript submits the same forms. The steps carry what they need in
 * hidden fields: the number and the verification id on the code step, the identity token on the
 * name step (the same values the JSON identity API hands to the page).
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const intentOf = (form: FormData): SignInIntent | null => {
  const intent = text(form, "intent");
  return (SIGN_IN_INTENTS as readonly string[]).includes(intent) ? (intent as SignInIntent) : null;
};

/** A message in the visitor's language: the answer carries text, said the way the page shows it. */
type Say = (id: AnyMessageId, values?: MessageValues) => string;
const sayIn = (language: Language): Say => (id, values) => messageText(language, message(id, values));

/** Each field's first problem, in the visitor's language. */
const fieldErrorsIn = (language: Language) => (error: z.ZodError) =>
  Object.fromEntries(error.issues.map((issue) => [String(issue.path[0] ?? ""), messageText(language, issueMessage(issue))]).reverse());

type Answer = (body: SignInAnswer, status?: number) => ReturnType<typeof data<SignInAnswer>>;
const answer: Answer = (body, status = 200) => data(body, { status });

export async function signInFormAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const language = languageOf(request);
  const say = sayIn(language);
  const fieldErrorsOf = fieldErrorsIn(language);
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
      return identityStep(language, current, () => sendCode(request, env, say, parsed.data.phoneNumber, captchaToken));
    }
    case "verify": {
      const phoneNumber = phoneOrUndefined(text(form, "phoneNumber")) ?? "";
      const otpStep: SignInStep = { step: "otp", phoneNumber, verificationId: text(form, "verificationId").slice(0, 64) };
      const parsed = smsVerifyBody.safeParse({ verificationId: text(form, "verificationId"), code: text(form, "code") });
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        if (fieldErrors.code) return answer({ ...otpStep, fieldErrors: { code: fieldErrors.code } }, 400);
        return answer({ step: "phone", phoneNumber, error: say("server.auth.noConfirmation") }, 400);
      }
      return identityStep(language, otpStep, () => verifyCode(request, env, say, parsed.data.verificationId, parsed.data.code));
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
        return answer({ step: "name", idToken, values, error: say("server.auth.registrationFailed") }, 400);
      }
    }
    case "send-link": {
      const values = { email: text(form, "email").slice(0, 300) };
      const parsed = emailSendBody.pick({ email: true }).safeParse(values);
      if (!parsed.success) return answer({ step: "email", values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      return identityStep(language, { step: "email", values }, () => sendLink(request, env, parsed.data.email, captchaToken));
    }
    default:
      return answer({ step: "phone", error: say("server.auth.failed") }, 400);
  }
}

/** A number typed earlier, kept when the visitor goes back a step (only a valid one). */
function phoneOrUndefined(value: string) {
  const parsed = phoneStepSchema.safeParse({ phoneNumber: value });
  return parsed.success ? parsed.data.phoneNumber : undefined;
}

/** Runs an identity call; its Refusal becomes the spec's message, in the visitor's language, on the step it came from. */
async function identityStep(language: Language, current: SignInAnswer, call: () => Promise<Response | SignInAnswer>) {
  try {
    const next = await call();
    return next instanceof Response ? next : answer(next);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return answer({ ...current, error: messageText(language, error.descriptor) }, error.status);
  }
}

async function sendCode(request: Request, env: Env, say: Say, phoneNumber: string, captchaToken: string | undefined): Promise<SignInAnswer> {
  const { verificationId } = await sendSignInCode(request, env, phoneNumber, captchaToken);
  return { step: "otp", phoneNumber, verificationId, toast: { title: say("server.auth.otpSent"), description: say("server.auth.otpSentTo", { phoneNumber }) } };
}

async function verifyCode(request: Request, env: Env, say: Say, verificationId: string, code: string): Promise<Response | SignInAnswer> {
  const db = getDb(env.DB);
  const verification = await confirmSmsCode(db, { verificationId, code, secret: env.SESSION_SECRET });
  const idToken = await issueIdentityToken(env, verification);
  const claims = await verifyIdentityToken(env, idToken);
  const opened = await openSessionFor(request, db, claims, {});
  if (opened) return signedIn(request, opened.setCookie, !opened.firstSignIn, languageOf(request, opened.user));
  return { step: "name", idToken, toast: { title: say("server.auth.otpVerified"), description: say("server.auth.enterName") } };
}

async function sendLink(request: Request, env: Env, email: string, captchaToken: string | undefined): Promise<SignInAnswer> {
  await sendSignInLink(request, env, email, captchaToken);
  return { step: "email-sent", email };
}

/** Home with the session cookie and the spec's success toast (shown by the root after the redirect). */
async function signedIn(request: Request, sessionCookie: string, welcomeBack: boolean, language: Language) {
  const say = sayIn(language);
  const headers = new Headers({ "Set-Cookie": sessionCookie });
  const description = welcomeBack ? say("server.auth.welcomeBack") : say("server.auth.welcome", { brand: BRAND_NAME });
  headers.append("Set-Cookie", await flashToastHeader(request, { title: say("server.auth.loginSuccessful"), description }));
  return redirect("/", { headers });
}
