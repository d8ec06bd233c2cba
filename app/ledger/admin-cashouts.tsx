import { useState, type FormEvent } from "react";
import { ErrorList, Field } from "~/components/field";
import { ListCard } from "~/components/list-card";
import { failure, useAdminAction } from "~/admin/use-admin-action";
import { ApiError } from "~/http/api-client";
import { useIntentKeys } from "~/http/use-intent-keys";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount, formatPesos, type Pesos } from "~/money/money";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { CashoutView, RiderBalanceItem } from "./cashouts.server";

/** One waiting request: who, how much, where to send it; Mark Paid (with the reference) or Reject. */
function QueueItem({ cashout, onDone }: { cashout: CashoutView; onDone: () => void }) {
  const [reference, setReference] = useState("");
  const { busy, error, run } = useAdminAction(onDone);
  const t = useT();
  const keys = useIntentKeys();
  const settle = (status: "paid" | "rejected") =>
    run(async () => {
      await keys.request(`settle:${status}`, "POST", `/api/admin/cashouts/${cashout.id}`, { status, reference: reference.trim() || undefined });
      toast({
        title: status === "paid" ? t("adminMoney.queue.paidToast") : t("adminMoney.queue.rejectedToast"),
        description: `${cashout.rider?.name}: ${formatPesoAmount(cashout.amount)}`,
      });
    });
  const refId = `reference-${cashout.id}`;
  return (
    <li className="card stack" data-cashout-id={cashout.id}>
      <p>
        <strong>{cashout.rider?.name}</strong> <span className="muted">{cashout.rider?.phoneNumber}</span>
      </p>
      <p>
        {t("adminMoney.queue.amountBy", { amount: formatPesoAmount(cashout.amount), method: t(`adminMoney.method.${cashout.method}`) })}
        {cashout.fee > 0 ? t("adminMoney.queue.afterFee", { payout: formatPesoAmount(cashout.payout), fee: formatPesoAmount(cashout.fee) }) : ""}
        {cashout.account ? t("adminMoney.queue.to", { account: `${cashout.accountName ? `${cashout.accountName}, ` : ""}${cashout.account}` }) : ""}
      </p>
      <p className="muted">{t("adminMoney.queue.requested", { date: formatManilaDateTime(cashout.requestedAt) })}</p>
      <Field id={refId} label={cashout.method === "office" ? t("adminMoney.queue.referenceOptional") : t("adminMoney.queue.reference")} errors={error}>
        <input id={refId} type="text" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </Field>
      <div className="admin-actions">
        <button type="button" className="button" disabled={busy} onClick={() => settle("paid")}>
          {t("adminMoney.queue.markPaid")}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => settle("rejected")}>
          {t("adminMoney.queue.reject")}
        </button>
      </div>
    </li>
  );
}

export function CashoutQueue({ cashouts, onDone }: { cashouts: CashoutView[]; onDone: () => void }) {
  const t = useT();
  return (
    <ListCard
      titleId="queue-title"
      heading={t("adminMoney.queue.heading")}
      empty={t("adminMoney.queue.empty")}
      items={cashouts}
      testId="cashout-queue"
      listClassName="stack cashout-queue"
    >
      {(cashout) => <QueueItem key={cashout.id} cashout={cashout} onDone={onDone} />}
    </ListCard>
  );
}

/**
 * A form about a rider's balance: sends its values with `send` (which toasts the answer), then
 * clears the form; a refusal shows as field errors, or under the form.
 */
function useBalanceForm(send: (values: Record<string, string>) => Promise<void>, onDone: () => void) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const t = useT();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setBusy(true);
    try {
      await send(values);
      setErrors({});
      form.reset();
      onDone();
    } catch (caught) {
      setErrors(caught instanceof ApiError && Object.keys(caught.fieldErrors).length ? caught.fieldErrors : { body: [failure(caught, t("adminMoney.tryAgain"))] });
    } finally {
      setBusy(false);
    }
  }
  return { errors, busy, submit };
}

/** The rider a remittance or an adjustment is for, with each rider's balance. */
function RiderSelect({ id, riders }: { id: string; riders: RiderBalanceItem[] }) {
  const t = useT();
  return (
    <Field id={id} label={t("adminMoney.rider")}>
      <select id={id} name="riderId" required>
        {riders.map((rider) => (
          <option key={rider.id} value={rider.id}>
            {rider.name} ({formatPesos(rider.balance)})
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Record a remittance: cash a rider handed in; the receipt number is shown in the toast. */
export function RemittanceForm({ riders, onDone }: { riders: RiderBalanceItem[]; onDone: () => void }) {
  const t = useT();
  const keys = useIntentKeys();
  const { errors, busy, submit } = useBalanceForm(async (values) => {
    const amount = values.amount?.trim() ? Number(values.amount) : undefined;
    const receipt = await keys.request<{ receiptNumber: string }>("remittance", "POST", `/api/admin/riders/${encodeURIComponent(values.riderId ?? "")}/remittances`, {
      amount,
      note: values.note || undefined,
    });
    toast({ title: t("adminMoney.remittance.toast"), description: t("adminMoney.remittance.toastText", { number: receipt.receiptNumber }) });
  }, onDone);
  return (
    <section className="card" aria-labelledby="remittance-title">
      <h2 id="remittance-title">{t("adminMoney.remittance.heading")}</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <RiderSelect id="remittance-rider" riders={riders} />
        <Field id="remittance-amount" label={t("adminMoney.remittance.amount")} errors={errors.amount}>
          <input id="remittance-amount" name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" required />
        </Field>
        <Field id="remittance-note" label={t("adminMoney.remittance.note")} errors={errors.note}>
          <input id="remittance-note" name="note" type="text" maxLength={200} />
        </Field>
        <ErrorList errors={errors.body} />
        <button type="submit" className="button" disabled={busy || riders.length === 0}>
          {busy ? t("adminMoney.recording") : t("adminMoney.remittance.submit")}
        </button>
      </form>
    </section>
  );
}

export function RiderBalances({ riders }: { riders: RiderBalanceItem[] }) {
  const t = useT();
  return (
    <ListCard titleId="balances-title" heading={t("adminMoney.balances.heading")} empty={t("adminMoney.balances.empty")} items={riders} testId="rider-balances">
      {(rider) => (
        <li key={rider.id} className="admin-balance-row">
          <span>{rider.name}</span>
          <strong>{rider.balance < 0
              ? t("adminMoney.balances.owes", { amount: formatPesos(-rider.balance) })
              : t("adminMoney.balances.owed", { amount: formatPesos(rider.balance) })}</strong>
        </li>
      )}
    </ListCard>
  );
}

/** Adjust a balance: an admin's correction, positive or negative, with the reason as its note. */
export function AdjustmentForm({ riders, onDone }: { riders: RiderBalanceItem[]; onDone: () => void }) {
  const t = useT();
  const keys = useIntentKeys();
  const { errors, busy, submit } = useBalanceForm(async (values) => {
    const answer = await keys.request<{ balance: Pesos }>("adjustment", "POST", `/api/admin/riders/${encodeURIComponent(values.riderId ?? "")}/adjustments`, {
      amount: values.amount?.trim() ? Number(values.amount) : undefined,
      note: values.note,
    });
    toast({ title: t("adminMoney.adjustment.toast"), description: t("adminMoney.adjustment.toastText", { amount: formatPesoAmount(answer.balance) }) });
  }, onDone);
  return (
    <section className="card" aria-labelledby="adjustment-title">
      <h2 id="adjustment-title">{t("adminMoney.adjustment.heading")}</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <RiderSelect id="adjustment-rider" riders={riders} />
        <Field id="adjustment-amount" label={t("adminMoney.adjustment.amount")} errors={errors.amount}>
          <input id="adjustment-amount" name="amount" type="number" inputMode="decimal" step="0.01" required />
        </Field>
        <Field id="adjustment-note" label={t("adminMoney.adjustment.reason")} errors={errors.note}>
          <input id="adjustment-note" name="note" type="text" maxLength={200} required />
        </Field>
        <ErrorList errors={errors.body} />
        <button type="submit" className="button button-secondary" disabled={busy || riders.length === 0}>
          {busy ? t("adminMoney.saving") : t("adminMoney.adjustment.submit")}
        </button>
      </form>
    </section>
  );
}
