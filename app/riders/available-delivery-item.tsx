import type { DeliveryView } from "~/deliveries/delivery-view";
import { formatPesoAmount, formatPesos, pesosToCentavos, type Pesos } from "~/money/money";
import { riderPart } from "~/money/fee-split";
import { useT } from "~/i18n/i18n";
import { useAboutText, useDurationText } from "~/tracking/live-text";
import { DeliverySummary } from "./delivery-summary";

export type AvailableItem = DeliveryView & { distanceFromRider: string | null };

/** What the rider earns for a delivery: 85% of the fee plus its whole peak-hours surcharge (decision 0183). */
const riderShareOf = (delivery: { totalFee: Pesos; peakSurcharge: Pesos }) =>
  formatPesos(riderPart(pesosToCentavos(delivery.totalFee), pesosToCentavos(delivery.peakSurcharge)));

/** A delivery waiting for a rider: where it goes, how far, what the rider earns, Accept. */
export function AvailableDeliveryItem({ delivery, busy, onAccept }: { delivery: AvailableItem; busy: string | null; onAccept: () => void }) {
  const t = useT();
  const duration = useDurationText();
  const about = useAboutText();
  return (
    <li className="rider-item" data-delivery-id={delivery.id}>
      <DeliverySummary delivery={delivery} />
      <p className="rider-meta muted">
        {delivery.distanceFromRider !== null ? (
          <span>{about(t("rider.available.fromYou", { distance: delivery.distanceFromRider }), delivery.pickupApproximate)} · </span>
        ) : null}
        <span data-testid="available-trip">
          {about(t("rider.available.trip", { distance: delivery.distance }), delivery.approximate)} · {about(duration(delivery.estimatedDuration), delivery.approximate)}
        </span>
      </p>
      <div className="rider-item-foot">
        <p className="rider-earn">
          {t("rider.available.youEarn")} <strong>{riderShareOf(delivery)}</strong>{" "}
          <span className="muted">{t("rider.available.ofFee", { amount: formatPesoAmount(delivery.totalFee) })}</span>
        </p>
        <button type="button" className="button" onClick={onAccept} disabled={busy !== null}>
          {busy === delivery.id ? t("rider.available.accepting") : t("rider.step.accept")}
        </button>
      </div>
    </li>
  );
}
