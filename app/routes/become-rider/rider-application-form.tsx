import type { SubmissionResult } from "@conform-to/react";
import { useMessageText, useT } from "~/i18n/i18n";
import { StaticToast } from "~/public/static-toast";
import { CITY_GROUPS } from "~/places/cities";
import { firstApplicationError, type ApplicationField } from "~/riders/application-fields";

type Problems = Partial<Record<ApplicationField, string>>;

const FORM_ID = "rider-application";
const idOf = (field: ApplicationField) => `${FORM_ID}-${field}`;
const errorIdOf = (field: ApplicationField) => `${idOf(field)}-error`;

/** The first message of each field in the server's answer. */
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
 * The rider application form, a plain form posted to the page's action
 * (decision 0188): the server checks it with the rules of `POST /api/rider-applications` (as a zod
 * schema) and answers the form again with each field's message and the first failure, in the
 * fields' order, as the 'Error' toast; a refusal (a waiting application, too many from one
 * network) is the toast too and keeps the fields. A stored application answers a redirect to
 * the empty form with 'Application Submitted!'.
 */
export function RiderApplicationForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const t = useT();
  const m = useMessageText();
  const failed = lastResult?.status === "error";
  const problems = problemsFromServer(lastResult);
  const formError = failed ? lastResult.error?.[""]?.[0] : undefined;
  const firstProblem = formError ?? (failed ? firstApplicationError(lastResult.error) : null);
  const initial = (failed ? lastResult.initialValue : null) ?? {};
  const initialValue = (field: ApplicationField) =>
    typeof initial[field] === "string" ? (initial[field] as string) : undefined;

  const hintId = `${idOf("mobile")}-hint`;
  const cityHintId = `${idOf("city")}-hint`;
  return (
    <>
      {firstProblem ? (
        <StaticToast inPage variant="destructive" title={t("becomeRider.form.error")} description={m(firstProblem)} />
      ) : null}
      <form
        id={FORM_ID}
        method="post"
        action="/become-rider#application-form"
        className="card application-form"
        noValidate
      >
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
          {/* Any city or municipality of the data, as the booking page offers (the list suggests as
              one types, without a script); the server also takes a name that is one place only. */}
          <input
            id={idOf("city")}
            name="city"
            type="text"
            required
            list={`${idOf("city")}-options`}
            defaultValue={initialValue("city")}
            autoComplete="off"
            placeholder={t("becomeRider.form.selectCity")}
            {...described("city", problems, cityHintId)}
          />
          <datalist id={`${idOf("city")}-options`}>
            {CITY_GROUPS.flatMap((group) => group.values).map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
          <p id={cityHintId} className="field-hint">
            {t("becomeRider.form.cityHint")}
          </p>
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

        <button type="submit" className="button button-large button-block">
          {t("becomeRider.form.submit")}
        </button>
      </form>
    </>
  );
}
