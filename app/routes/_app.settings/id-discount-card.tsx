import { Form, useSubmit } from "@remix-run/react";
import { useId, useState } from "react";
import { useSending, useSettingsAnswer } from "./account-settings";
import { ID_DISCOUNT_KINDS } from "~/db/enums";
import { useMessageText, useT } from "~/i18n/i18n";
import type { MessageDescriptor } from "~/i18n/message";
import { formatManilaDateTime } from "~/i18n/manila";
import type { IdDiscountPercents, IdDiscountView } from "~/pricing/id-discounts.server";
import { MAX_ID_PHOTO_BYTES } from "~/forms/photo-limits";
import { detectIdPhotoType, ID_PHOTO_MESSAGES } from "~/pricing/id-photo";

/**
 * Settings' Discount ID card: the current application and an upload form (JPEG or PNG, up to 5 MB),
 * a multipart Remix form posting to the settings page's action (decision 0187), which stores the
 * photo in R2 as `POST /api/discounts/id` does. The photo is checked in the browser first when the
 * page's JavaScript runs; without it the server's checks answer. The percents are the settings in
 * force (a vote may change them).
 */
export function IdDiscountCard({
  application,
  percents,
}: {
  application: IdDiscountView | null;
  percents: IdDiscountPercents;
}) {
  const t = useT();
  const m = useMessageText();
  const id = useId();
  const answer = useSettingsAnswer("idDiscount");
  const submit = useSubmit();
  const uploading = useSending("idDiscount");
  // A photo check's message id (before sending), else the server's answer (message ids).
  const [checked, setChecked] = useState<MessageDescriptor | null>(null);
  const serverErrors = answer?.error
    ? [...(answer.error.photo ?? []), ...(answer.error.kind ?? []), ...(answer.error[""] ?? [])]
    : [];
  const errors = checked ? [m(checked)] : serverErrors.map(m);
  const expired = application?.expiresAt ? Date.parse(application.expiresAt) < Date.now() : false;

  async function check(event: React.FormEvent<HTMLFormElement>) {
    const file = (event.currentTarget.elements.namedItem("photo") as HTMLInputElement | null)?.files?.[0] ?? null;
    const form = event.currentTarget;
    const problem = !file
      ? ID_PHOTO_MESSAGES.missing
      : file.size > MAX_ID_PHOTO_BYTES
        ? ID_PHOTO_MESSAGES.tooLarge
        : null;
    if (problem) {
      event.preventDefault();
      setChecked(problem);
      return;
    }
    setChecked(null);
    // The type is read from the file's first bytes: hold the post until it is known.
    event.preventDefault();
    if (!detectIdPhotoType(new Uint8Array(await file!.slice(0, 16).arrayBuffer())))
      return setChecked(ID_PHOTO_MESSAGES.wrongType);
    submit(form);
  }

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("settings.id.heading")}</h2>
      <p className="muted">{t("settings.id.lead", percents)}</p>
      {application ? (
        <dl className="details" data-testid="id-discount-status">
          <dt>{t("settings.id.yours")}</dt>
          <dd>
            {t("settings.id.kindPercent", {
              kind: t(`app.label.idKind.${application.kind}`),
              percent: application.percent,
            })}
          </dd>
          <dt>{t("settings.id.status")}</dt>
          <dd>{expired ? t("settings.id.expired") : t(`settings.id.status.${application.status}`)}</dd>
          {application.status === "rejected" && application.rejectReason ? (
            <>
              <dt>{t("settings.id.reason")}</dt>
              <dd>{application.rejectReason}</dd>
            </>
          ) : null}
          {application.expiresAt ? (
            <>
              <dt>{t("settings.id.validUntil")}</dt>
              <dd>{formatManilaDateTime(application.expiresAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {application?.status === "pending" ? null : (
        <Form method="post" encType="multipart/form-data" className="stack" onSubmit={check}>
          <input type="hidden" name="intent" value="idDiscount" />
          <div className="field">
            <label htmlFor={`${id}-kind`}>{t("settings.id.kind")}</label>
            <select id={`${id}-kind`} name="kind" defaultValue="pwd">
              {ID_DISCOUNT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t("settings.id.kindPercent", { kind: t(`app.label.idKind.${k}`), percent: percents[k] })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-photo`}>{t("settings.id.photo")}</label>
            <input
              id={`${id}-photo`}
              name="photo"
              type="file"
              accept="image/jpeg,image/png"
              aria-describedby={errors.length ? `${id}-error` : undefined}
              onChange={() => setChecked(null)}
            />
            {errors.length ? (
              <p id={`${id}-error`} className="field-error" role="alert">
                {errors[0]}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={uploading}>
            {uploading ? t("settings.id.uploading") : t("settings.id.upload")}
          </button>
        </Form>
      )}
    </section>
  );
}
