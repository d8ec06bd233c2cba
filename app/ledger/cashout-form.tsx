import { useState, type FormEvent } from "react";
import { ErrorList, Field } from "~/components/field";
import type { CashoutMethod, CashoutStatus } from "~/db/enums";
import { ApiError, apiRequest } from "~/http/api-client";
import { asPesos, centavosToPesos, formatPesoAmount, formatPesos, type Pesos } from "~/money/money";
import { formatManilaDateTime } from "~/time/manila";
import { useMessageText, useT } from "~/i18n/i18n";
import { toast } from "~/toast/toast-store";
import { BANK_CASHOUT_FEE } from "./ledger";
import { cashoutRequestSchema } from "./ledger-schemas";

export interface CashoutItem {
  id: string;
  amount: Pesos;
  fee: Pesos;
  payout: Pesos;
  method: CashoutMethod;
  account: string | null;
  status: CashoutStatus;
  reference: string | null;
  requestedAt: string;
}


/** Cash Out: the form (at most the balance, one open request) and the rider's requests. */
export function CashoutCard({ balance, cashouts, onDone }: { balance: number; cashouts: CashoutItem[]; onDone: () => void }) {
  const t = useT();
  const m = useMessageText();
  const methodLabel = (via: CashoutMethod) => t(`rider.cashout.via.${via}`);
  const statusLabel = (status: CashoutStatus) => t(`rider.cashout.status.${status}`);
  const [method, setMethod] = useState<CashoutMethod>("gcash");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const open = cashouts.find((c) => c.status === "requested" || c.status === "sending");
  // The schema's messages are ids (the server's too), put into the page's language here; the server's answers come in it already.

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const body = { amount: values.amount, method, account: values.account, accountName: values.accountName };
    const parsed = cashoutRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (next[String(issue.path[0] ?? "body")] ??= []).push(m(issue.message));
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    try {
      const { cashout } = await apiRequest<{ cashout: CashoutItem }>("POST", "/api/rider/cashouts", { ...body, amount: parsed.data.amount });
      const amount = formatPesoAmount(asPesos(parsed.data.amount));
      // GCash is sent at once (issue 27): say what happened, not "requested".
      if (cashout.status === "paid") toast({ title: t("rider.cashout.gcashPaid"), description: t("rider.cashout.gcashPaidText", { amount }) });
      else if (cashout.status === "failed") toast({ title: t("rider.cashout.gcashFailed"), description: t("rider.cashout.gcashFailedText", { amount }), variant: "destructive" });
      else if (cashout.status === "sending") toast({ title: t("rider.cashout.gcashSending"), description: t("rider.cashout.requestedBy.gcash", { amount }) });
      else toast({ title: t("rider.cashout.requested"), description: t(`rider.cashout.requestedBy.${method}`, { amount }) });
      form.reset();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        setErrors(Object.keys(error.fieldErrors).length ? error.fieldErrors : { body: [error.serverMessage] });
      } else toast({ title: t("rider.cashout.failed"), description: t("rider.toast.tryAgain"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="cashout-title">
      <h2 id="cashout-title">{t("rider.cashout.title")}</h2>
      {open ? (
        <p className="muted">{t(open.status === "sending" ? "rider.cashout.sendingNow" : "rider.cashout.waiting", { amount: formatPesoAmount(open.amount) })}</p>
      ) : balance <= 0 ? (
        <p className="muted">{t("rider.cashout.nothing", { amount: formatPesos(balance) })}</p>
      ) : (
        <form className="stack" onSubmit={submit} noValidate aria-label={t("rider.cashout.title")}>
          <Field id="cashout-amount" label={t("rider.cashout.amount")} errors={errors.amount} hint={t("rider.cashout.atMost", { amount: formatPesos(balance) })}>
            <input id="cashout-amount" name="amount" type="number" inputMode="decimal" min="0.01" step="0.01" max={centavosToPesos(balance)} required />
          </Field>
          <Field id="cashout-method" label={t("rider.cashout.method")} errors={errors.method}>
            <select id="cashout-method" name="method" value={method} onChange={(event) => setMethod(event.target.value as CashoutMethod)}>
              <option value="gcash">{t("rider.cashout.optionGcash")}</option>
              <option value="bank">{t("rider.cashout.optionBank", { fee: formatPesos(BANK_CASHOUT_FEE) })}</option>
              <option value="office">{t("rider.cashout.optionOffice")}</option>
            </select>
          </Field>
          {method === "gcash" ? (
            <Field id="cashout-account" label={t("rider.cashout.gcashNumber")} errors={errors.account}>
              <input id="cashout-account" name="account" type="tel" inputMode="tel" autoComplete="tel" placeholder="09171234567" required />
            </Field>
          ) : null}
          {method === "bank" ? (
            <>
              <Field id="cashout-account-name" label={t("rider.cashout.accountName")} errors={errors.accountName}>
                <input id="cashout-account-name" name="accountName" type="text" maxLength={100} required />
              </Field>
              <Field id="cashout-account" label={t("rider.cashout.accountNumber")} errors={errors.account}>
                <input id="cashout-account" name="account" type="text" inputMode="numeric" maxLength={40} required />
              </Field>
            </>
          ) : null}
          <ErrorList errors={errors.body} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("rider.cashout.requesting") : t("rider.cashout.request")}
          </button>
        </form>
      )}
      <h3>{t("rider.cashout.requests")}</h3>
      {cashouts.length === 0 ? (
        <p className="muted">{t("rider.cashout.none")}</p>
      ) : (
        <ul className="ledger-entries" data-testid="cashouts">
          {cashouts.map((cashout) => (
            <li key={cashout.id} data-status={cashout.status}>
              <span>
                {methodLabel(cashout.method)}
                {cashout.reference ? <span className="muted"> · {t("rider.cashout.ref", { reference: cashout.reference })}</span> : null}
              </span>
              <span className="muted">{formatManilaDateTime(cashout.requestedAt)}</span>
              <span>
                <strong>{formatPesoAmount(cashout.amount)}</strong> <span className={`cashout-status cashout-${cashout.status}`}>{statusLabel(cashout.status)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
