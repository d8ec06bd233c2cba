import type { DeliveryView } from "~/deliveries/delivery-view";
import { formatPesoAmount, formatPesos, pesosToCentavos, type Pesos } from "~/money/money";
import { riderPart } from "~/money/fee-split";
import { useT } from "~/i18n/i18n";
import { useAboutText, useDurationText } from "~/tracking/live-text";
import type { ReactNode } from "react";
import { DeliverySummary } from "~/riders/delivery-summary";
import { StepButtonForm, type OfflineSubmit } from "~/riders/rider-step-forms";

export type AvailableItem = DeliveryView & { distanceFromRider: string | null };

/** What the rider earns for a delivery: 85% of the fee plus its whole peak-hours surcharge (decision 0183). */
const riderShareOf = (delivery: { totalFee: Pesos; peakSurcharge: Pesos }) =>
  formatPesos(riderPart(pesosToCentavos(delivery.totalFee), pesosToCentavos(delivery.peakSurcharge)));

/** A delivery waiting for a rider: where it goes, how far, what the rider earns, Accept (a form: works before JavaScript). */
export function AvailableDeliveryItem({
  delivery,
  busy,
  notice,
  onOffline,
}: {
  delivery: AvailableItem;
  busy: boolean;
  notice?: ReactNode;
  onOffline: OfflineSubmit;
}) {
  const t = useT();
  const duration = useDurationText();
  const about = useAboutText();
  return (
    <li className="rider-item" data-delivery-id={delivery.id}>
      <DeliverySummary delivery={delivery} />
      <p className="rider-meta muted">
        {delivery.distanceFromRider !== null ? (
          <span>
            {about(t("rider.available.fromYou", { distance: delivery.distanceFromRider }), delivery.pickupApproximate)}{" "}
            ·{" "}
          </span>
        ) : null}
        <span data-testid="available-trip">
          {about(t("rider.available.trip", { distance: delivery.distance }), delivery.approximate)} ·{" "}
          {about(duration(delivery.estimatedDuration), delivery.approximate)}
        </span>
      </p>
      <div className="rider-item-foot">
        <p className="rider-earn">
          {t("rider.available.youEarn")} <strong>{riderShareOf(delivery)}</strong>{" "}
          <span className="muted">{t("rider.available.ofFee", { amount: formatPesoAmount(delivery.totalFee) })}</span>
        </p>
        <StepButtonForm
          intent="accept"
          fields={{ deliveryId: delivery.id }}
          label={t("rider.step.accept")}
          busyLabel={t("rider.available.accepting")}
          disabled={busy}
          onOffline={onOffline}
        />
      </div>
      {notice}
    </li>
  );
}
