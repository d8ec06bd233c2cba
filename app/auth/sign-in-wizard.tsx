import { useNavigate, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Field } from "~/components/field";
import { useSchemaForm } from "~/components/use-schema-form";
import { toast } from "~/toast/toast-store";
import { emailSendBody, otpStepSchema, phoneStepSchema } from "./auth-schemas";
import { NameStep } from "./name-step";
import {
  confirmSmsCode,
  EMAIL_FOR_SIGN_IN_KEY,
  errorMessageOf,
  exchangeToken,
  isRegistered,
  PENDING_NAME_TOKEN_KEY,
  sendEmailLink,
  sendSmsCode,
} from "./sign-in-client";
import { captchaToken } from "./turnstile";

type Step = "phone" | "otp" | "name" | "email" | "email-sent";

const showError = (description: string) => toast({ variant: "destructive", title: "Error", description });

/**
 * The phone sign-in wizard (spec sections 2, 4 and 5): phone, then the 6-digit code, then the
 * names for a new person, then home. Or a sign-in link by email.
 */
export function SignInWizard({ turnstileSiteKey }: { turnstileSiteKey?: string | null }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>("phone");
  const [phoneNumber, setPhoneNumber] = useState("");
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      showError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  }

  function signedIn(welcomeBack: boolean) {
    sessionStorage.removeItem(PENDING_NAME_TOKEN_KEY);
    toast({ title: "Login Successful", description: welcomeBack ? "Welcome back!" : "Welcome to Hatid!" });
    navigate("/", { replace: true });
    revalidator.revalidate();
  }

  const sendCode = (number: string) =>
    run(async () => {
      const { verificationId } = await sendSmsCode(number, await captchaToken(turnstileSiteKey));
      setPhoneNumber(number);
      setVerificationId(verificationId);
      setStep("otp");
      toast({ title: "OTP Sent", description: `We sent a 6-digit code to ${number}` });
    });

  async function verify(code: string) {
    if (!verificationId) {
      showError("No confirmation result. Please request OTP first.");
      return;
    }
    await run(async () => {
      const { idToken } = await confirmSmsCode(verificationId, code);
      const answer = await exchangeToken("phone", idToken);
      if (isRegistered(answer)) return signedIn(true);
      sessionStorage.setItem(PENDING_NAME_TOKEN_KEY, idToken);
      setStep("name");
      toast({ title: "OTP Verified", description: "Please enter your name" });
    });
  }

  async function completeRegistration(names: { firstName: string; lastName: string }) {
    const idToken = sessionStorage.getItem(PENDING_NAME_TOKEN_KEY);
    setBusy(true);
    try {
      if (!idToken) throw new Error("missing token");
      const answer = await exchangeToken("phone", idToken, names);
      if (!isRegistered(answer)) throw new Error("names not saved");
      signedIn(false);
    } catch {
      showError("Failed to complete registration");
    } finally {
      setBusy(false);
    }
  }

  const sendLink = (address: string) =>
    run(async () => {
      await sendEmailLink(address, await captchaToken(turnstileSiteKey));
      localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, address);
      setEmail(address);
      setStep("email-sent");
    });

  return (
    <div className="sign-in" aria-live="polite">
      {step === "phone" ? (
        <PhoneStep busy={busy} defaultValue={phoneNumber} onSubmit={sendCode} onUseEmail={() => setStep("email")} />
      ) : null}
      {step === "otp" ? (
        <OtpStep
          busy={busy}
          phoneNumber={phoneNumber}
          onSubmit={verify}
          onChangeNumber={() => {
            setVerificationId(null);
            setStep("phone");
          }}
          onResend={() => sendCode(phoneNumber)}
        />
      ) : null}
      {step === "name" ? <NameStep busy={busy} onSubmit={completeRegistration} /> : null}
      {step === "email" ? <EmailStep busy={busy} onSubmit={sendLink} onUsePhone={() => setStep("phone")} /> : null}
      {step === "email-sent" ? (
        <div className="stack">
          <p>
            We sent a sign-in link to <strong>{email}</strong>. Open it on this device within 15 minutes.
          </p>
          <button type="button" className="button button-secondary" onClick={() => setStep("phone")}>
            Sign in with your mobile number instead
          </button>
        </div>
      ) : null}
    </div>
  );
}

function PhoneStep(props: { busy: boolean; defaultValue: string; onSubmit: (phone: string) => void; onUseEmail: () => void }) {
  const { formProps, field } = useSchemaForm(phoneStepSchema, (value) => props.onSubmit(value.phoneNumber));
  const phone = field("phoneNumber");
  return (
    <form {...formProps} className="stack">
      <Field id={phone.id} label="Mobile Number" errors={phone.errors} hint="We'll text you a 6-digit code.">
        <input
          {...phone.inputProps}
          type="tel"
          required
          defaultValue={props.defaultValue ? `0${props.defaultValue.slice(3)}` : ""}
          placeholder="09171234567"
          autoComplete="tel-national"
          inputMode="tel"
        />
      </Field>
      <button type="submit" className="button" disabled={props.busy}>
        {props.busy ? "Sending..." : "Send OTP"}
      </button>
      <button type="button" className="link-button" onClick={props.onUseEmail}>
        Sign in with email instead
      </button>
    </form>
  );
}

function OtpStep(props: {
  busy: boolean;
  phoneNumber: string;
  onSubmit: (code: string) => void;
  onChangeNumber: () => void;
  onResend: () => void;
}) {
  const { formProps, field } = useSchemaForm(otpStepSchema, (value) => props.onSubmit(value.code));
  const code = field("code");
  return (
    <form {...formProps} className="stack">
      <p className="muted">Enter the 6-digit code sent to {props.phoneNumber}.</p>
      <Field id={code.id} label="OTP Code" errors={code.errors}>
        <input
          {...code.inputProps}
          type="text"
          required
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          className="otp-input"
        />
      </Field>
      <button type="submit" className="button" disabled={props.busy}>
        {props.busy ? "Verifying..." : "Verify OTP"}
      </button>
      <div className="row">
        <button type="button" className="button button-secondary" onClick={props.onChangeNumber} disabled={props.busy}>
          Change Mobile Number
        </button>
        <button type="button" className="button button-secondary" onClick={props.onResend} disabled={props.busy}>
          Resend OTP
        </button>
      </div>
    </form>
  );
}

const emailStepSchema = emailSendBody.pick({ email: true });

function EmailStep(props: { busy: boolean; onSubmit: (email: string) => void; onUsePhone: () => void }) {
  const { formProps, field } = useSchemaForm(emailStepSchema, (value) => props.onSubmit(value.email));
  const email = field("email");
  return (
    <form {...formProps} className="stack">
      <Field id={email.id} label="Email" errors={email.errors} hint="We'll email you a sign-in link.">
        <input {...email.inputProps} type="email" required autoComplete="email" placeholder="you@example.com" />
      </Field>
      <button type="submit" className="button" disabled={props.busy}>
        {props.busy ? "Sending..." : "Email me a sign-in link"}
      </button>
      <button type="button" className="link-button" onClick={props.onUsePhone}>
        Sign in with your mobile number instead
      </button>
    </form>
  );
}
