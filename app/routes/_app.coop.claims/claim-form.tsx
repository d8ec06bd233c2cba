import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Field } from "~/components/field";
import { CLAIM_KINDS, type ClaimStatus } from "~/db/enums";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { TextCount } from "~/forms/text-count";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { useActionForm } from "~/forms/use-action-form";
import { useMessageText, useT } from "~/i18n/i18n";
import { formatPesoAmount } from "~/money/money";
import { formatManilaDate } from "~/i18n/manila";
import type { ClaimView } from "~/coop/claim-view";
import { CLAIM_NOTE_MAX, claimFieldsSchema } from "~/coop/claim-schemas";
import { CLAIM_PHOTOS_MAX } from "~/forms/photo-limits";
import { photoSizeProblems } from "~/coop/claim-photos";

/** The chosen photos' sizes, in the order the form sends them. */
const sizesOf = (input: HTMLInputElement | null) => Array.from(input?.files ?? [], (file) => file.size);

/**
 * File a claim on the member benefits fund: what happened, the amount, a note and up to 3 photos
 * of documents, as one multipart form posted to /coop/claims' action (with or without JavaScript).
 * With JavaScript, too many photos or one over 5 MB is said on the field before anything is sent
 * (the server says the same without it).
 */
export function ClaimForm({ limit, free, formKey }: { limit: string; free: string | null; formKey: string }) {
  const t = useT();
  const m = useMessageText();
  const lastResult = useActionData<FormAnswer>();
  const [form, fields] = useActionForm(claimFieldsSchema, { id: "claim", lastResult, checkOn: "submit" });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get(FORM_KEY_FIELD) === formKey;
  const said = (errors: string[] | undefined) => errors?.map((error) => m(error));
  const [photoChecks, setPhotoChecks] = useState<string[] | null>(null);
  const photoErrors =
    photoChecks ?? said((lastResult?.error as Record<string, string[] | undefined> | undefined)?.photos);
  const checkPhotos = (input: HTMLInputElement | null) => {
    const problems = photoSizeProblems(sizesOf(input)).map(m);
    setPhotoChecks(problems.length > 0 ? problems : null);
    return problems.length === 0;
  };
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const photos = event.currentTarget.elements.namedItem("photos");
    if (!checkPhotos(photos instanceof HTMLInputElement ? photos : null)) {
      event.preventDefault();
      if (photos instanceof HTMLInputElement) photos.focus();
      return;
    }
    formProps.onSubmit(event);
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="card stack"
      {...formProps}
      onSubmit={onSubmit}
      aria-labelledby="claim-title"
    >
      <h2 id="claim-title">{t("coop.claims.heading")}</h2>
      <p className="muted">{t("coop.claims.lead", { limit })}</p>
      <p data-testid="claims-free">{free ? t("coop.claims.free", { free }) : t("coop.claims.freeNone")}</p>
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
      <Field id="claim-kind" label={t("coop.claims.kind")} errors={said(fields.kind.errors)}>
        <select {...getSelectProps(fields.kind)} id="claim-kind" required={false}>
          <option value="">—</option>
          {CLAIM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`coop.claims.kind.${kind}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="claim-amount" label={t("coop.claims.amount")} errors={said(fields.amount.errors)}>
        <input
          {...getInputProps(fields.amount, { type: "text" })}
          id="claim-amount"
          inputMode="decimal"
          autoComplete="off"
          required={false}
        />
      </Field>
      <Field id="claim-note" label={t("coop.claims.note")} errors={said(fields.note.errors)}>
        <textarea
          {...getTextareaProps(fields.note, { ariaDescribedBy: "claim-note-count" })}
          id="claim-note"
          rows={4}
          required={false}
        />
        <TextCount id="claim-note-count" value={fields.note.value} max={CLAIM_NOTE_MAX} />
      </Field>
      <Field id="claim-photos" label={t("coop.claims.photos")} errors={photoErrors} hint={t("coop.claims.photosHint")}>
        <input
          type="file"
          name="photos"
          id="claim-photos"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          multiple
          data-max={CLAIM_PHOTOS_MAX}
          onChange={(event: ChangeEvent<HTMLInputElement>) => checkPhotos(event.currentTarget)}
        />
      </Field>
      <FormErrors errors={form.errors} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("coop.claims.sending") : t("coop.claims.submit")}
      </button>
    </Form>
  );
}

const STATUS_CLASS: Record<ClaimStatus, string> = {
  pending: "proposal-open",
  in_vote: "proposal-open",
  waiting_funds: "proposal-open",
  approved: "proposal-passed",
  rejected: "proposal-failed",
};

/** The rider's claims, newest first, each with what became of it. */
export function YourClaims({ claims }: { claims: ClaimView[] }) {
  const t = useT();
  return (
    <section className="card stack" aria-labelledby="your-claims">
      <h2 id="your-claims">{t("coop.claims.yours")}</h2>
      {claims.length === 0 ? (
        <p className="muted">{t("coop.claims.none")}</p>
      ) : (
        <ul className="proposal-list stack" data-testid="claims">
          {claims.map((claim) => (
            <li key={claim.id} data-status={claim.status} className="claim-item">
              <p className="proposal-badges">
                <span className="proposal-kind">{t(`coop.claims.kind.${claim.kind}`)}</span>
                <span className={`proposal-state ${STATUS_CLASS[claim.status]}`}>
                  {t(`coop.claims.status.${claim.status}`)}
                </span>
              </p>
              <p>
                <strong data-money>{formatPesoAmount(claim.amount)}</strong> ·{" "}
                <span className="muted">{formatManilaDate(claim.filedAt)}</span>
              </p>
              {claim.status === "waiting_funds" ? <p className="muted">{t("coop.claims.waitingText")}</p> : null}
              {claim.reason ? <p className="muted">{t("coop.claims.reason", { reason: claim.reason })}</p> : null}
              {claim.proposalId ? (
                <Link to={`/coop/proposals/${claim.proposalId}`}>{t("coop.claims.vote")}</Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
