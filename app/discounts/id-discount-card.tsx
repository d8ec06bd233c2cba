import { useId, useState } from "react";
import { ID_DISCOUNT_KINDS, type IdDiscountKind } from "~/db/enums";
import { ID_DISCOUNT_LABELS, ID_DISCOUNT_PERCENT } from "~/pricing/discounts";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { IdDiscountView } from "./id-discounts.server";
import { detectIdPhotoType, ID_PHOTO_MESSAGES, MAX_ID_PHOTO_BYTES } from "./id-photo";

const STATUS_TEXT: Record<IdDiscountView["status"], string> = {
  pending: "Waiting for review",
  approved: "Approved: applied to every quote and booking",
  rejected: "Not approved",
};

/** Settings' Discount ID card: the current application and an upload form (JPEG or PNG, up to 5 MB). */
export function IdDiscountCard({ application, onUploaded }: { application: IdDiscountView | null; onUploaded: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<IdDiscountKind>("pwd");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
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
      if (!response.ok) return setError(body?.message ?? "The upload failed. Please try again.");
      toast({ title: "ID uploaded", description: "An admin will review it soon." });
      setFile(null);
      onUploaded();
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Discount ID</h2>
      <p className="muted">
        PWD and senior citizens get 20% off, students 10% (for a year). Upload a photo of your ID; an admin checks it.
      </p>
      {application ? (
        <dl className="details" data-testid="id-discount-status">
          <dt>Your ID</dt>
          <dd>
            {ID_DISCOUNT_LABELS[application.kind]} ({application.percent}%)
          </dd>
          <dt>Status</dt>
          <dd>{expired ? "Expired: please upload a current ID" : STATUS_TEXT[application.status]}</dd>
          {application.status === "rejected" && application.rejectReason ? (
            <>
              <dt>Reason</dt>
              <dd>{application.rejectReason}</dd>
            </>
          ) : null}
          {application.expiresAt ? (
            <>
              <dt>Valid until</dt>
              <dd>{formatManilaDateTime(application.expiresAt)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {application?.status === "pending" ? null : (
        <form className="stack" onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${id}-kind`}>Kind of ID</label>
            <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as IdDiscountKind)}>
              {ID_DISCOUNT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ID_DISCOUNT_LABELS[k]} ({ID_DISCOUNT_PERCENT[k]}%)
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-photo`}>Photo of your ID (JPEG or PNG, up to 5 MB)</label>
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
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={uploading}>
            {uploading ? "Uploading..." : "Upload ID"}
          </button>
        </form>
      )}
    </section>
  );
}
