import { useId, useState } from "react";
import { ActionDialog } from "~/components/action-dialog";
import { HANDOVER_NOTE_MAX } from "~/deliveries/handover-code";
import { ApiError } from "~/http/api-client";
import { useT } from "~/i18n/i18n";
import { jobStepLabel, jobStepQuestion, type HandoverAnswer, type JobStep } from "./job-steps";

/**
 * The confirmation behind every step, naming it. Mark Delivered asks for the recipient's handover
 * code, or "The recipient has no code" with a note; after a lock (5 wrong codes) only the latter.
 */
export function JobStepDialog({
  step,
  open,
  onClose,
  onConfirm,
}: {
  step: JobStep;
  open: boolean;
  onClose: () => void;
  onConfirm: (handover?: HandoverAnswer) => Promise<void>;
}) {
  const t = useT();
  const id = useId();
  const label = jobStepLabel(t, step);
  const [noCode, setNoCode] = useState(false);
  const [locked, setLocked] = useState(false);
  const asksCode = step.kind === "status" && step.to === "delivered";
  const withoutCode = noCode || locked;

  async function confirm(form: FormData) {
    if (!asksCode) return onConfirm();
    const answer: HandoverAnswer = withoutCode
      ? { handoverNote: String(form.get("handoverNote") ?? "").trim() }
      : { handoverCode: String(form.get("handoverCode") ?? "").trim() };
    try {
      await onConfirm(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && (error.body as { values?: { triesLeft?: number } } | null)?.values?.triesLeft === 0) setLocked(true);
      throw error;
    }
  }

  return (
    <ActionDialog
      open={open}
      title={`${label}?`}
      confirmLabel={label}
      busyLabel={t("rider.step.sending")}
      backLabel={t("rider.step.back")}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{jobStepQuestion(t, step)}</p>
      {asksCode ? (
        <div className="stack-sm">
          {locked ? <p className="notice">{t("rider.handover.locked")}</p> : null}
          {!withoutCode ? (
            <>
              <label htmlFor={`${id}-code`}>{t("rider.handover.code")}</label>
              <input
                id={`${id}-code`}
                name="handoverCode"
                className="input handover-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{4}"
                maxLength={4}
                required
                autoFocus
              />
            </>
          ) : (
            <>
              <label htmlFor={`${id}-note`}>{t("rider.handover.why")}</label>
              <textarea id={`${id}-note`} name="handoverNote" className="input" maxLength={HANDOVER_NOTE_MAX} required rows={3} />
            </>
          )}
          {!locked ? (
            <label className="checkbox-row">
              <input type="checkbox" checked={noCode} onChange={(event) => setNoCode(event.target.checked)} /> {t("rider.handover.noCode")}
            </label>
          ) : null}
        </div>
      ) : null}
    </ActionDialog>
  );
}
