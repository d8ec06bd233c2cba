import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { FormIntent, useAnswer, useSending } from "~/admin/form-parts";
import { ListCard } from "~/components/list-card";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount, formatPesos, type Centavos } from "~/money/money";
import { formatManilaDateTime } from "~/i18n/manila";
import type { AdminClaimItem } from "~/coop/claim-view";
import { claimDecisionFormSchema } from "~/coop/claim-schemas";

const ACTION = "/admin/claims";

/** What every claim card shows: kind, amount, who filed it and when (Manila), the note and the document photos. */
function ClaimFacts({ claim }: { claim: AdminClaimItem }) {
  const t = useT();
  return (
    <>
      <p>
        <strong>{t(`coop.claims.kind.${claim.kind}`)}</strong> ·{" "}
        <strong className="nowrap">{formatPesoAmount(claim.amount)}</strong>
      </p>
      <p>
        {claim.claimant.name ?? t("adminMoney.claims.unnamed")}{" "}
        <span className="muted nowrap">{claim.claimant.phoneNumber}</span>
      </p>
      <p className="muted">{t("adminMoney.claims.filed", { date: formatManilaDateTime(claim.filedAt) })}</p>
      <p className="claim-note">{claim.note}</p>
      {claim.photos.length > 0 ? (
        <ul className="claim-photos" aria-label={t("adminMoney.claims.photos")}>
          {claim.photos.map((photo) => (
            <li key={photo.n}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                {t("adminMoney.claims.photo", { n: String(photo.n) })}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("adminMoney.claims.noPhotos")}</p>
      )}
    </>
  );
}

/** A pending claim: its facts, a reason, and Approve / Reject posted to the page's action (with or without JavaScript). */
function PendingClaim({ claim, formKey }: { claim: AdminClaimItem; formKey: string }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useActionForm(claimDecisionFormSchema, {
    id: `claim-${claim.id}`,
    checkOn: "submit",
    lastResult: useAnswer(fetcher.data, { intent: "decide", claimId: claim.id }),
  });
  const busy = useSending(fetcher.state);
  const t = useT();
  return (
    <li className="card stack claim-card" data-claim-id={claim.id}>
      <ClaimFacts claim={claim} />
      <fetcher.Form method="post" action={ACTION} className="stack" {...getFormProps(form)}>
        <FormIntent intent="decide" formKey={formKey} />
        <input type="hidden" name="claimId" value={claim.id} />
        <div className="field">
          <label htmlFor={fields.reason.id}>{t("adminMoney.claims.reason")}</label>
          <textarea {...getTextareaProps(fields.reason)} rows={2} required={false} />
          <FormErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <FormErrors
          errors={[...(form.errors ?? []), ...(fields.decision.errors ?? []), ...(fields.claimId.errors ?? [])]}
        />
        <div className="admin-actions">
          <button type="submit" name="decision" value="approve" className="button" disabled={busy}>
            {t("adminMoney.claims.approve")}
          </button>
          <button type="submit" name="decision" value="reject" className="button button-secondary" disabled={busy}>
            {t("adminMoney.claims.reject")}
          </button>
        </div>
      </fetcher.Form>
    </li>
  );
}

/** A claim no admin decides now: in the members' vote, waiting for funds, or decided. */
function SettledClaim({ claim }: { claim: AdminClaimItem }) {
  const t = useT();
  return (
    <li className="card stack claim-card" data-claim-id={claim.id}>
      <ClaimFacts claim={claim} />
      <p>
        <strong>{t(`server.claims.status.${claim.status}`)}</strong>
        {claim.decidedAt ? ` · ${formatManilaDateTime(claim.decidedAt)}` : ""}
      </p>
      {claim.reason ? (
        <p className="claim-note">{t("adminMoney.claims.reasonGiven", { reason: claim.reason })}</p>
      ) : null}
    </li>
  );
}

/** /admin/claims: the member benefits fund's balance, the pending claims first, then those in the members' vote, then the latest decided. */
export function AdminClaims({
  fundBalance,
  owed,
  limit,
  pending,
  inVote,
  waiting,
  decided,
  formKey,
}: {
  fundBalance: Centavos;
  owed: Centavos;
  limit: Centavos;
  pending: AdminClaimItem[];
  inVote: AdminClaimItem[];
  waiting: AdminClaimItem[];
  decided: AdminClaimItem[];
  formKey: string;
}) {
  const t = useT();
  return (
    <>
      <p data-testid="claims-fund-balance">
        {t("adminMoney.claims.fund", { balance: formatPesos(fundBalance), limit: formatPesos(limit) })}
      </p>
      {owed > 0 ? (
        <p data-testid="claims-owed">{t("adminMoney.claims.waitingText", { owed: formatPesos(owed) })}</p>
      ) : null}
      <ListCard
        titleId="claims-pending-title"
        heading={t("adminMoney.claims.pending")}
        empty={t("adminMoney.claims.pendingEmpty")}
        items={pending}
        testId="claims-pending"
        listClassName="stack claim-list"
      >
        {(claim) => <PendingClaim key={claim.id} claim={claim} formKey={formKey} />}
      </ListCard>
      <ListCard
        titleId="claims-vote-title"
        heading={t("adminMoney.claims.inVote")}
        empty={t("adminMoney.claims.inVoteEmpty")}
        items={inVote}
        testId="claims-in-vote"
        listClassName="stack claim-list"
      >
        {(claim) => <SettledClaim key={claim.id} claim={claim} />}
      </ListCard>
      <ListCard
        titleId="claims-waiting-title"
        heading={t("adminMoney.claims.waiting")}
        empty={t("adminMoney.claims.waitingEmpty")}
        items={waiting}
        testId="claims-waiting"
        listClassName="stack claim-list"
      >
        {(claim) => <SettledClaim key={claim.id} claim={claim} />}
      </ListCard>
      <ListCard
        titleId="claims-decided-title"
        heading={t("adminMoney.claims.decided")}
        empty={t("adminMoney.claims.decidedEmpty")}
        items={decided}
        testId="claims-decided"
        listClassName="stack claim-list"
      >
        {(claim) => <SettledClaim key={claim.id} claim={claim} />}
      </ListCard>
    </>
  );
}
