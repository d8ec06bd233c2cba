import type { MetaFunction } from "@remix-run/cloudflare";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useMessageText, useT } from "~/i18n/i18n";
import { metaText } from "~/i18n/meta";
import { NameStep } from "./name-step";
import { emailVerifyBody } from "~/auth/auth-schemas";
import type { EmailVerifyStep, emailVerifyLoader } from "./route.server";
import { EMAIL_FOR_SIGN_IN_KEY, PENDING_NAME_TOKEN_KEY } from "~/auth/sign-in-steps";
import type { FormAnswer } from "~/forms/form-action.server";
import { useActionForm } from "~/forms/use-action-form";
import { Brand } from "~/components/brand";
import { Field } from "~/components/field";
import { Spinner } from "~/components/spinner";

/** The page's loader and forms' action (decision 0187): route.server.ts, beside it. */
export { emailVerifyLoader as loader, emailVerifyAction as action } from "./route.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "signIn.emailVerify.title", "Verify your email · Hatid") },
  {
    name: "description",
    content: metaText(matches, "signIn.emailVerify.description", "Finish signing in to Hatid with your emailed link."),
  },
  { name: "robots", content: "noindex" },
];

const REDIRECT_DELAY_MS = 2000;

type Answer = EmailVerifyStep | FormAnswer;
const isStep = (answer: Answer | undefined): answer is EmailVerifyStep => Boolean(answer && "step" in answer);

/**
 * The email sign-in link lands here: the address the link was
 * sent to (kept on this device when it was asked here, else typed), then the names of a new
 * person; once signed in, on to the page the visitor signed in from. Plain forms posted to the
 * route's action; with JavaScript, the address kept on this device is sent at once.
 */
export default function EmailVerify() {
  const { token } = useLoaderData<typeof emailVerifyLoader>();
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const t = useT();
  const text = useMessageText();
  const started = useRef(false);
  const [form, fields] = useActionForm(emailVerifyBody, {
    id: "email-verify",
    lastResult: isStep(answer) ? null : answer,
  });

  const step = isStep(answer) ? answer : null;
  const formAnswer = isStep(answer) ? null : answer;
  const registering = formAnswer?.initialValue?.intent === "register";
  // A refused link or sign-in (not a field to correct) is the page's error.
  const refused = formAnswer?.error?.[""]?.[0] ?? formAnswer?.error?.token?.[0] ?? formAnswer?.error?.idToken?.[0];

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    const stored = localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
    if (stored) submit({ intent: "confirm", token, email: stored }, { method: "post" });
  }, [submit, token]);

  useEffect(() => {
    if (step?.step === "name") sessionStorage.setItem(PENDING_NAME_TOKEN_KEY, step.idToken);
    if (step?.step !== "success") return;
    localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
    sessionStorage.removeItem(PENDING_NAME_TOKEN_KEY);
    const timer = setTimeout(() => window.location.assign(step.redirectTo), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const idToken =
    step?.step === "name" ? step.idToken : registering ? String(formAnswer?.initialValue?.idToken ?? "") : null;
  const error = !token ? t("signIn.emailVerify.invalidLink") : refused ? text(refused) : null;
  const loading = !error && navigation.state !== "idle" && navigation.formData?.get("intent") === "confirm";

  return (
    <main className="centered-page">
      <section className="card narrow-card stack" aria-live="polite">
        <Brand />
        {loading ? (
          <div className="row">
            <Spinner label={t("signIn.emailVerify.verifyingLabel")} />
            <p>{t("signIn.emailVerify.verifying")}</p>
          </div>
        ) : error ? (
          <>
            <h1>{t("signIn.emailVerify.failedHeading")}</h1>
            <p>{error}</p>
            <Link to="/" className="button">
              {t("signIn.emailVerify.backHome")}
            </Link>
          </>
        ) : step?.step === "success" ? (
          <>
            {/* Without JavaScript, on to the page after the same pause. */}
            <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=${step.redirectTo}`} />
            <p className="success-text">{t("signIn.emailVerify.success")}</p>
          </>
        ) : idToken !== null ? (
          <NameStep idToken={idToken} busy={navigation.state !== "idle"} lastResult={registering ? formAnswer : null} />
        ) : (
          <Form method="post" {...getFormProps(form)} className="stack">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={token ?? ""} />
            <p>{t("signIn.emailVerify.confirmEmail")}</p>
            <Field id={fields.email.id} label={t("signIn.email")} errors={fields.email.errors?.map((e) => text(e))}>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
            </Field>
            <button type="submit" className="button">
              {t("signIn.emailVerify.continue")}
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}
