import { useState } from "react";
import { Field } from "~/components/field";
import { ListCard } from "~/components/list-card";
import { failure, useAdminAction } from "~/admin/use-admin-action";
import { apiRequest } from "~/http/api-client";
import { useT } from "~/i18n/i18n";
import { formatPesos } from "~/money/money";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { OwedFeeItem } from "./owed-fees-admin.server";
import type { QueuedRefund } from "./refunds.server";

/** The admin's unpaid cancellation fees (Waive with a reason) and refunds waiting for the gateway (Retry): decision 0182. */


export function RefundsQueue({ refunds, onDone }: { refunds: QueuedRefund[]; onDone: () => void }) {
  const t = useT();
  return (
    <ListCard titleId="refunds-title" heading={t("adminMoney.refunds.heading")} empty={t("adminMoney.refunds.empty")} items={refunds} testId="refunds-queue">
      {(refund) => <RefundRow key={refund.paymentId} refund={refund} onDone={onDone} />}
    </ListCard>
  );
}

export function OwedFees({ fees, onDone }: { fees: OwedFeeItem[]; onDone: () => void }) {
  const t = useT();
  return (
    <ListCard titleId="owed-title" heading={t("adminMoney.owed.heading")} empty={t("adminMoney.owed.empty")} items={fees} testId="owed-fees">
      {(fee) => <OwedFeeRow key={fee.id} fee={fee} onDone={onDone} />}
    </ListCard>
  );
}

function OwedFeeRow({ fee, onDone }: { fee: OwedFeeItem; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const { busy, error, run } = useAdminAction(onDone);
  const t = useT();
  const waive = () =>
    run(async () => {
      await apiRequest("POST", `/api/admin/owed-fees/${fee.id}/waive`, { reason: reason.trim() });
      toast({ title: t("adminMoney.owed.waivedToast"), description: `${fee.customerName}: ${formatPesos(fee.amount)}` });
    });
  const reasonId = `waive-reason-${fee.id}`;
  return (
    <li className="card stack" data-owed-fee-id={fee.id}>
      <p>
        <strong>{fee.customerName}</strong> <span className="muted">{fee.customerPhone}</span>
      </p>
      <p>{t("adminMoney.owed.line", { amount: formatPesos(fee.amount), date: formatManilaDateTime(fee.createdAt) })}</p>
      {fee.collectedBy ? <p className="muted">{t("adminMoney.owed.collecting")}</p> : null}
      <Field id={reasonId} label={t("adminMoney.owed.reason")} errors={error}>
        <input id={reasonId} type="text" maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="admin-actions">
        <button type="button" className="button button-secondary" disabled={busy || !reason.trim()} onClick={waive}>
          {t("adminMoney.owed.waive")}
        </button>
      </div>
    </li>
  );
}

function RefundRow({ refund, onDone }: { refund: QueuedRefund; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  async function retry() {
    setBusy(true);
    try {
      const answer = await apiRequest<{ status: string; error: string | null }>("POST", `/api/admin/refunds/${refund.paymentId}/retry`);
      toast({ title: answer.status === "refunded" ? t("adminMoney.refunds.doneToast") : t("adminMoney.refunds.failedToast") });
      onDone();
    } catch (caught) {
      toast({ title: failure(caught, t("adminMoney.tryAgain")) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="card stack" data-refund-payment-id={refund.paymentId}>
      <p>
        <strong>{formatPesos(refund.amount)}</strong>{" "}
        <span className="muted">{t("adminMoney.refunds.since", { date: formatManilaDateTime(refund.createdAt) })}</span>
      </p>
      <p className="muted">{t("adminMoney.refunds.attempts", { attempts: refund.attempts, next: formatManilaDateTime(refund.nextAt) })}</p>
      {refund.lastError ? <p className="field-error">{refund.lastError}</p> : null}
      <div className="admin-actions">
        <button type="button" className="button" disabled={busy} onClick={retry}>
          {t("adminMoney.refunds.retry")}
        </button>
      </div>
    </li>
  );
}
