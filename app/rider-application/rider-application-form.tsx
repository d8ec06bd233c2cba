import type { SubmissionResult } from "@conform-to/react";
import { useState, type FormEvent } from "react";
import { ApiError, apiRequest } from "~/http/api-client";
import { useMessageText, useT } from "~/i18n/i18n";
import { toast } from "~/toast/toast-store";
import {
  APPLICATION_CITIES,
  applicationProblems,
  firstApplicationError,
  type ApplicationField,
} from "./application-fields";

type Problems = Partial<Record<ApplicationField, string>>;

const FORM_ID = "rider-application";
const idOf = (field: ApplicationField) => `${FORM_ID}-${field}`;
const errorIdOf = (field: ApplicationField) => `${idOf(field)}-error`;

function valuesOf(form: HTMLFormElement): Partial<Record<ApplicationField, string>> {
  const data = new FormData(form);
  const value = (name: ApplicationField) => (typeof data.get(name) === "string" ? (data.get(name) as string) : "");
  return {
    firstName: value("firstName"),
    lastName: value("lastName"),
    mobile: value("mobile"),
    city: value("city"),
    hasMotorcycle: value("hasMotorcycle"),
    referralCode: value("referralCode"),
  };
}

/** The first message of each field in the server's answer (the no-JavaScript path). */
function problemsFromServer(lastResult: SubmissionResult<string[]> | null | undefined): Problems {
  const problems: Problems = {};
  for (const [field, messages] of Object.entries(lastResult?.error ?? {})) {
    if (field && messages?.[0]) problems[field as ApplicationField] = messages[0];
  }
  return problems;
}

function FieldError({ field, problems }: { field: ApplicationField; problems: Problems }) {
  // The rules' messages are message ids (shared with the server); shown in the page's language.
  const m = useMessageText();
  const problem = problems[field];
  if (!problem) return null;
  return (
    <p id={errorIdOf(field)} className="field-error">
      {m(problem)}
    </p>
  );
}

/** aria attributes of a field with or without a problem. */
const described = (field: ApplicationField, problems: Problems, hintId?: string) => ({
  "aria-invalid": problems[field] ? true : undefined,
  "aria-describedby": [hintId, problems[field] ? errorIdOf(field) : null].filter(Boolean).join(" ") || undefined,
});

/**
 * The rider application form (spec sections 2, 3, 5). With JavaScript it never leaves the page:
 * on submit the fields are checked in the spec's order and the first failure is shown as an
 * 'Error' toast (each field then shows its message, re-checked as the applicant types); a
 * complete form goes to `POST /api/rider-applications`, and only once the server stored it does
 * the page show 'Application Submitted!' and clear the form. A refusal (a waiting application, too
 * many from one network) is shown as an 'Error' toast and keeps the fields. Without JavaScript it
 * posts to the page's action, which checks it with the same rules (as a zod schema) and stores it
 * the same way. The browser checks plain rules, not zod and conform: /become-rider's JavaScript
 * budget (decision 0007).
 */
export function RiderApplicationForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const t = useT();
  const m = useMessageText();
  const [sending, setSending] = useState(false);
  const [problems, setProblems] = useState<Problems>(() => problemsFromServer(lastResult));
  const [checked, setChecked] = useState(lastResult?.status === "error");
  const formError = lastResult?.status === "error" ? lastResult.error?.[""]?.[0] : undefined;
  const initial = (lastResult?.status === "error" ? lastResult.initialValue : null) ?? {};
  const initialValue = (field: ApplicationField) => (typeof initial[field] === "string" ? (initial[field] as string) : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const formElement = event.currentTarget;
    const values = valuesOf(formElement);
    const found = applicationProblems(values);
    setProblems(found);
    setChecked(true);
    const first = firstApplicationError(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, [message]])));
    if (first) {
      toast({ variant: "destructive", title: t("becomeRider.form.error"), description: m(first) });
      return;
    }
    setSending(true);
    apiRequest("POST", "/api/rider-applications", { ...values, referralCode: values.referralCode?.trim() || undefined })
      .then(() => {
        toast({ title: t("becomeRider.form.submitted"), description: t("becomeRider.form.submittedText") });
        formElement.reset();
        setChecked(false);
        setProblems({});
      })
      .catch((error: unknown) => {
        const message = error instanceof ApiError ? error.serverMessage : t("becomeRider.form.sendFailed");
        toast({ variant: "destructive", title: t("becomeRider.form.error"), description: message });
      })
      .finally(() => setSending(false));
  }

  const hintId = `${idOf("mobile")}-hint`;
  return (
    <form
      id={FORM_ID}
      method="post"
      className="card application-form"
      noValidate
      onSubmit={onSubmit}
      onInput={(event) => {
        if (checked) setProblems(applicationProblems(valuesOf(event.currentTarget)));
      }}
    >
      {lastResult?.status === "success" ? (
        <p className="form-success" role="status">
          <strong>{t("becomeRider.form.submitted")}</strong> {t("becomeRider.form.submittedText")}
        </p>
      ) : null}
      {formError ? (
        <p id={`${FORM_ID}-error`} className="field-error" role="alert">
          {m(formError)}
        </p>
      ) : null}

      <div className="field">
        <label htmlFor={idOf("firstName")}>{t("becomeRider.form.firstName")}</label>
        <input
          id={idOf("firstName")}
          name="firstName"
          type="text"
          required
          maxLength={50}
          defaultValue={initialValue("firstName")}
          autoComplete="given-name"
          placeholder="Juan"
          {...described("firstName", problems)}
        />
        <FieldError field="firstName" problems={problems} />
      </div>
      <div className="field">
        <label htmlFor={idOf("lastName")}>{t("becomeRider.form.lastName")}</label>
        <input
          id={idOf("lastName")}
          name="lastName"
          type="text"
          required
          maxLength={50}
          defaultValue={initialValue("lastName")}
          autoComplete="family-name"
          placeholder="Dela Cruz"
          {...described("lastName", problems)}
        />
        <FieldError field="lastName" problems={problems} />
      </div>

      <div className="field">
        <label htmlFor={idOf("mobile")}>{t("becomeRider.form.mobile")}</label>
        <input
          id={idOf("mobile")}
          name="mobile"
          type="tel"
          required
          defaultValue={initialValue("mobile")}
          inputMode="tel"
          autoComplete="tel"
          placeholder="09XXXXXXXXX"
          {...described("mobile", problems, hintId)}
        />
        <p id={hintId} className="field-hint">
          {t("becomeRider.form.mobileHint")}
        </p>
        <FieldError field="mobile" problems={problems} />
      </div>

      <div className="field">
        <label htmlFor={idOf("city")}>{t("becomeRider.form.city")}</label>
        <select id={idOf("city")} name="city" required defaultValue={initialValue("city") ?? ""} {...described("city", problems)}>
          <option value="">{t("becomeRider.form.selectCity")}</option>
          {APPLICATION_CITIES.map((city) => (
            <option key={city.value} value={city.value}>
              {city.label}
            </option>
          ))}
        </select>
        <FieldError field="city" problems={problems} />
      </div>

      <fieldset
        className="field radio-group"
        aria-invalid={problems.hasMotorcycle ? true : undefined}
        aria-describedby={problems.hasMotorcycle ? errorIdOf("hasMotorcycle") : undefined}
      >
        <legend>{t("becomeRider.form.motorcycle")}</legend>
        {(["yes", "no"] as const).map((answer) => (
          <label key={answer} className="radio">
            <input
              type="radio"
              name="hasMotorcycle"
              value={answer}
              required
              defaultChecked={initialValue("hasMotorcycle") === answer}
              id={`${idOf("hasMotorcycle")}-${answer}`}
            />
            {answer === "yes" ? t("becomeRider.form.motorcycleYes") : t("becomeRider.form.motorcycleNo")}
          </label>
        ))}
        <FieldError field="hasMotorcycle" problems={problems} />
      </fieldset>

      <div className="field">
        <label htmlFor={idOf("referralCode")}>
          {t("becomeRider.form.referral")} <span className="muted">{t("becomeRider.form.optional")}</span>
        </label>
        <input
          id={idOf("referralCode")}
          name="referralCode"
          type="text"
          maxLength={32}
          defaultValue={initialValue("referralCode")}
          autoComplete="off"
          {...described("referralCode", problems)}
        />
        <FieldError field="referralCode" problems={problems} />
      </div>

      <button type="submit" className="button button-large button-block" disabled={sending} aria-busy={sending || undefined}>
        {sending ? t("becomeRider.form.submitting") : t("becomeRider.form.submit")}
      </button>
    </form>
  );
}
