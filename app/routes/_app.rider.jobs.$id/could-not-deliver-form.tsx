import { Form } from "@remix-run/react";
import { COULD_NOT_DELIVER_REASONS } from "~/db/enums";
import { RETURN_NOTE_MAX } from "~/deliveries/return-rules";
import { MAX_RETURN_PHOTO_BYTES } from "~/forms/photo-limits";
import { FormErrors } from "~/forms/form-errors";
import { useT } from "~/i18n/i18n";
import { formErrorsOf, type Answer } from "~/riders/rider-step-forms";

/**
 * "Could not deliver" on the job screen (decision 0222): behind a `<details>` like every step, a
 * multipart form posting to the page's action (works without JavaScript): the reason, a note and a
 * photo from the camera. The server checks each (the photo by its bytes) and answers on its field.
 */
export function CouldNotDeliverForm({
  lastResult,
  busy,
  disabled,
}: {
  lastResult: Answer;
  busy: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  const error = lastResult?.status === "error" ? lastResult.error : undefined;
  const mine = Boolean(error && (error.reason || error.note || error.photo));
  return (
    <details className="rider-confirm-step could-not-deliver" open={mine || undefined}>
      <summary className="button button-secondary" data-testid="could-not-deliver">
        {t("rider.job.couldNotDeliver")}
      </summary>
      <Form
        method="post"
        encType="multipart/form-data"
        className="rider-confirm stack-sm"
        aria-label={t("rider.job.couldNotDeliverQuestion")}
      >
        <input type="hidden" name="intent" value="couldNotDeliver" />
        <p>{t("rider.job.couldNotDeliverQuestion")}</p>
        <fieldset className="stack-sm">
          <legend>{t("rider.job.reason")}</legend>
          {COULD_NOT_DELIVER_REASONS.map((reason) => (
            <label key={reason} className="row">
              <input type="radio" name="reason" value={reason} required />
              {t(`app.returnReason.${reason}`)}
            </label>
          ))}
          <FormErrors id="could-not-deliver-reason-error" errors={error?.reason ?? null} />
        </fieldset>
        <label htmlFor="could-not-deliver-note">{t("rider.job.returnNote")}</label>
        <textarea id="could-not-deliver-note" name="note" className="input" rows={3} maxLength={RETURN_NOTE_MAX} />
        <FormErrors id="could-not-deliver-note-error" errors={error?.note ?? null} />
        <label htmlFor="could-not-deliver-photo">{t("rider.job.returnPhoto")}</label>
        <input
          id="could-not-deliver-photo"
          type="file"
          name="photo"
          accept="image/*"
          capture="environment"
          aria-describedby="could-not-deliver-photo-hint"
        />
        <p id="could-not-deliver-photo-hint" className="muted">
          {t("rider.job.returnPhotoHint", { megabytes: MAX_RETURN_PHOTO_BYTES / (1024 * 1024) })}
        </p>
        <FormErrors id="could-not-deliver-photo-error" errors={error?.photo ?? null} />
        {mine ? null : <FormErrors errors={formErrorsOf(lastResult)} />}
        <button type="submit" className="button button-danger" disabled={busy || disabled}>
          {busy ? t("rider.step.sending") : t("rider.job.returnSend")}
        </button>
      </Form>
    </details>
  );
}
