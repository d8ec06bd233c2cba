import type { DeliveryView } from "~/deliveries/delivery-view";
import { PAYMENT_METHOD_LABELS } from "~/deliveries/booking-schema";
import { formatPesos, pesosToCentavos } from "~/money/money";
import { ID_DISCOUNT_LABELS } from "~/pricing/discounts";
import { PAYMENT_STATUS_LABELS, REFUND_TIMES } from "./payment-text";

const pesos = (amount: number) => formatPesos(pesosToCentavos(amount));

/** The tracking page's Payment card: how it is paid, each discount, the refund, and Pay now while unpaid. */
export function PaymentSummary({ delivery, isCustomer }: { delivery: DeliveryView; isCustomer: boolean }) {
  const { payment } = delivery;
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      <dl className="details">
        <dt>Method</dt>
        <dd>{PAYMENT_METHOD_LABELS[payment.method]}</dd>
        <dt>Status</dt>
        <dd data-testid="payment-status">{PAYMENT_STATUS_LABELS[payment.status]}</dd>
        <dt>Fare</dt>
        <dd>{pesos(delivery.fare)}</dd>
        {delivery.idDiscount ? (
          <>
            <dt>
              {ID_DISCOUNT_LABELS[delivery.idDiscount.kind]} discount ({delivery.idDiscount.percent}%)
            </dt>
            <dd>−{pesos(delivery.idDiscount.amount)}</dd>
          </>
        ) : null}
        {delivery.promo ? (
          <>
            <dt>Promo {delivery.promo.code}</dt>
            <dd>−{pesos(delivery.promo.amount)}</dd>
          </>
        ) : null}
        <dt>{payment.method === "cash" ? "To pay the rider" : "Total"}</dt>
        <dd data-testid="payment-amount">{pesos(delivery.amountDue)}</dd>
      </dl>
      {payment.refundedAmount > 0 ? (
        <p className="payment-refund" role="status" data-testid="payment-refund">
          Refunded {pesos(payment.refundedAmount)} to your {PAYMENT_METHOD_LABELS[payment.method]}
          {delivery.cancellationFee > 0 ? ` (the ${pesos(delivery.cancellationFee)} cancellation fee kept)` : ""}. It arrives in{" "}
          {REFUND_TIMES[payment.method]}.
        </p>
      ) : null}
      {isCustomer && payment.checkoutUrl && delivery.status === "pending" ? (
        <p className="stack">
          <span className="muted">Riders see this booking once it is paid. Unpaid bookings are cancelled 30 minutes after booking.</span>
          <a className="button" href={payment.checkoutUrl}>
            {payment.status === "failed" ? "Try paying again" : "Pay now"}
          </a>
        </p>
      ) : null}
    </section>
  );
}
