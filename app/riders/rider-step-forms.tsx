import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { HANDOVER_NOTE_MAX } from "~/deliveries/handover-code";
import { statusChangeSchema } from "~/deliveries/status-schema";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { TextCount } from "~/forms/text-count";
import { OFFLINE_QUEUE_ATTRIBUTE } from "~/offline/offline-submit-guard";
import { jobStepLabel, jobStepQuestion, type JobStep } from "./job-steps";

/**
 * The rider's step forms (decision 0187): each a form posting to its page's action, so a step works
 * before and without JavaScript. With JavaScript loaded and the phone offline, `onOffline` takes
 * the submit instead (the offline queue keeps it on the phone and sends it when the signal returns).
 */

export type Answer = SubmissionResult<string[]> | null | undefined;

/** What the offline queue is handed for a submit it takes over: the form's fields. */
export type OfflineSubmit = (fields: FormData) => void;

/**
 * The form's submit handler: the browser's check first (conform's, when given), then, without
 * signal, the queue instead of the network; with a queue, the form carries the mark that lets it
 * past the page's offline guard (useOfflineSubmitGuard). Pressed before the page's JavaScript ran,
 * none of this runs and the browser posts the form.
 */
function offlineAware(onOffline: OfflineSubmit | undefined, validate?: (event: FormEvent<HTMLFormElement>) => void) {
  return {
    ...(onOffline ? { [OFFLINE_QUEUE_ATTRIBUTE]: "" } : {}),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      validate?.(event);
      if (event.defaultPrevented || !onOffline || navigator.onLine) return;
      event.preventDefault();
      onOffline(new FormData(event.currentTarget));
    },
  };
}

/** The form-level errors of an action's answer (a refusal's message), as message ids. */
export const formErrorsOf = (answer: Answer) => (answer?.status === "error" ? (answer.error?.[""] ?? null) : null);

/** A button-only rider form (Accept, Confirm Pickup, Start Trip, Go Online, release): intent and hidden fields. */
export function StepButtonForm({
  intent,
  fields,
  label,
  busyLabel,
  className = "button",
  disabled,
  onOffline,
  testId,
  fetcher = true,
}: {
  intent: string;
  fields?: Record<string, string>;
  label: string;
  busyLabel?: string;
  className?: string;
  disabled?: boolean;
  onOffline?: OfflineSubmit;
  testId?: string;
  /** A fetcher's form (one of many on the page: the page stays) or the page's own form. */
  fetcher?: boolean;
}) {
  const page = useNavigation();
  const ownFetcher = useFetcher<Answer>();
  const FormKind = fetcher ? ownFetcher.Form : Form;
  const state = fetcher ? ownFetcher.state : page.formData?.get("intent") === intent ? page.state : "idle";
  const busy = state !== "idle";
  return (
    <FormKind method="post" className="rider-step-form" {...offlineAware(onOffline)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} disabled={disabled || busy} data-testid={testId}>
        {busy && busyLabel ? busyLabel : label}
      </button>
      {fetcher ? <FormErrors errors={formErrorsOf(ownFetcher.data)} /> : null}
    </FormKind>
  );
}

/**
 * A step behind a confirmation naming it, without a script: the step's button opens (`<details>`)
 * the question and the confirming button; Mark Delivered asks for the recipient's 4-digit handover
 * code here, or "The recipient has no code" with a note. A wrong code's refusal (422, tries left)
 * shows on the code's field.
 */
export function ConfirmStepForm({
  step,
  fields,
  lastResult,
  FormKind = Form,
  busy,
  disabled,
  onOffline,
  summaryClassName = "button",
  summaryTestId,
}: {
  step: JobStep;
  fields?: Record<string, string>;
  lastResult: Answer;
  FormKind?: typeof Form;
  busy: boolean;
  disabled?: boolean;
  onOffline?: OfflineSubmit;
  summaryClassName?: string;
  summaryTestId?: string;
}) {
  const t = useT();
  const label = jobStepLabel(t, step);
  const delivers = step.kind === "status" && step.to === "delivered";
  const returns = step.kind === "status" && step.to === "returned";
  // Mark Delivered is checked when sent, not on blur: an error appearing as the code field loses
  // focus would push "The recipient has no code" from under the rider's thumb as it is tapped.
  const [form, inputs] = useActionForm(statusChangeSchema, {
    id: `step-${fields?.deliveryId ?? "job"}-${step.label}`,
    lastResult,
    checkOn: delivers || returns ? "submit" : "blur",
  });
  // Open while the server's last answer was a refusal (not the live check: typing must not close it).
  const refused = lastResult?.status === "error";
  // Accept has no fields to check: conform's check (the status schema) is for the status steps only.
  const { onSubmit, ...formProps } = getFormProps(form);
  return (
    <details className="rider-confirm-step" open={refused || undefined}>
      {/* Open, the summary closes the question ("Not yet"): the step's own button is the form's, below it. */}
      <summary className={summaryClassName} data-testid={summaryTestId} aria-disabled={disabled || undefined}>
        <span className="step-when-closed">{label}</span>
        <span className="step-when-open">{t("rider.step.notYet")}</span>
      </summary>
      <FormKind
        method="post"
        {...formProps}
        className="rider-confirm stack-sm"
        role="group"
        aria-label={`${label}?`}
        {...offlineAware(onOffline, step.kind === "status" ? onSubmit : undefined)}
      >
        <input type="hidden" name="intent" value={step.kind === "accept" ? "accept" : "step"} />
        {step.kind === "status" ? <input type="hidden" name="status" value={step.to} /> : null}
        {Object.entries(fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p>{jobStepQuestion(t, step)}</p>
        {delivers ? (
          <>
            <label htmlFor={inputs.handoverCode.id}>{t("rider.handover.code")}</label>
            <input
              {...getInputProps(inputs.handoverCode, { type: "text" })}
              className="input handover-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
            />
            <FormErrors id={inputs.handoverCode.errorId} errors={inputs.handoverCode.errors} />
            {/* Opened by the server's answer only: a live check clearing its error must not close it under the rider's thumb. */}
            <details
              className="handover-no-code"
              open={Boolean(refused && lastResult?.error?.handoverNote?.length) || undefined}
            >
              <summary>{t("rider.handover.noCode")}</summary>
              <label htmlFor={inputs.handoverNote.id}>{t("rider.handover.why")}</label>
              <textarea
                {...getTextareaProps(inputs.handoverNote, { ariaDescribedBy: `${inputs.handoverNote.id}-count` })}
                className="input"
                rows={3}
              />
              <TextCount
                id={`${inputs.handoverNote.id}-count`}
                value={inputs.handoverNote.value}
                max={HANDOVER_NOTE_MAX}
              />
              <FormErrors id={inputs.handoverNote.errorId} errors={inputs.handoverNote.errors} />
            </details>
          </>
        ) : null}
        {returns ? (
          <>
            <label htmlFor={inputs.returnCode.id}>{t("rider.job.returnCode")}</label>
            <input
              {...getInputProps(inputs.returnCode, { type: "text" })}
              className="input handover-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              data-testid="return-code-input"
            />
            <FormErrors id={inputs.returnCode.errorId} errors={inputs.returnCode.errors} />
          </>
        ) : null}
        <FormErrors errors={form.errors} />
        <button type="submit" className="button" disabled={busy || disabled}>
          {busy ? t("rider.step.sending") : label}
        </button>
      </FormKind>
    </details>
  );
}

/** "Can't make it" asked once more, without a script: release it, or keep it (closes the question). */
export function ReleaseForm({
  deliveryId,
  disabled,
  onOffline,
  children,
}: {
  deliveryId: string;
  disabled: boolean;
  onOffline?: OfflineSubmit;
  children?: ReactNode;
}) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  return (
    <details className="rider-confirm-step rider-release">
      <summary className="button button-secondary">{t("rider.release.button")}</summary>
      <fetcher.Form
        method="post"
        className="rider-confirm"
        role="group"
        aria-label={t("rider.release.question")}
        {...offlineAware(onOffline)}
      >
        <input type="hidden" name="intent" value="release" />
        <input type="hidden" name="deliveryId" value={deliveryId} />
        <p>{t("rider.release.text")}</p>
        <div className="row">
          <button type="submit" className="button button-danger" disabled={disabled || fetcher.state !== "idle"}>
            {t("rider.release.yes")}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
          >
            {t("rider.release.keep")}
          </button>
        </div>
        <FormErrors errors={formErrorsOf(fetcher.data)} />
        {children}
      </fetcher.Form>
    </details>
  );
}
