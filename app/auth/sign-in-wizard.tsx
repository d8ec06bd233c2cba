import { useFetcher, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from "react";
import { Field } from "~/components/field";
import { toast } from "~/toast/toast-store";
import { useMessageText, useT } from "~/i18n/i18n";
import { emailMissing, firstNameProblem, lastNameProblem, otpProblem, phoneProblem } from "./sign-in-rules";
import { EMAIL_FOR_SIGN_IN_KEY, PENDING_NAME_TOKEN_KEY, type SignInAnswer, type SignInIntent } from "./sign-in-steps";

/** The wizard's form action (app/routes/sign-in.tsx, app/auth/sign-in-form.server.ts). */
const ACTION = "/sign-in";

type Fetcher = FetcherWithComponents<SignInAnswer>;

type Check = (value: string) => string | null;

/**
 * The phone sign-in wizard (spec sections 2, 4 and 5): phone, then the 6-digit code, then the
 * names for a new person, then home. Or a sign-in link by email. Every step is a plain form posted
 * to /sign-in, so it works without JavaScript (the answer comes back as the /sign-in page, passed
 * here as `initialAnswer`); with JavaScript the same forms go through a fetcher without a page
 * load, fields are checked on blur, and messages become toasts.
 */
export function SignInWizard({ turnstileSiteKey, initialAnswer }: { turnstileSiteKey?: string | null; initialAnswer?: SignInAnswer }) {
  const fetcher = useFetcher<SignInAnswer>({ key: "sign-in" });
  const answer = fetcher.data ?? initialAnswer;
  const hydrated = useHydrated();
  const state: SignInAnswer = answer ?? { step: "phone" };
  const pendingToken = state.step === "name" ? state.idToken : null;
  const sentTo = state.step === "email-sent" ? state.email : null;

  const t = useT();
  useEffect(() => {
    if (answer?.error) toast({ variant: "destructive", title: t("signIn.error"), description: answer.error });
    else if (answer?.toast) toast(answer.toast);
  }, [answer]);

  // Spec section 3: the identity token waits in session storage during the name step.
  useEffect(() => {
    if (!pendingToken) return;
    sessionStorage.setItem(PENDING_NAME_TOKEN_KEY, pendingToken);
    return () => sessionStorage.removeItem(PENDING_NAME_TOKEN_KEY);
  }, [pendingToken]);

  // The email-verify page reads the address back when the link is opened on this device.
  useEffect(() => {
    if (sentTo) localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, sentTo);
  }, [sentTo]);

  // Without JavaScript there are no toasts: the message is written into the form.
  const message = !hydrated && state.error ? state.error : null;
  const props = { fetcher, answer: state, message, turnstileSiteKey: turnstileSiteKey ?? null };
  return (
    <div className="sign-in" aria-live="polite">
      <StepForm key={stepKey(answer)} {...props} />
    </div>
  );
}

/** A fresh form (typed values, client errors) for every answer of the action. */
const answerKeys = new WeakMap<object, number>();
let nextAnswerKey = 1;
function stepKey(answer: SignInAnswer | undefined) {
  if (!answer) return 0;
  if (!answerKeys.has(answer)) answerKeys.set(answer, nextAnswerKey++);
  return answerKeys.get(answer);
}

function StepForm({
  fetcher,
  answer,
  message,
  turnstileSiteKey,
}: {
  fetcher: Fetcher;
  answer: SignInAnswer;
  message: string | null;
  turnstileSiteKey: string | null;
}) {
  const t = useT();
  const values = answer.values ?? {};
  const form = { fetcher, answer, message, siteKey: turnstileSiteKey };
  switch (answer.step) {
    case "phone": {
      const typed = values.phoneNumber ?? (answer.phoneNumber ? `0${answer.phoneNumber.slice(3)}` : "");
      return (
        <WizardForm checks={{ phoneNumber: phoneProblem }} checkedIntents={["send-code"]} {...form}>
          {(field, busy) => (
            <>
              <Field {...field("phoneNumber")} label={t("signIn.mobileNumber")} hint={t("signIn.mobileHint")}>
                <input
                  {...field("phoneNumber").inputProps}
                  type="tel"
                  required
                  defaultValue={typed}
                  placeholder="09171234567"
                  autoComplete="tel-national"
                  inputMode="tel"
                />
              </Field>
              <SubmitButton intent="send-code" busy={busy} busyLabel={t("signIn.sending")}>
                {t("signIn.sendOtp")}
              </SubmitButton>
              <SubmitButton intent="use-email" busy={null} className="link-button">
                {t("signIn.useEmail")}
              </SubmitButton>
            </>
          )}
        </WizardForm>
      );
    }
    case "otp":
      return (
        <WizardForm checks={{ code: otpProblem }} checkedIntents={["verify"]} {...form}>
          {(field, busy) => (
            <>
              <input type="hidden" name="phoneNumber" value={answer.phoneNumber} />
              <input type="hidden" name="verificationId" value={answer.verificationId} />
              <p className="muted">{t("signIn.codeSentTo", { phoneNumber: answer.phoneNumber })}</p>
              <Field {...field("code")} label={t("signIn.otpCode")}>
                <input
                  {...field("code").inputProps}
                  type="text"
                  required
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="123456"
                  className="otp-input"
                />
              </Field>
              <SubmitButton intent="verify" busy={busy} busyLabel={t("signIn.verifying")}>
                {t("signIn.verifyOtp")}
              </SubmitButton>
              <div className="row">
                <SubmitButton intent="change-number" busy={busy} className="button button-secondary">
                  {t("signIn.changeNumber")}
                </SubmitButton>
                <SubmitButton intent="resend" busy={busy} className="button button-secondary">
                  {t("signIn.resendOtp")}
                </SubmitButton>
              </div>
            </>
          )}
        </WizardForm>
      );
    case "name":
      return (
        <WizardForm
          checks={{ firstName: firstNameProblem, lastName: lastNameProblem }}
          checkedIntents={["register"]}
          {...form}
        >
          {(field, busy) => (
            <>
              <input type="hidden" name="idToken" value={answer.idToken} />
              <p className="muted">{t("signIn.welcomeNames")}</p>
              <Field {...field("firstName")} label={t("signIn.firstName")}>
                <input {...field("firstName").inputProps} type="text" required autoComplete="given-name" maxLength={50} defaultValue={values.firstName} />
              </Field>
              <Field {...field("lastName")} label={t("signIn.lastName")}>
                <input {...field("lastName").inputProps} type="text" required autoComplete="family-name" maxLength={50} defaultValue={values.lastName} />
              </Field>
              <SubmitButton intent="register" busy={busy} busyLabel={t("signIn.saving")}>
                {t("signIn.completeRegistration")}
              </SubmitButton>
            </>
          )}
        </WizardForm>
      );
    case "email":
      return (
        <WizardForm checks={{ email: emailMissing }} checkedIntents={["send-link"]} {...form}>
          {(field, busy) => (
            <>
              <Field {...field("email")} label={t("signIn.email")} hint={t("signIn.emailHint")}>
                <input {...field("email").inputProps} type="email" required autoComplete="email" placeholder="you@example.com" defaultValue={values.email} />
              </Field>
              <SubmitButton intent="send-link" busy={busy} busyLabel={t("signIn.sending")}>
                {t("signIn.emailMe")}
              </SubmitButton>
              <SubmitButton intent="use-phone" busy={null} className="link-button">
                {t("signIn.usePhone")}
              </SubmitButton>
            </>
          )}
        </WizardForm>
      );
    case "email-sent":
      return (
        <fetcher.Form method="post" action={ACTION} className="stack">
          <p>{t("signIn.linkSent", { email: answer.email })}</p>
          <SubmitButton intent="use-phone" busy={null} className="button button-secondary">
            {t("signIn.usePhone")}
          </SubmitButton>
        </fetcher.Form>
      );
  }
}

type FieldOf = (name: string) => {
  id: string;
  errors?: string[];
  inputProps: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string };
};

/**
 * One step's form. Checks its fields the way conform does elsewhere (first on blur, then on every
 * input, all of them on submit) with the same rules the server applies; the server's own field
 * errors come with the answer. The captcha token, when Turnstile is configured, is added on submit.
 */
function WizardForm({
  fetcher,
  checks,
  checkedIntents,
  answer,
  message,
  siteKey,
  children,
}: {
  fetcher: Fetcher;
  checks: Record<string, Check>;
  checkedIntents: SignInIntent[];
  answer: SignInAnswer;
  message: string | null;
  siteKey: string | null;
  children: (field: FieldOf, busy: SignInIntent | null) => ReactNode;
}) {
  const t = useT();
  const messageText = useMessageText();
  const busy = fetcher.state === "submitting" ? ((fetcher.formData?.get("intent") as SignInIntent | null) ?? null) : null;
  const [errors, setErrors] = useState<Record<string, string | null>>(answer.fieldErrors ?? {});
  const touched = useRef(new Set<string>());

  const recheck = (target: EventTarget, always: boolean) => {
    const { name, value } = target as HTMLInputElement;
    const check = checks[name];
    if (!check || (!always && !touched.current.has(name))) return;
    touched.current.add(name);
    setErrors((previous) => ({ ...previous, [name]: check(value) }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value as SignInIntent | undefined;
    if (!intent || !checkedIntents.includes(intent)) return;
    const form = event.currentTarget;
    const found = Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, check(String(new FormData(form).get(name) ?? ""))]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return event.preventDefault();
    if (!siteKey || intent === "verify" || intent === "register") return;
    event.preventDefault();
    const formData = new FormData(form, submitter);
    try {
      // Loaded only where Turnstile is configured (production), not on every landing page view.
      const { captchaToken } = await import("./turnstile");
      formData.set("captchaToken", (await captchaToken(siteKey)) ?? "");
    } catch {
      return toast({ variant: "destructive", title: t("signIn.error"), description: messageText("server.auth.captchaFailed") });
    }
    fetcher.submit(formData, { method: "post", action: ACTION });
  }

  const field: FieldOf = (name) => {
    const id = `sign-in-${name}`;
    const problem = errors[name];
    // A rule's message id (checked here) or the server's text (already in the page's language).
    const error = problem ? messageText(problem) : null;
    return {
      id,
      errors: error ? [error] : undefined,
      inputProps: { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined },
    };
  };

  return (
    <fetcher.Form
      method="post"
      action={ACTION}
      className="stack"
      noValidate
      onSubmit={onSubmit}
      onBlur={(event: FocusEvent<HTMLFormElement>) => recheck(event.target, true)}
      onInput={(event) => recheck(event.target, false)}
    >
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      {children(field, busy)}
    </fetcher.Form>
  );
}

function SubmitButton({
  intent,
  busy,
  busyLabel,
  className = "button",
  children,
}: {
  intent: SignInIntent;
  busy: SignInIntent | null;
  busyLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={busy !== null}>
      {busy === intent && busyLabel ? busyLabel : children}
    </button>
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
