import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useState } from "react";
import { ApiError, apiRequest } from "~/http/api-client";
import { toast } from "~/toast/toast-store";
import {
  APPLICATION_CITIES,
  APPLICATION_SUBMITTED,
  firstApplicationError,
  riderApplicationSchema,
} from "./rider-application";

/**
 * Splits conform's props into the `key` (which conform changes to remount a field on reset;
 * React wants it passed directly, not spread) and the rest.
 */
function split<T extends { key?: string }>({ key, ...props }: T): [string | undefined, Omit<T, "key">] {
  return [key, props];
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  );
}

/**
 * The rider application form (spec sections 2, 3, 5). With JavaScript it never leaves the page:
 * on submit the fields are checked in the spec's order and the first failure is shown as an
 * 'Error' toast; a complete form goes to `POST /api/rider-applications`, and only once the server
 * stored it does the page show 'Application Submitted!' and clear the form. A refusal (a waiting
 * application, too many from one network) is shown as an 'Error' toast and keeps the fields.
 * Without JavaScript it posts to the page's action, which stores it the same way.
 */
export function RiderApplicationForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [sending, setSending] = useState(false);
  const [form, fields] = useForm({
    id: "rider-application",
    lastResult,
    constraint: getZodConstraint(riderApplicationSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: riderApplicationSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success" || sending) return;
      const formElement = event.currentTarget;
      setSending(true);
      apiRequest("POST", "/api/rider-applications", submission.value)
        .then(() => {
          toast({ title: APPLICATION_SUBMITTED.title, description: APPLICATION_SUBMITTED.description });
          // A native reset: conform listens for it and clears its state too.
          formElement.reset();
        })
        .catch((error: unknown) => {
          const message = error instanceof ApiError ? error.serverMessage : "Could not send your application. Please try again.";
          toast({ variant: "destructive", title: "Error", description: message });
        })
        .finally(() => setSending(false));
    },
  });
  const formProps = getFormProps(form);
  const hintId = `${fields.mobile.id}-hint`;
  const [fullNameKey, fullNameProps] = split(getInputProps(fields.fullName, { type: "text" }));
  const [mobileKey, mobileProps] = split(getInputProps(fields.mobile, { type: "tel" }));
  const [cityKey, cityProps] = split(getSelectProps(fields.city));
  const [referralKey, referralProps] = split(getInputProps(fields.referralCode, { type: "text" }));

  return (
    <form
      method="post"
      className="card application-form"
      {...formProps}
      onSubmit={(event) => {
        const submission = parseWithZod(new FormData(event.currentTarget), { schema: riderApplicationSchema });
        if (submission.status === "error") {
          const message = firstApplicationError(submission.error);
          if (message) toast({ variant: "destructive", title: "Error", description: message });
        }
        formProps.onSubmit(event);
      }}
    >
      {form.status === "success" && lastResult ? (
        <p className="form-success" role="status">
          <strong>{APPLICATION_SUBMITTED.title}</strong> {APPLICATION_SUBMITTED.description}
        </p>
      ) : null}
      {form.errors?.length ? (
        <p id={form.errorId} className="field-error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}

      <div className="field">
        <label htmlFor={fields.fullName.id}>Full Name</label>
        <input
          key={fullNameKey}
          {...fullNameProps}
          autoComplete="name"
          placeholder="Juan dela Cruz"
        />
        <FieldError id={fields.fullName.errorId} errors={fields.fullName.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.mobile.id}>Mobile Number</label>
        <input
          key={mobileKey}
          {...mobileProps}
          inputMode="tel"
          autoComplete="tel"
          placeholder="09XXXXXXXXX"
          aria-describedby={[hintId, fields.mobile.errors?.length ? fields.mobile.errorId : null].filter(Boolean).join(" ")}
        />
        <p id={hintId} className="field-hint">
          11 digits starting with 09, e.g. 09171234567
        </p>
        <FieldError id={fields.mobile.errorId} errors={fields.mobile.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.city.id}>City</label>
        <select key={cityKey} {...cityProps}>
          <option value="">Select your city</option>
          {APPLICATION_CITIES.map((city) => (
            <option key={city.value} value={city.value}>
              {city.label}
            </option>
          ))}
        </select>
        <FieldError id={fields.city.errorId} errors={fields.city.errors} />
      </div>

      <fieldset
        className="field radio-group"
        aria-invalid={fields.hasMotorcycle.errors?.length ? true : undefined}
        aria-describedby={fields.hasMotorcycle.errors?.length ? fields.hasMotorcycle.errorId : undefined}
      >
        <legend>Do you have a motorcycle?</legend>
        {(["yes", "no"] as const).map((answer) => {
          const { key, "aria-invalid": _invalid, "aria-describedby": _describedBy, ...props } = getInputProps(
            fields.hasMotorcycle,
            { type: "radio", value: answer },
          );
          return (
            <label key={answer} className="radio">
              <input key={key} {...props} id={`${fields.hasMotorcycle.id}-${answer}`} />
              {answer === "yes" ? "Yes, I have a motorcycle" : "No, I need one (ask about our rental programme)"}
            </label>
          );
        })}
        <FieldError id={fields.hasMotorcycle.errorId} errors={fields.hasMotorcycle.errors} />
      </fieldset>

      <div className="field">
        <label htmlFor={fields.referralCode.id}>
          Referral Code <span className="muted">(optional)</span>
        </label>
        <input key={referralKey} {...referralProps} autoComplete="off" />
        <FieldError id={fields.referralCode.errorId} errors={fields.referralCode.errors} />
      </div>

      <button type="submit" className="button button-large button-block" disabled={sending} aria-busy={sending || undefined}>
        {sending ? "Submitting..." : "Submit Application"}
      </button>
    </form>
  );
}
