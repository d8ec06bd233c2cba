import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { FormIntent, useAnswer, useSending } from "~/admin/form-parts";
import { refundFormSchema, waiveFormSchema } from "~/admin/money-actions";
import { ListCard } from "~/components/list-card";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { formatPesos } from "~/money/money";
import { formatManilaDateTime } from "~/i18n/manila";
import type { OwedFeeItem } from "~/payments/owed-fees-admin.server";
import type { QueuedRefund } from "~/payments/refunds.server";

/** The admin's unpaid cancellation fees (Waive with a reason) and refunds waiting for the gateway (Retry): decision 0217. */
const ACTION = "/admin/cashouts";

export function RefundsQueue({ refunds, formKey }: { refunds: QueuedRefund[]; formKey: string }) {
  const t = useT();
  return (
    <ListCard
      titleId="refunds-title"
      heading={t("adminMoney.refunds.heading")}
      empty={t("adminMoney.refunds.empty")}
      items={refunds}
      testId="refunds-queue"
    >
      {(refund) => <RefundRow key={refund.paymentId} refund={refund} formKey={formKey} />}
    </ListCard>
  );
}

export function OwedFees({ fees }: { fees: OwedFeeItem[] }) {
  const t = useT();
  return (
    <ListCard
      titleId="owed-title"
      heading={t("adminMoney.owed.heading")}
      empty={t("adminMoney.owed.empty")}
      items={fees}
      testId="owed-fees"
    >
      {(fee) => <OwedFeeRow key={fee.id} fee={fee} />}
    </ListCard>
  );
}

function OwedFeeRow({ fee }: { fee: OwedFeeItem }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useActionForm(waiveFormSchema, {
    id: `waive-${fee.id}`,
    lastResult: useAnswer(fetcher.data, { intent: "waive", feeId: fee.id }),
  });
  const busy = useSending(fetcher.state);
  const t = useT();
  return (
    <li className="card stack" data-owed-fee-id={fee.id}>
      <p>
        <strong>{fee.customerName}</strong> <span className="muted nowrap">{fee.customerPhone}</span>
      </p>
      <p>{t("adminMoney.owed.line", { amount: formatPesos(fee.amount), date: formatManilaDateTime(fee.createdAt) })}</p>
      {fee.collectedBy ? <p className="muted">{t("adminMoney.owed.collecting")}</p> : null}
      <fetcher.Form method="post" action={ACTION} className="stack" {...getFormProps(form)}>
        <FormIntent intent="waive" />
        <input type="hidden" name="feeId" value={fee.id} />
        <div className="field">
          <label htmlFor={fields.reason.id}>{t("adminMoney.owed.reason")}</label>
          <input {...getInputProps(fields.reason, { type: "text" })} />
          <FormErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <FormErrors errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" className="button button-secondary" disabled={busy}>
            {t("adminMoney.owed.waive")}
          </button>
        </div>
      </fetcher.Form>
    </li>
  );
}

function RefundRow({ refund, formKey }: { refund: QueuedRefund; formKey: string }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form] = useActionForm(refundFormSchema, {
    id: `refund-${refund.paymentId}`,
    lastResult: useAnswer(fetcher.data, { intent: "retryRefund", paymentId: refund.paymentId }),
  });
  const busy = useSending(fetcher.state);
  const t = useT();
  return (
    <li className="card stack" data-refund-payment-id={refund.paymentId}>
      <p>
        <strong className="nowrap">{formatPesos(refund.amount)}</strong>{" "}
        <span className="muted">{t("adminMoney.refunds.since", { date: formatManilaDateTime(refund.createdAt) })}</span>
      </p>
      <p className="muted">
        {t("adminMoney.refunds.attempts", { attempts: refund.attempts, next: formatManilaDateTime(refund.nextAt) })}
      </p>
      {refund.lastError ? <p className="field-error">{refund.lastError}</p> : null}
      <fetcher.Form method="post" action={ACTION} {...getFormProps(form)}>
        <FormIntent intent="retryRefund" formKey={formKey} />
        <input type="hidden" name="paymentId" value={refund.paymentId} />
        <FormErrors errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            {t("adminMoney.refunds.retry")}
          </button>
        </div>
      </fetcher.Form>
    </li>
  );
}
