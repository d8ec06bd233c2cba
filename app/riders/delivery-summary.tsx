import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { formatPesoAmount, type Pesos } from "~/money/money";
import { useT } from "~/i18n/i18n";
import type { PaymentMethod, PaymentStatus } from "~/db/enums";

/** A delivery as the rider dashboard lists it: route, package and what the rider collects. */
type T = ReturnType<typeof useT>;

/** What the rider does about money on a job, in the page's language. */
function collectionLine(
  t: T,
  payment: { method: PaymentMethod; status: PaymentStatus },
  amountDuePesos: Pesos,
): string {
  if (payment.method === "cash")
    return amountDuePesos > 0
      ? t("rider.collect.cash", { amount: formatPesoAmount(amountDuePesos) })
      : t("rider.collect.nothing");
  if (payment.method === "invoice") return t("rider.collect.invoice");
  return payment.status === "not_required" ? t("rider.collect.nothing") : t("rider.collect.paidOnline");
}

export function DeliverySummary({ delivery, showStatus = false }: { delivery: DeliveryView; showStatus?: boolean }) {
  const t = useT();
  return (
    <>
      <div className="rider-item-head">
        {showStatus ? <StatusBadge status={delivery.status} /> : null}
        <span className="rider-id">#{deliveryIdTail(delivery.id)}</span>
        <span className="rider-package muted">
          {delivery.packageDescription}
          {delivery.isFragile ? ` · ${t("rider.summary.fragile")}` : ""}
        </span>
      </div>
      <p className="rider-route">
        <span className="rider-route-label">{t("rider.summary.pickup")}</span> {delivery.pickupAddress},{" "}
        {delivery.pickupCity}
      </p>
      <p className="rider-route">
        <span className="rider-route-label">{t("rider.summary.dropoff")}</span> {delivery.dropoffAddress},{" "}
        {delivery.dropoffCity}
      </p>
      <p
        className={`rider-collect${delivery.payment.method === "cash" && delivery.amountDue > 0 ? " is-cash" : ""}`}
        data-testid="rider-collect"
      >
        {collectionLine(t, delivery.payment, delivery.amountDue)}
      </p>
    </>
  );
}
