import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { FORM_KEY_FIELD } from "~/forms/form-key";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/field";
import type { CashoutMethod, CashoutStatus } from "~/db/enums";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { formatPesoAmount, formatPesos, type Pesos } from "~/money/money";
import { formatManilaDateTime } from "~/i18n/manila";
import { useMessageText, useT } from "~/i18n/i18n";
import { BANK_CASHOUT_FEE } from "~/ledger/ledger-rules";
import { cashoutRequestSchema } from "~/ledger/ledger-schemas";

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

/**
 * Cash Out, first on View Earnings: the balance (what the co-op owes the rider, or they owe it), the
 * form (at most the balance, one open request) and the rider's requests. A Remix form
 * posting to the earnings page's action (decision 0187), with or without JavaScript; the fields of
 * the chosen method show by CSS (`:has`), so choosing needs no script. `idempotencyKey` was made
 * when the page was rendered: a double submit pays once.
 */
export function CashoutCard({
  balance,
  cashouts,
  idempotencyKey,
  gcash,
}: {
  balance: number;
  cashouts: CashoutItem[];
  idempotencyKey: string;
  /** The GCash account (number and registered name) of the rider's last GCash cash-out: filled in, so it is entered once. */
  gcash: { number: string; name: string } | null;
}) {
  const t = useT();
  const m = useMessageText();
  const methodLabel = (via: CashoutMethod) => t(`rider.cashout.via.${via}`);
  const statusLabel = (status: CashoutStatus) => t(`rider.cashout.status.${status}`);
  const open = cashouts.find((c) => c.status === "requested" || c.status === "sending");
  const lastResult = useActionData<FormAnswer>();
  const [form, fields] = useActionForm(cashoutRequestSchema, {
    id: "cashout",
    lastResult,
    defaultValue: { method: "gcash", ...(gcash ? { account: gcash.number, accountName: gcash.name } : {}) },
  });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get(FORM_KEY_FIELD) === idempotencyKey;
  const said = (errors: string[] | undefined) => errors?.map((error) => m(error));

  return (
    <section className="card" aria-labelledby="cashout-title">
      <h2 id="cashout-title">{t("rider.cashout.title")}</h2>
      <p className="rider-balance-line">
        <span>{t("rider.ledger.balance")}</span>{" "}
        <strong className="rider-balance" data-testid="ledger-balance">
          {formatPesos(balance)}
        </strong>
      </p>
      {/* Owing, what to do about it; owed, what it is made of: with the entries (LedgerCard). */}
      {balance < 0 ? <p className="muted rider-note">{t("rider.ledger.owing")}</p> : null}
      {open ? (
        <p className="muted">
          {t(open.status === "sending" ? "rider.cashout.sendingNow" : "rider.cashout.waiting", {
            amount: formatPesoAmount(open.amount),
          })}
        </p>
      ) : balance <= 0 ? (
        <p className="muted">{t("rider.cashout.nothing", { amount: formatPesos(balance) })}</p>
      ) : (
        <Form
          method="post"
          className="stack cashout-form"
          {...getFormProps(form)}
          aria-label={t("rider.cashout.title")}
        >
          <input type="hidden" name={FORM_KEY_FIELD} value={idempotencyKey} />
          <Field
            id="cashout-amount"
            label={t("rider.cashout.amount")}
            errors={said(fields.amount.errors)}
            hint={t("rider.cashout.atMost", { amount: formatPesos(balance) })}
          >
            <input
              {...getInputProps(fields.amount, { type: "text" })}
              id="cashout-amount"
              inputMode="decimal"
              autoComplete="off"
              required={false}
            />
          </Field>
          <Field id="cashout-method" label={t("rider.cashout.method")} errors={said(fields.method.errors)}>
            <select {...getSelectProps(fields.method)} id="cashout-method" required={false}>
              <option value="gcash">{t("rider.cashout.optionGcash")}</option>
              <option value="bank">{t("rider.cashout.optionBank", { fee: formatPesos(BANK_CASHOUT_FEE) })}</option>
              <option value="office">{t("rider.cashout.optionOffice")}</option>
            </select>
          </Field>
          <div className="cashout-for-account">
            <Field
              id="cashout-account"
              label={
                <>
                  <span className="cashout-for-gcash">{t("rider.cashout.gcashNumber")}</span>
                  <span className="cashout-for-bank">{t("rider.cashout.accountNumber")}</span>
                </>
              }
              errors={said(fields.account.errors)}
            >
              <input
                {...getInputProps(fields.account, { type: "text" })}
                id="cashout-account"
                inputMode="tel"
                autoComplete="tel"
                maxLength={40}
                placeholder="09171234567"
              />
            </Field>
          </div>
          <div className="cashout-for-account">
            <Field
              id="cashout-account-name"
              label={
                <>
                  <span className="cashout-for-gcash">{t("rider.cashout.gcashName")}</span>
                  <span className="cashout-for-bank">{t("rider.cashout.accountName")}</span>
                </>
              }
              hint={<span className="cashout-for-gcash">{t("rider.cashout.gcashNameHint")}</span>}
              errors={said(fields.accountName.errors)}
            >
              <input
                {...getInputProps(fields.accountName, { type: "text" })}
                id="cashout-account-name"
                autoComplete="name"
              />
            </Field>
          </div>
          <FormErrors errors={form.errors} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("rider.cashout.requesting") : t("rider.cashout.request")}
          </button>
        </Form>
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
                {cashout.reference ? (
                  <span className="muted"> · {t("rider.cashout.ref", { reference: cashout.reference })}</span>
                ) : null}
              </span>
              <span className="muted">{formatManilaDateTime(cashout.requestedAt)}</span>
              <span>
                <strong>{formatPesoAmount(cashout.amount)}</strong>{" "}
                <span className={`cashout-status cashout-${cashout.status}`}>{statusLabel(cashout.status)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
