import { useId, useState } from "react";
import { ID_DISCOUNT_KINDS, type IdDiscountKind } from "~/db/enums";
import { ID_DISCOUNT_PERCENT } from "~/pricing/discounts";
import { useMessageText, useT } from "~/i18n/i18n";
import type { MessageDescriptor } from "~/i18n/message";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { IdDiscountView } from "./id-discounts.server";
import { detectIdPhotoType, ID_PHOTO_MESSAGES, MAX_ID_PHOTO_BYTES } from "./id-photo";

/** Settings' Discount ID card: the current application and an upload form (JPEG or PNG, up to 5 MB). */
export function IdDiscountCard({ application, onUploaded }: { application: IdDiscountView | null; onUploaded: () => void }) {
  const t = useT();
  const m = useMessageText();
  const id = useId();
  const [kind, setKind] = useState<IdDiscountKind>("pwd");
  const [file, setFile] = useState<File | null>(null);
  // A photo check's message id, or the server's answer (already in the page's language).
  const [error, setError] = useState<MessageDescriptor | string | null>(null);
  const [uploading, setUploading] = useState(false);
  const expired = application?.expiresAt ? Date.parse(application.expiresAt) < Date.now() : false;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError(ID_PHOTO_MESSAGES.missing);
    if (file.size > MAX_ID_PHOTO_BYTES) return setError(ID_PHOTO_MESSAGES.tooLarge);
    if (!detectIdPhotoType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return setError(ID_PHOTO_MESSAGES.wrongType);
    setError(null);
    setUploading(true);
    try {
      const form = new FormData();
      form.set("kind", kind);
      form.set("photo", file);
      const response = await fetch("/api/discounts/id", { method: "POST", body: form, credentials: "include" });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (!response.ok) return setError(body?.message ?? t("settings.id.uploadFailed"));
      toast({ title: t("settings.id.uploaded"), description: t("settings.id.uploadedBody") });
      setFile(null);
      onUploaded();
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("settings.id.heading")}</h2>
      <p className="muted">
        {t("settings.id.lead")}
      </p>
      {application ? (
        <dl className="details" data-testid="id-discount-status">
          <dt>{t("settings.id.yours")}</dt>
          <dd>{t("settings.id.kindPercent", { kind: t(`app.label.idKind.${application.kind}`), percent: application.percent })}</dd>
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
        <form className="stack" onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-kind`}>{t("settings.id.kind")}</label>
            <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as IdDiscountKind)}>
              {ID_DISCOUNT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t("settings.id.kindPercent", { kind: t(`app.label.idKind.${k}`), percent: ID_DISCOUNT_PERCENT[k] })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-photo`}>{t("settings.id.photo")}</label>
            <input
              id={`${id}-photo`}
              type="file"
              accept="image/jpeg,image/png"
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setError(null);
                setFile(event.target.files?.[0] ?? null);
              }}
            />
            {error ? (
              <p id={`${id}-error`} className="field-error" role="alert">
                {typeof error === "string" ? error : m(error)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={uploading}>
            {uploading ? t("settings.id.uploading") : t("settings.id.upload")}
          </button>
        </form>
      )}
    </section>
  );
}
