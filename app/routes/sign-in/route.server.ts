import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { getDb } from "~/db/client.server";
import { BRAND_NAME } from "~/components/brand";
import { messageText } from "~/http/api.server";
import { issueErrors, isRefusal } from "~/http/refusal";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { message, type AnyMessageId, type MessageValues } from "~/i18n/message";
import { safeReturnPath } from "~/http/return-path";
import { flashToastHeader, type FlashToastInput } from "~/components/toast.server";
import { captchaOf } from "~/auth/captcha.server";
import { getSessionUser } from "~/auth/session.server";
import { emailSendBody, nameStepSchema, phoneStepSchema, smsVerifyBody } from "~/auth/auth-schemas";
import { confirmSmsCode, issueIdentityToken, verifyIdentityToken } from "~/auth/identity.server";
import { openSessionFor, sendSignInCode, sendSignInLink } from "~/auth/sign-in.server";
import { pendingSignInStep, signInProgressHeader, type SignInProgress } from "~/auth/sign-in-progress.server";
import {
  SIGN_IN_INTENTS,
  signInPath,
  type SignInAnswer,
  type SignInIntent,
  type SignInStep,
} from "~/auth/sign-in-steps";

/**
 * The sign-in wizard as a form action (POST /sign-in, from /sign-in and from the landing): phone
 * number, code, names for a new person, then a session and a redirect to the page the visitor
 * came for (`?redirectTo=`, a path of this site; else home). It works with plain HTML forms (no
 * JavaScript). The steps carry what they need in hidden fields: the number and the verification
 * id on the code step, the identity token on the name step (the same values the JSON identity API
 * hands to the page). A step that sends or confirms something redirects to the next step's page
 * and remembers it in the progress cookie (decision 0210), so that reloading that page sends
 * nothing again; a refused step answers the form with its message.
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
const sayIn =
  (language: Language): Say =>
  (id, values) =>
    messageText(language, message(id, values));

/** Each field's first problem (by `issueErrors`, as forms and `/api` bodies), in the visitor's language. */
const fieldErrorsIn = (language: Language) => (error: z.ZodError) =>
  Object.fromEntries(
    Object.entries(issueErrors(error.issues)).map(([field, [first]]) => [field, messageText(language, first!)]),
  );

type Answer = (body: SignInAnswer, status?: number, headers?: HeadersInit) => ReturnType<typeof data<SignInAnswer>>;
const answer: Answer = (body, status = 200, headers) => data(body, { status, headers });

/** The page a signed-in visitor goes to: `?redirectTo=` when it is a path of this site, else home. */
export const redirectToOf = (request: Request) => safeReturnPath(new URL(request.url).searchParams.get("redirectTo"));

/** /sign-in: the step a sign-in under way stands at (decision 0210), and the page to go to once signed in. */
export async function signInPageLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const redirectTo = redirectToOf(request);
  if (await getSessionUser(request, env)) throw redirect(redirectTo);
  return {
    captcha: captchaOf(env),
    pending: await pendingSignInStep(request, env),
    redirectTo,
    i18n: messagesFor(languageOf(request), ["landing", "signIn", "server.auth", "server.validation", "legal.signIn"]),
  };
}

export async function signInFormAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const language = languageOf(request);
  const say = sayIn(language);
  const fieldErrorsOf = fieldErrorsIn(language);
  const form = await request.formData().catch(() => new FormData());
  const intent = intentOf(form);
  const captchaToken = text(form, "captchaToken").slice(0, 4096) || undefined;
  const redirectTo = redirectToOf(request);
  /** The next step's page, remembered (post/redirect/get), with its success toast. */
  const goTo = async (progress: SignInProgress, toast?: FlashToastInput) => {
    const headers = new Headers({ "Set-Cookie": await signInProgressHeader(request, progress) });
    if (toast) headers.append("Set-Cookie", await flashToastHeader(request, toast));
    return redirect(signInPath(redirectTo), { status: 303, headers });
  };
  const forgetProgress = async () => ({ "Set-Cookie": await signInProgressHeader(request, null) });

  switch (intent) {
    case "use-email":
      return answer({ step: "email" }, 200, await forgetProgress());
    case "use-phone":
      return answer({ step: "phone" }, 200, await forgetProgress());
    case "change-number":
      // The code sent stays remembered while valid: the same number typed again finds its code step.
      return answer({ step: "phone", phoneNumber: phoneOrUndefined(text(form, "phoneNumber")) });
    case "send-code":
    case "resend": {
      const values = { phoneNumber: text(form, "phoneNumber").slice(0, 40) };
      const parsed = phoneStepSchema.safeParse(values);
      if (!parsed.success) return answer({ step: "phone", values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      const phoneNumber = parsed.data.phoneNumber;
      // A refused send leaves the visitor on the code step when a code for this number is still
      // waiting here (a resend; Send OTP again, after the back button or a changed mind), else on
      // the step it came from.
      const pending = await pendingSignInStep(request, env);
      const current: SignInAnswer =
        pending?.step === "otp" && pending.phoneNumber === phoneNumber
          ? pending
          : intent === "resend"
            ? { step: "otp", phoneNumber, verificationId: text(form, "verificationId").slice(0, 64) }
            : { step: "phone", phoneNumber, values };
      return identityStep(language, current, async () => {
        const { verificationId } = await sendSignInCode(request, env, phoneNumber, captchaToken);
        return goTo(
          { step: "otp", verificationId },
          { title: say("server.auth.otpSent"), description: say("server.auth.otpSentTo", { phoneNumber }) },
        );
      });
    }
    case "verify": {
      const phoneNumber = phoneOrUndefined(text(form, "phoneNumber")) ?? "";
      const otpStep: SignInStep = {
        step: "otp",
        phoneNumber,
        verificationId: text(form, "verificationId").slice(0, 64),
      };
      const parsed = smsVerifyBody.safeParse({
        verificationId: text(form, "verificationId"),
        code: text(form, "code"),
      });
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        if (fieldErrors.code) return answer({ ...otpStep, fieldErrors: { code: fieldErrors.code } }, 400);
        return answer({ step: "phone", phoneNumber, error: say("server.auth.noConfirmation") }, 400);
      }
      return identityStep(language, otpStep, async () => {
        const verified = await verifyCode(request, env, parsed.data.verificationId, parsed.data.code);
        if (verified.needsNames)
          return goTo(
            { step: "name", idToken: verified.idToken },
            { title: say("server.auth.otpVerified"), description: say("server.auth.enterName") },
          );
        return signedIn(request, verified.setCookie, verified.welcomeBack, verified.language, redirectTo);
      });
    }
    case "register": {
      const idToken = text(form, "idToken").slice(0, 4096);
      const values = {
        firstName: text(form, "firstName").slice(0, 200),
        lastName: text(form, "lastName").slice(0, 200),
      };
      const parsed = nameStepSchema.safeParse(values);
      if (!parsed.success)
        return answer({ step: "name", idToken, values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      try {
        const claims = await verifyIdentityToken(env, idToken);
        const opened =
          claims.channel === "sms" ? await openSessionFor(request, getDb(env.DB), claims, parsed.data) : null;
        if (!opened) throw new Error("names not saved");
        return signedIn(request, opened.setCookie, false, languageOf(request, opened.user), redirectTo);
      } catch {
        return answer({ step: "name", idToken, values, error: say("server.auth.registrationFailed") }, 400);
      }
    }
    case "send-link": {
      const values = { email: text(form, "email").slice(0, 300) };
      const parsed = emailSendBody.pick({ email: true }).safeParse(values);
      if (!parsed.success) return answer({ step: "email", values, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      return identityStep(language, { step: "email", values }, async () => {
        await sendSignInLink(request, env, parsed.data.email, captchaToken, redirectTo);
        return goTo({ step: "email-sent", email: parsed.data.email });
      });
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

/** Runs an identity call; its Refusal becomes its message, in the visitor's language, on the step it came from. */
async function identityStep(language: Language, current: SignInAnswer, call: () => Promise<Response>) {
  try {
    return await call();
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return answer({ ...current, error: messageText(language, error.descriptor) }, error.status);
  }
}

/** Confirms the code: a session for a known person, else the identity token the name step needs. */
async function verifyCode(request: Request, env: Env, verificationId: string, code: string) {
  const db = getDb(env.DB);
  const verification = await confirmSmsCode(db, { verificationId, code, secret: env.SESSION_SECRET });
  const idToken = await issueIdentityToken(env, verification);
  const claims = await verifyIdentityToken(env, idToken);
  const opened = await openSessionFor(request, db, claims, {});
  if (!opened) return { needsNames: true as const, idToken };
  return {
    needsNames: false as const,
    setCookie: opened.setCookie,
    welcomeBack: !opened.firstSignIn,
    language: languageOf(request, opened.user),
  };
}

/**
 * The page the visitor came for (home unless they opened another), with the session cookie and the
 * success toast (shown by the root after the redirect); the sign-in's progress is forgotten.
 */
async function signedIn(
  request: Request,
  sessionCookie: string,
  welcomeBack: boolean,
  language: Language,
  redirectTo: string,
) {
  const say = sayIn(language);
  const headers = new Headers({ "Set-Cookie": sessionCookie });
  const description = welcomeBack ? say("server.auth.welcomeBack") : say("server.auth.welcome", { brand: BRAND_NAME });
  headers.append(
    "Set-Cookie",
    await flashToastHeader(request, { title: say("server.auth.loginSuccessful"), description }),
  );
  headers.append("Set-Cookie", await signInProgressHeader(request, null));
  return redirect(redirectTo, { headers });
}
