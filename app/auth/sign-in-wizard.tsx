import type { ReactNode } from "react";
import { Field } from "~/components/field";
import { useT } from "~/i18n/i18n";
import { signInPath, type SignInAnswer, type SignInIntent } from "./sign-in-steps";
import type { Captcha } from "./turnstile";

/**
 * The phone sign-in wizard: phone, then the 6-digit code, then the
 * names for a new person, then the page the visitor came for (`redirectTo`, else home). Or a
 * sign-in link by email. Rendered on the server only (decision 0188): every step is a plain form
 * posted to /sign-in (app/routes/sign-in/route.server.ts), which redirects to the /sign-in page of
 * the next step with its toast, or answers the step again with its message (`answer`). A sign-in
 * under way is shown at the step it stands at (`answer`, from the progress cookie). The page
 * script app/public/scripts/sign-in.ts keeps what the browser stores (the identity token
 * during the name step, the address a link was sent to) and, where Turnstile is configured, adds
 * the captcha token before a code or link is sent.
 */
export function SignInWizard({
  captcha,
  answer,
  redirectTo,
}: {
  captcha?: Captcha | null;
  answer?: SignInAnswer | null;
  redirectTo?: string;
}) {
  return (
    <div className="sign-in" aria-live="polite">
      <StepForm answer={answer ?? { step: "phone" }} captcha={captcha ?? null} action={signInPath(redirectTo)} />
    </div>
  );
}

function StepForm({ answer, captcha, action }: { answer: SignInAnswer; captcha: Captcha | null; action: string }) {
  const t = useT();
  const values = answer.values ?? {};
  const field = (name: string) => {
    const id = `sign-in-${name}`;
    const error = answer.fieldErrors?.[name];
    return {
      id,
      errors: error ? [error] : undefined,
      inputProps: {
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
      },
    };
  };
  const form = { answer, captcha, action };
  switch (answer.step) {
    case "phone": {
      const typed = values.phoneNumber ?? (answer.phoneNumber ? `0${answer.phoneNumber.slice(3)}` : "");
      return (
        <WizardForm {...form}>
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
          <SubmitButton intent="send-code">{t("signIn.sendOtp")}</SubmitButton>
          <SubmitButton intent="use-email" className="link-button">
            {t("signIn.useEmail")}
          </SubmitButton>
        </WizardForm>
      );
    }
    case "otp":
      return (
        <WizardForm {...form}>
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
          <SubmitButton intent="verify">{t("signIn.verifyOtp")}</SubmitButton>
          <div className="row">
            <SubmitButton intent="change-number" className="button button-secondary">
              {t("signIn.changeNumber")}
            </SubmitButton>
            <SubmitButton intent="resend" className="button button-secondary">
              {t("signIn.resendOtp")}
            </SubmitButton>
          </div>
        </WizardForm>
      );
    case "name":
      return (
        <WizardForm {...form} pendingNameToken={answer.idToken}>
          <input type="hidden" name="idToken" value={answer.idToken} />
          <p className="muted">{t("signIn.welcomeNames")}</p>
          <Field {...field("firstName")} label={t("signIn.firstName")}>
            <input
              {...field("firstName").inputProps}
              type="text"
              required
              autoComplete="given-name"
              maxLength={50}
              defaultValue={values.firstName}
            />
          </Field>
          <Field {...field("lastName")} label={t("signIn.lastName")}>
            <input
              {...field("lastName").inputProps}
              type="text"
              required
              autoComplete="family-name"
              maxLength={50}
              defaultValue={values.lastName}
            />
          </Field>
          <SubmitButton intent="register">{t("signIn.completeRegistration")}</SubmitButton>
        </WizardForm>
      );
    case "email":
      return (
        <WizardForm {...form}>
          <Field {...field("email")} label={t("signIn.email")} hint={t("signIn.emailHint")}>
            <input
              {...field("email").inputProps}
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              defaultValue={values.email}
            />
          </Field>
          <SubmitButton intent="send-link">{t("signIn.emailMe")}</SubmitButton>
          <SubmitButton intent="use-phone" className="link-button">
            {t("signIn.usePhone")}
          </SubmitButton>
        </WizardForm>
      );
    case "email-sent":
      return (
        <form method="post" action={action} className="stack" data-email-sent={answer.email}>
          <p>{t("signIn.linkSent", { email: answer.email })}</p>
          <SubmitButton intent="use-phone" className="button button-secondary">
            {t("signIn.usePhone")}
          </SubmitButton>
        </form>
      );
  }
}

/**
 * One step's form: the server checks its fields (the same rules as the JSON API) and answers
 * with the step again, each field's message under it and the step's error above the fields.
 */
function WizardForm({
  answer,
  captcha,
  action,
  pendingNameToken,
  children,
}: {
  answer: SignInAnswer;
  captcha: Captcha | null;
  action: string;
  pendingNameToken?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      className="stack"
      noValidate
      data-sign-in-step={answer.step}
      data-turnstile-site-key={captcha?.siteKey}
      data-turnstile-script={captcha?.scriptUrl}
      data-pending-name-token={pendingNameToken}
    >
      {answer.error ? (
        <p className="field-error" role="alert">
          {answer.error}
        </p>
      ) : null}
      {children}
    </form>
  );
}

function SubmitButton({
  intent,
  className = "button",
  children,
}: {
  intent: SignInIntent;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" name="intent" value={intent} className={className}>
      {children}
    </button>
  );
}
