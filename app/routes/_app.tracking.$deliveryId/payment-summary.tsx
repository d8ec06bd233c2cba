import type { OwedFeeStatus } from "~/db/schema";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { formatPesoAmount } from "~/money/money";
import { useT } from "~/i18n/i18n";

const TAKEN: readonly DeliveryView["payment"]["status"][] = ["paid", "refunded", "partially_refunded"];

/**
 * The tracking page's Payment card: how it is paid, each discount, the refund, and Pay now while
 * unpaid. Once cancelled it says what the cancellation cost and where that fee stands (`owedFee`),
 * never an amount to pay the rider.
 */
export function PaymentSummary({
  delivery,
  isCustomer,
  owedFee = null,
}: {
  delivery: DeliveryView;
  isCustomer: boolean;
  owedFee?: OwedFeeStatus | null;
}) {
  const t = useT();
  const { payment } = delivery;
  const cancelled = delivery.status === "cancelled";
  const method = t(`app.label.method.${payment.method}`);
  const refund = {
    amount: formatPesoAmount(payment.refundedAmount),
    method,
    fee: formatPesoAmount(delivery.cancellationFee),
    time: t(`tracking.refundTime.${payment.method}`),
  };
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t("tracking.payment.heading")}</h2>
      <dl className="details">
        <dt>{t("tracking.payment.method")}</dt>
        <dd>{method}</dd>
        <dt>{t("tracking.payment.status")}</dt>
        <dd data-testid="payment-status">
          {payment.refundPending > 0
            ? t("tracking.payment.refundPendingStatus")
            : cancelled && !TAKEN.includes(payment.status)
              ? t("tracking.payment.nothingTaken")
              : t(`app.label.payment.${payment.status}`)}
        </dd>
        <dt>{t("tracking.payment.fare")}</dt>
        <dd>{formatPesoAmount(delivery.fare)}</dd>
        {delivery.idDiscount ? (
          <>
            <dt>
              {t("tracking.payment.idDiscount", {
                kind: t(`app.label.idKind.${delivery.idDiscount.kind}`),
                percent: delivery.idDiscount.percent,
              })}
            </dt>
            <dd>−{formatPesoAmount(delivery.idDiscount.amount)}</dd>
          </>
        ) : null}
        {delivery.promo ? (
          <>
            <dt>{t("tracking.payment.promo", { code: delivery.promo.code })}</dt>
            <dd>−{formatPesoAmount(delivery.promo.amount)}</dd>
          </>
        ) : null}
        {delivery.owedFee > 0 ? (
          <>
            <dt>{t("tracking.payment.owedFee")}</dt>
            <dd data-testid="payment-owed-fee">{formatPesoAmount(delivery.owedFee)}</dd>
          </>
        ) : null}
        {delivery.peakSurcharge > 0 ? (
          <>
            <dt>{t("tracking.payment.peakSurcharge")}</dt>
            <dd data-testid="payment-peak">{formatPesoAmount(delivery.peakSurcharge)}</dd>
          </>
        ) : null}
        {cancelled ? (
          <>
            <dt>{t("tracking.payment.cancellationFee")}</dt>
            <dd data-testid="payment-cancellation-fee">
              {delivery.cancellationFee > 0 ? formatPesoAmount(delivery.cancellationFee) : t("tracking.payment.noFee")}
            </dd>
          </>
        ) : (
          <>
            <dt>{payment.method === "cash" ? t("tracking.payment.toPayRider") : t("tracking.payment.total")}</dt>
            <dd data-testid="payment-amount">{formatPesoAmount(delivery.amountDue)}</dd>
          </>
        )}
      </dl>
      {cancelled && owedFee && isCustomer ? (
        <p className="payment-refund" data-testid="payment-fee-owed">
          {t(
            owedFee === "owed"
              ? "tracking.payment.feeOwed"
              : owedFee === "collected"
                ? "tracking.payment.feeCollected"
                : "tracking.payment.feeWaived",
          )}
        </p>
      ) : null}
      {payment.refundPending > 0 ? (
        <p className="payment-refund" role="status" data-testid="payment-refund-pending">
          {t("tracking.payment.refundPending", { amount: formatPesoAmount(payment.refundPending), method })}
        </p>
      ) : null}
      {payment.refundedAmount > 0 ? (
        <p className="payment-refund" role="status" data-testid="payment-refund">
          {delivery.cancellationFee > 0
            ? t("tracking.payment.refundedWithFee", refund)
            : t("tracking.payment.refunded", refund)}
        </p>
      ) : null}
      {isCustomer && payment.checkoutUrl && delivery.status === "pending" ? (
        <p className="stack">
          <span className="muted">{t("tracking.payment.unpaidNote")}</span>
          <a className="button" href={payment.checkoutUrl}>
            {payment.status === "failed" ? t("tracking.payment.retry") : t("tracking.payment.payNow")}
          </a>
        </p>
      ) : null}
    </section>
  );
}
