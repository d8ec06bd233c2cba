import type { DeliveryStatus } from "~/db/schema";
import { riderActions } from "~/deliveries/state-machine";
import { DeliveryStepForms } from "~/riders/active-delivery-item";
import { ReleaseForm } from "~/riders/rider-step-forms";
import { useRiderDeliveryQueue, WaitingForSignal } from "~/offline/use-rider-delivery-queue";

/**
 * The assigned rider's steps on the tracking page (Confirm Pickup, Start Trip, Mark Delivered with
 * the recipient's code, Can't make it): the forms of the rider's dashboard, posting to this page's
 * action, so they work before and without JavaScript (decision 0187). With JavaScript and without
 * signal, the offline queue keeps a step on the phone ("Waiting for signal") and sends it later.
 */
export function RiderDeliveryControls({
  deliveryId,
  status,
  userId,
  onSettled,
}: {
  deliveryId: string;
  status: DeliveryStatus;
  userId: string;
  onSettled: () => void;
}) {
  const queue = useRiderDeliveryQueue(userId, onSettled);
  const waiting = queue.waiting(deliveryId);
  const locked = waiting.length > 0;
  const keep = (fields: FormData) => void queue.fromForm(fields, deliveryId);
  const actions = riderActions(status);
  if (actions.length === 0 && status !== "assigned" && !locked) return null;
  return (
    <div className="stack rider-controls">
      <WaitingForSignal actions={waiting} isSending={queue.isSending} />
      <div className="row rider-actions">
        <DeliveryStepForms deliveryId={deliveryId} status={status} disabled={locked} onOffline={keep} />
        {status === "assigned" ? <ReleaseForm deliveryId={deliveryId} disabled={locked} onOffline={keep} /> : null}
      </div>
    </div>
  );
}
