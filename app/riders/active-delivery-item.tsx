import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { riderActions, type RiderAction } from "~/deliveries/state-machine";
import { toast } from "~/toast/toast-store";
import { useT } from "~/i18n/i18n";
import { JobStepDialog } from "./job-step-dialog";
import { nextJobStep, sendJobStep, stepLabel, type HandoverAnswer } from "./job-steps";
import { DeliverySummary } from "./delivery-summary";
import { ReleaseConfirmation } from "./release-confirmation";

/** One delivery under way: its steps, the map, and (while assigned) "Can't make it" behind a confirmation. */
export function ActiveDeliveryItem({
  delivery,
  busy,
  onStep,
  onRelease,
  notice,
  onDelivered,
}: {
  delivery: DeliveryView;
  busy: boolean;
  /** Shown under the delivery, e.g. "Waiting for signal" for actions kept on the phone. */
  notice?: ReactNode;
  onStep: (action: RiderAction, handover?: HandoverAnswer) => void;
  onRelease: () => void;
  onDelivered: () => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const deliverStep = nextJobStep("in_transit", true)!;
  // Mark Delivered asks for the recipient's handover code here too (the job screen's dialog and call).
  async function deliver(handover?: HandoverAnswer) {
    const deliverAction = riderActions(delivery.status).find((action) => action.status === "delivered");
    // Without signal the step waits on the phone (app/offline/) with its code; with signal the
    // dialog stays open to show a wrong code's tries left.
    if (deliverAction && !navigator.onLine) return onStep(deliverAction, handover);
    await sendJobStep(delivery.id, deliverStep, handover);
    toast({ title: t("rider.toast.updated") });
    onDelivered();
  }
  return (
    <li className="rider-item" data-delivery-id={delivery.id}>
      <DeliverySummary delivery={delivery} showStatus />
      <p className="rider-meta muted">
        {t("rider.active.pickupContact")} <a href={`tel:${delivery.pickupPhone}`}>{delivery.pickupPhone}</a> · {t("rider.active.dropoffContact")}{" "}
        <a href={`tel:${delivery.dropoffPhone}`}>{delivery.dropoffPhone}</a>
      </p>
      {notice}
      <div className="row rider-actions">
        {riderActions(delivery.status).map((action) => (
          <button
            key={action.status}
            type="button"
            className="button"
            onClick={() => (action.status === "delivered" ? setDelivering(true) : onStep(action))}
            disabled={busy}
          >
            {stepLabel(t, action)}
          </button>
        ))}
        <Link className="button" to={`/rider/jobs/${delivery.id}`}>
          {t("rider.active.openJob")}
        </Link>
        <Link className="button button-secondary" to={`/tracking/${delivery.id}`}>
          {t("rider.active.viewMap")}
        </Link>
        {delivery.status === "assigned" && !confirming ? (
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)} disabled={busy}>
            {t("rider.release.button")}
          </button>
        ) : null}
      </div>
      {delivering ? <JobStepDialog step={deliverStep} open={delivering} onClose={() => setDelivering(false)} onConfirm={deliver} /> : null}
      {delivery.status === "assigned" && confirming ? (
        <ReleaseConfirmation disabled={busy} onRelease={onRelease} onKeep={() => setConfirming(false)} />
      ) : null}
    </li>
  );
}
