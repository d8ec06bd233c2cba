import type { FetcherWithComponents } from "@remix-run/react";
import { useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from "react";
import { toast } from "~/toast/toast-store";
import { useT } from "~/i18n/i18n";
import { NAME_MAX_LENGTH, OTP_DIGITS, OTP_LENGTH, PHONE_INVALID, PHONE_MISSING, PHONE_TOO_SHORT } from "./sign-in-rules";
import type { SignInAnswer, SignInIntent } from "./sign-in-steps";

/** One step of the sign-in wizard as a form (app/auth/sign-in-wizard.tsx): its client checks, its messages and its submit button. */

/** The wizard's form action (app/routes/sign-in.tsx, app/auth/sign-in-form.server.ts). */
export const ACTION = "/sign-in";

export type Fetcher = FetcherWithComponents<SignInAnswer>;

export type Check = (value: string) => string | null;

const EMAIL_MISSING = "Email is required";
export const emailMissing: Check = (value) => (value.trim() ? null : EMAIL_MISSING);

/** The rules' messages are the spec's English (shared with the server); shown in the page's language. */
const RULE_KEYS = {
  [PHONE_MISSING]: "signIn.rule.phoneMissing",
  [PHONE_TOO_SHORT]: "signIn.rule.phoneTooShort",
  [PHONE_INVALID]: "signIn.rule.phoneInvalid",
  [OTP_LENGTH]: "signIn.rule.otpLength",
  [OTP_DIGITS]: "signIn.rule.otpDigits",
  "First name is required": "signIn.rule.firstNameRequired",
  "Last name is required": "signIn.rule.lastNameRequired",
  [`First name must be at most ${NAME_MAX_LENGTH} characters`]: "signIn.rule.firstNameTooLong",
  [`Last name must be at most ${NAME_MAX_LENGTH} characters`]: "signIn.rule.lastNameTooLong",
  [EMAIL_MISSING]: "signIn.rule.emailRequired",
} as const;

function useRuleMessage() {
  const t = useT();
  return (message: string | null) => {
    const key = message ? (RULE_KEYS as Record<string, (typeof RULE_KEYS)[keyof typeof RULE_KEYS]>)[message] : undefined;
    return key ? t(key, { max: NAME_MAX_LENGTH }) : message;
  };
}

export type FieldOf = (name: string) => {
  id: string;
  errors?: string[];
  inputProps: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string };
};

/**
 * One step's form. Checks its fields the way conform does elsewhere (first on blur, then on every
 * input, all of them on submit) with the same rules the server applies; the server's own field
 * errors come with the answer. The captcha token, when Turnstile is configured, is added on submit.
 */
export function WizardForm({
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
  const ruleMessage = useRuleMessage();
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
      return toast({ variant: "destructive", title: t("signIn.error"), description: t("signIn.rule.captchaFailed") });
    }
    fetcher.submit(formData, { method: "post", action: ACTION });
  }

  const field: FieldOf = (name) => {
    const id = `sign-in-${name}`;
    const error = ruleMessage(errors[name] ?? null);
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

export function SubmitButton({
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
