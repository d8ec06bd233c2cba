import { useState } from "react";
import type { DeliveryStatus } from "~/db/schema";
import { riderActions } from "~/deliveries/state-machine";
import { useT } from "~/i18n/i18n";
import { stepLabel } from "~/riders/job-steps";
import { ReleaseConfirmation } from "~/riders/release-confirmation";
import { useRiderDeliveryQueue, WaitingForSignal } from "./use-rider-delivery-queue";

/**
 * The assigned rider's buttons on one delivery (Confirm Pickup, Mark Delivered, Can't make it),
 * through the offline queue: pressed without signal they wait on the phone, shown as "Waiting for
 * signal", and go out when it returns. Used by the tracking page; the rider job screen can mount
 * it as it is.
 */
export function RiderDeliveryControls({ deliveryId, status, userId, onSettled }: { deliveryId: string; status: DeliveryStatus; userId: string; onSettled: () => void }) {
  const t = useT();
  const queue = useRiderDeliveryQueue(userId, onSettled);
  const [confirming, setConfirming] = useState(false);
  const waiting = queue.waiting(deliveryId);
  const locked = waiting.length > 0;
  const actions = riderActions(status);
  if (actions.length === 0 && status !== "assigned" && !locked) return null;
  return (
    <div className="stack rider-controls">
      <WaitingForSignal actions={waiting} isSending={queue.isSending} />
      <div className="row rider-actions">
        {actions.map((action) => (
          <button key={action.status} type="button" className="button" disabled={locked} onClick={() => void queue.step(deliveryId, action)}>
            {stepLabel(t, action)}
          </button>
        ))}
        {status === "assigned" && !confirming ? (
          <button type="button" className="button button-secondary" disabled={locked} onClick={() => setConfirming(true)}>
            {t("rider.release.button")}
          </button>
        ) : null}
      </div>
      {status === "assigned" && confirming ? (
        <ReleaseConfirmation
          disabled={locked}
          onRelease={() => {
            setConfirming(false);
            void queue.release(deliveryId);
          }}
          onKeep={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
