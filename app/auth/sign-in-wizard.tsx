import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field } from "~/components/field";
import { toast } from "~/toast/toast-store";
import { useT } from "~/i18n/i18n";
import { firstNameProblem, lastNameProblem, otpProblem, phoneProblem } from "./sign-in-rules";
import { ACTION, emailMissing, SubmitButton, WizardForm, type Fetcher } from "./wizard-form";
import { EMAIL_FOR_SIGN_IN_KEY, PENDING_NAME_TOKEN_KEY, type SignInAnswer } from "./sign-in-steps";

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

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
