import { useState, type FormEvent } from "react";
import { ErrorList, Field } from "~/components/field";
import { ApiError, apiRequest } from "~/http/api-client";
import { formatPesos, pesosToCentavos } from "~/money/money";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import type { CashoutView, RiderBalanceItem } from "./cashouts.server";

const METHOD_LABELS = { gcash: "GCash", bank: "Bank transfer", office: "At the office" } as const;
const pesos = (amount: number) => formatPesos(pesosToCentavos(amount));

function failure(error: unknown): string {
  return error instanceof ApiError && error.status < 500 ? error.serverMessage : "Please try again.";
}

/** One waiting request: who, how much, where to send it; Mark Paid (with the reference) or Reject. */
function QueueItem({ cashout, onDone }: { cashout: CashoutView; onDone: () => void }) {
  const [reference, setReference] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>();
  async function settle(status: "paid" | "rejected") {
    setBusy(true);
    try {
      await apiRequest("POST", `/api/admin/cashouts/${cashout.id}`, { status, reference: reference.trim() || undefined });
      toast({ title: status === "paid" ? "Cash-out paid" : "Cash-out rejected", description: `${cashout.rider?.name}: ${pesos(cashout.amount)}` });
      setError(undefined);
      onDone();
    } catch (caught) {
      setError([failure(caught)]);
    } finally {
      setBusy(false);
    }
  }
  const refId = `reference-${cashout.id}`;
  return (
    <li className="card stack" data-cashout-id={cashout.id}>
      <p>
        <strong>{cashout.rider?.name}</strong> <span className="muted">{cashout.rider?.phoneNumber}</span>
      </p>
      <p>
        {pesos(cashout.amount)} by {METHOD_LABELS[cashout.method]}
        {cashout.fee > 0 ? ` (send ${pesos(cashout.payout)} after the ${pesos(cashout.fee)} fee)` : ""}
        {cashout.account ? ` to ${cashout.accountName ? `${cashout.accountName}, ` : ""}${cashout.account}` : ""}
      </p>
      <p className="muted">Requested {formatManilaDateTime(cashout.requestedAt)}</p>
      <Field id={refId} label={cashout.method === "office" ? "Reference (optional)" : "Transfer reference"} errors={error}>
        <input id={refId} type="text" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </Field>
      <div className="admin-actions">
        <button type="button" className="button" disabled={busy} onClick={() => settle("paid")}>
          Mark Paid
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => settle("rejected")}>
          Reject
        </button>
      </div>
    </li>
  );
}

export function CashoutQueue({ cashouts, onDone }: { cashouts: CashoutView[]; onDone: () => void }) {
  return (
    <section className="card" aria-labelledby="queue-title">
      <h2 id="queue-title">Waiting cash-outs</h2>
      {cashouts.length === 0 ? (
        <p className="muted">No cash-out requests are waiting.</p>
      ) : (
        <ul className="stack cashout-queue" data-testid="cashout-queue">
          {cashouts.map((cashout) => (
            <QueueItem key={cashout.id} cashout={cashout} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Record a remittance: cash a rider handed in; the receipt number is shown in the toast. */
export function RemittanceForm({ riders, onDone }: { riders: RiderBalanceItem[]; onDone: () => void }) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setBusy(true);
    try {
      const amount = values.amount?.trim() ? Number(values.amount) : undefined;
      const receipt = await apiRequest<{ receiptNumber: string }>("POST", `/api/admin/riders/${encodeURIComponent(values.riderId ?? "")}/remittances`, {
        amount,
        note: values.note || undefined,
      });
      toast({ title: "Remittance recorded", description: `Receipt ${receipt.receiptNumber}` });
      setErrors({});
      form.reset();
      onDone();
    } catch (caught) {
      setErrors(caught instanceof ApiError && Object.keys(caught.fieldErrors).length ? caught.fieldErrors : { body: [failure(caught)] });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card" aria-labelledby="remittance-title">
      <h2 id="remittance-title">Record a remittance</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <Field id="remittance-rider" label="Rider">
          <select id="remittance-rider" name="riderId" required>
            {riders.map((rider) => (
              <option key={rider.id} value={rider.id}>
                {rider.name} ({formatPesos(rider.balance)})
              </option>
            ))}
          </select>
        </Field>
        <Field id="remittance-amount" label="Amount handed in (₱)" errors={errors.amount}>
          <input id="remittance-amount" name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" required />
        </Field>
        <Field id="remittance-note" label="Note (optional)" errors={errors.note}>
          <input id="remittance-note" name="note" type="text" maxLength={200} />
        </Field>
        <ErrorList errors={errors.body} />
        <button type="submit" className="button" disabled={busy || riders.length === 0}>
          {busy ? "Recording..." : "Record Remittance"}
        </button>
      </form>
    </section>
  );
}

export function RiderBalances({ riders }: { riders: RiderBalanceItem[] }) {
  return (
    <section className="card" aria-labelledby="balances-title">
      <h2 id="balances-title">Riders' balances</h2>
      {riders.length === 0 ? (
        <p className="muted">No riders yet.</p>
      ) : (
        <ul className="stack" data-testid="rider-balances">
          {riders.map((rider) => (
            <li key={rider.id} className="admin-balance-row">
              <span>{rider.name}</span>
              <strong>{rider.balance < 0 ? `owes ${formatPesos(-rider.balance)}` : `owed ${formatPesos(rider.balance)}`}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Adjust a balance: an admin's correction, positive or negative, with the reason as its note. */
export function AdjustmentForm({ riders, onDone }: { riders: RiderBalanceItem[]; onDone: () => void }) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setBusy(true);
    try {
      const answer = await apiRequest<{ balance: number }>("POST", `/api/admin/riders/${encodeURIComponent(values.riderId ?? "")}/adjustments`, {
        amount: values.amount?.trim() ? Number(values.amount) : undefined,
        note: values.note,
      });
      toast({ title: "Balance adjusted", description: `New balance ${pesos(answer.balance)}` });
      setErrors({});
      form.reset();
      onDone();
    } catch (caught) {
      setErrors(caught instanceof ApiError && Object.keys(caught.fieldErrors).length ? caught.fieldErrors : { body: [failure(caught)] });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card" aria-labelledby="adjustment-title">
      <h2 id="adjustment-title">Adjust a balance</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <Field id="adjustment-rider" label="Rider">
          <select id="adjustment-rider" name="riderId" required>
            {riders.map((rider) => (
              <option key={rider.id} value={rider.id}>
                {rider.name} ({formatPesos(rider.balance)})
              </option>
            ))}
          </select>
        </Field>
        <Field id="adjustment-amount" label="Amount (₱, negative to take from the balance)" errors={errors.amount}>
          <input id="adjustment-amount" name="amount" type="number" inputMode="decimal" step="0.01" required />
        </Field>
        <Field id="adjustment-note" label="Reason" errors={errors.note}>
          <input id="adjustment-note" name="note" type="text" maxLength={200} required />
        </Field>
        <ErrorList errors={errors.body} />
        <button type="submit" className="button button-secondary" disabled={busy || riders.length === 0}>
          {busy ? "Saving..." : "Adjust Balance"}
        </button>
      </form>
    </section>
  );
}
