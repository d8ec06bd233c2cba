import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormIntent, useAnswer, useSending } from "~/admin/form-parts";
import { adjustmentFormSchema, remittanceFormSchema, settleFormSchema } from "~/admin/money-actions";
import { ListCard } from "~/components/list-card";

import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount, formatPesos } from "~/money/money";
import { formatManilaDateTime } from "~/i18n/manila";
import type { CashoutView, RiderBalanceItem } from "~/ledger/cashouts.server";

const ACTION = "/admin/cashouts";

/** One waiting request: who, how much, where to send it; Mark Paid (with the reference) or Reject. */
function QueueItem({ cashout, formKey }: { cashout: CashoutView; formKey: string }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useActionForm(settleFormSchema, {
    id: `settle-${cashout.id}`,
    lastResult: useAnswer(fetcher.data, { intent: "settle", cashoutId: cashout.id }),
  });
  const busy = useSending(fetcher.state);
  const t = useT();
  return (
    <li className="card stack" data-cashout-id={cashout.id}>
      <p>
        <strong>{cashout.rider?.name}</strong> <span className="muted nowrap">{cashout.rider?.phoneNumber}</span>
      </p>
      <p>
        {t("adminMoney.queue.amountBy", {
          amount: formatPesoAmount(cashout.amount),
          method: t(`adminMoney.method.${cashout.method}`),
        })}
        {cashout.fee > 0
          ? t("adminMoney.queue.afterFee", {
              payout: formatPesoAmount(cashout.payout),
              fee: formatPesoAmount(cashout.fee),
            })
          : ""}
        {cashout.account
          ? t("adminMoney.queue.to", {
              account: `${cashout.accountName ? `${cashout.accountName}, ` : ""}${cashout.account}`,
            })
          : ""}
      </p>
      <p className="muted">{t("adminMoney.queue.requested", { date: formatManilaDateTime(cashout.requestedAt) })}</p>
      <fetcher.Form method="post" action={ACTION} className="stack" {...getFormProps(form)}>
        <FormIntent intent="settle" formKey={formKey} />
        <input type="hidden" name="cashoutId" value={cashout.id} />
        <div className="field">
          <label htmlFor={fields.reference.id}>
            {cashout.method === "office" ? t("adminMoney.queue.referenceOptional") : t("adminMoney.queue.reference")}
          </label>
          <input {...getInputProps(fields.reference, { type: "text" })} />
          <FormErrors id={fields.reference.errorId} errors={fields.reference.errors} />
        </div>
        <FormErrors
          errors={[...(form.errors ?? []), ...(fields.status.errors ?? []), ...(fields.cashoutId.errors ?? [])]}
        />
        <div className="admin-actions">
          <button type="submit" name="status" value="paid" className="button" disabled={busy}>
            {t("adminMoney.queue.markPaid")}
          </button>
          <button type="submit" name="status" value="rejected" className="button button-secondary" disabled={busy}>
            {t("adminMoney.queue.reject")}
          </button>
        </div>
      </fetcher.Form>
    </li>
  );
}

export function CashoutQueue({ cashouts, formKey }: { cashouts: CashoutView[]; formKey: string }) {
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
      {(cashout) => <QueueItem key={cashout.id} cashout={cashout} formKey={formKey} />}
    </ListCard>
  );
}

/** A form about a rider's balance (a remittance, an adjustment): the rider, an amount, a note. */
function BalanceForm({
  intent,
  schema,
  riders,
  formKey,
  heading,
  amountLabel,
  noteLabel,
  noteRequired,
  submit,
  busyLabel,
  secondary,
}: {
  intent: "remittance" | "adjustment";
  schema: typeof remittanceFormSchema | typeof adjustmentFormSchema;
  riders: RiderBalanceItem[];
  formKey: string;
  heading: string;
  amountLabel: string;
  noteLabel: string;
  noteRequired: boolean;
  submit: string;
  busyLabel: string;
  secondary?: boolean;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useActionForm(schema, { id: intent, lastResult: useAnswer(fetcher.data, { intent }) });
  const busy = useSending(fetcher.state);
  const t = useT();
  return (
    <section className="card" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{heading}</h2>
      <fetcher.Form method="post" action={ACTION} className="stack" {...getFormProps(form)}>
        <FormIntent intent={intent} formKey={formKey} />
        <div className="field">
          <label htmlFor={fields.riderId.id}>{t("adminMoney.rider")}</label>
          <select {...getSelectProps(fields.riderId)}>
            {riders.map((rider) => (
              <option key={rider.id} value={rider.id}>
                {rider.name} ({formatPesos(rider.balance)})
              </option>
            ))}
          </select>
          <FormErrors id={fields.riderId.errorId} errors={fields.riderId.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.amount.id}>{amountLabel}</label>
          <input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" />
          <FormErrors id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.note.id}>{noteLabel}</label>
          <input {...getInputProps(fields.note, { type: "text" })} required={noteRequired} />
          <FormErrors id={fields.note.errorId} errors={fields.note.errors} />
        </div>
        <FormErrors errors={form.errors} />
        <button
          type="submit"
          className={secondary ? "button button-secondary" : "button"}
          disabled={busy || riders.length === 0}
        >
          {busy ? busyLabel : submit}
        </button>
      </fetcher.Form>
    </section>
  );
}

/** Record a remittance: cash a rider handed in; the receipt number is shown in the toast. */
export function RemittanceForm({ riders, formKey }: { riders: RiderBalanceItem[]; formKey: string }) {
  const t = useT();
  return (
    <BalanceForm
      intent="remittance"
      schema={remittanceFormSchema}
      riders={riders}
      formKey={formKey}
      heading={t("adminMoney.remittance.heading")}
      amountLabel={t("adminMoney.remittance.amount")}
      noteLabel={t("adminMoney.remittance.note")}
      noteRequired={false}
      submit={t("adminMoney.remittance.submit")}
      busyLabel={t("adminMoney.recording")}
    />
  );
}

/** Adjust a balance: an admin's correction, positive or negative, with the reason as its note. */
export function AdjustmentForm({ riders, formKey }: { riders: RiderBalanceItem[]; formKey: string }) {
  const t = useT();
  return (
    <BalanceForm
      intent="adjustment"
      schema={adjustmentFormSchema}
      riders={riders}
      formKey={formKey}
      heading={t("adminMoney.adjustment.heading")}
      amountLabel={t("adminMoney.adjustment.amount")}
      noteLabel={t("adminMoney.adjustment.reason")}
      noteRequired
      submit={t("adminMoney.adjustment.submit")}
      busyLabel={t("adminMoney.saving")}
      secondary
    />
  );
}

export function RiderBalances({ riders }: { riders: RiderBalanceItem[] }) {
  const t = useT();
  return (
    <ListCard
      titleId="balances-title"
      heading={t("adminMoney.balances.heading")}
      empty={t("adminMoney.balances.empty")}
      items={riders}
      testId="rider-balances"
    >
      {(rider) => (
        <li key={rider.id} className="admin-balance-row">
          <span>{rider.name}</span>
          <strong className="nowrap">
            {rider.balance < 0
              ? t("adminMoney.balances.owes", { amount: formatPesos(-rider.balance) })
              : t("adminMoney.balances.owed", { amount: formatPesos(rider.balance) })}
          </strong>
        </li>
      )}
    </ListCard>
  );
}
