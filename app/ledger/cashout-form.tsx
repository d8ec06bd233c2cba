import { useState, type FormEvent } from "react";
import { ErrorList, Field } from "~/components/field";
import type { CashoutMethod, CashoutStatus } from "~/db/enums";
import { ApiError, apiRequest } from "~/http/api-client";
import { formatPesos, pesosToCentavos } from "~/money/money";
import { formatManilaDateTime } from "~/time/manila";
import { toast } from "~/toast/toast-store";
import { BANK_CASHOUT_FEE } from "./ledger";
import { cashoutRequestSchema } from "./ledger-schemas";

export interface CashoutItem {
  id: string;
  amount: number;
  fee: number;
  payout: number;
  method: CashoutMethod;
  account: string | null;
  status: CashoutStatus;
  reference: string | null;
  requestedAt: string;
}

const METHOD_LABELS: Record<CashoutMethod, string> = { gcash: "GCash", bank: "Bank transfer", office: "At the office" };
const STATUS_LABELS: Record<CashoutStatus, string> = { requested: "Requested", paid: "Paid", rejected: "Rejected" };

/** Cash Out: the form (at most the balance, one open request) and the rider's requests. */
export function CashoutCard({ balance, cashouts, onDone }: { balance: number; cashouts: CashoutItem[]; onDone: () => void }) {
  const [method, setMethod] = useState<CashoutMethod>("gcash");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const open = cashouts.find((c) => c.status === "requested");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const body = { amount: values.amount, method, account: values.account, accountName: values.accountName };
    const parsed = cashoutRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (next[String(issue.path[0] ?? "body")] ??= []).push(issue.message);
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest("POST", "/api/rider/cashouts", { ...body, amount: parsed.data.amount });
      toast({ title: "Cash-out requested", description: `${formatPesos(pesosToCentavos(parsed.data.amount))} by ${METHOD_LABELS[method]}` });
      form.reset();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        setErrors(Object.keys(error.fieldErrors).length ? error.fieldErrors : { body: [error.serverMessage] });
      } else toast({ title: "Cash-out failed", description: "Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="cashout-title">
      <h2 id="cashout-title">Cash Out</h2>
      {open ? (
        <p className="muted">Your request of {formatPesos(pesosToCentavos(open.amount))} is waiting for an admin. You can ask again once it is settled.</p>
      ) : balance <= 0 ? (
        <p className="muted">Nothing to cash out yet: your balance is {formatPesos(balance)}.</p>
      ) : (
        <form className="stack" onSubmit={submit} noValidate aria-label="Cash Out">
          <Field id="cashout-amount" label="Amount (₱)" errors={errors.amount} hint={`At most ${formatPesos(balance)}.`}>
            <input id="cashout-amount" name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" max={balance / 100} required />
          </Field>
          <Field id="cashout-method" label="Send it by" errors={errors.method}>
            <select id="cashout-method" name="method" value={method} onChange={(event) => setMethod(event.target.value as CashoutMethod)}>
              <option value="gcash">GCash (free)</option>
              <option value="bank">Bank transfer ({formatPesos(BANK_CASHOUT_FEE)} fee, taken from the amount)</option>
              <option value="office">At the office (free)</option>
            </select>
          </Field>
          {method === "gcash" ? (
            <Field id="cashout-account" label="GCash mobile number" errors={errors.account}>
              <input id="cashout-account" name="account" type="tel" inputMode="tel" autoComplete="tel" placeholder="09171234567" required />
            </Field>
          ) : null}
          {method === "bank" ? (
            <>
              <Field id="cashout-account-name" label="Account name" errors={errors.accountName}>
                <input id="cashout-account-name" name="accountName" type="text" maxLength={100} required />
              </Field>
              <Field id="cashout-account" label="Account number" errors={errors.account}>
                <input id="cashout-account" name="account" type="text" inputMode="numeric" maxLength={40} required />
              </Field>
            </>
          ) : null}
          <ErrorList errors={errors.body} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Requesting..." : "Request Cash Out"}
          </button>
        </form>
      )}
      <h3>Your requests</h3>
      {cashouts.length === 0 ? (
        <p className="muted">No cash-outs yet.</p>
      ) : (
        <ul className="ledger-entries" data-testid="cashouts">
          {cashouts.map((cashout) => (
            <li key={cashout.id} data-status={cashout.status}>
              <span>
                {METHOD_LABELS[cashout.method]}
                {cashout.reference ? <span className="muted"> · Ref {cashout.reference}</span> : null}
              </span>
              <span className="muted">{formatManilaDateTime(cashout.requestedAt)}</span>
              <span>
                <strong>{formatPesos(pesosToCentavos(cashout.amount))}</strong> <span className={`cashout-status cashout-${cashout.status}`}>{STATUS_LABELS[cashout.status]}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
