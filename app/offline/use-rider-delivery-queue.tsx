import type { RiderAction } from "~/deliveries/state-machine";
import { loggedOut } from "~/riders/use-rider-action";
import { toast } from "~/toast/toast-store";
import type { ActionOutcome, QueuedAction } from "./action-queue";
import { useActionQueue } from "./use-action-queue";

/**
 * A rider's steps on a delivery through the offline queue: Confirm Pickup, Mark Delivered and
 * Can't Make It (release). Used by the rider dashboard and the tracking page; the rider job screen
 * can use it as it is. The toasts are the spec's, whenever the answer comes.
 */
export function useRiderDeliveryQueue(userId: string, onSettled: (outcome: ActionOutcome) => void) {
  const queue = useActionQueue(userId, (outcome) => {
    showOutcome(outcome);
    onSettled(outcome);
  });
  return {
    step: (deliveryId: string, action: RiderAction, extra: Record<string, unknown> = {}) =>
      queue.submit({
        subject: deliveryId,
        kind: "status",
        label: action.label,
        method: "POST",
        url: `/api/deliveries/${deliveryId}/status`,
        body: { status: action.status, ...extra },
      }),
    release: (deliveryId: string) =>
      queue.submit({ subject: deliveryId, kind: "release", label: "Can't make it", method: "POST", url: `/api/deliveries/${deliveryId}/release` }),
    waiting: queue.waiting,
    isSending: queue.isSending,
  };
}

function showOutcome({ action, ok, status, body }: ActionOutcome) {
  if (status === 401) return loggedOut();
  const message = (body as { message?: unknown } | null)?.message;
  if (ok) {
    toast(action.kind === "release" ? { title: "Delivery released", description: "It is offered to other riders again." } : { title: "Delivery status updated successfully!" });
    return;
  }
  toast({
    title: action.kind === "release" ? "Failed to release delivery" : "Failed to update delivery status",
    description: typeof message === "string" && status < 500 ? message : "Please try again.",
    variant: "destructive",
  });
}

/** "Waiting for signal" on a delivery with actions kept on the phone, or "Sending…" while one goes out. */
export function WaitingForSignal({ actions, isSending }: { actions: QueuedAction[]; isSending: (action: QueuedAction) => boolean }) {
  if (actions.length === 0) return null;
  const labels = actions.map((action) => action.label).join(", ");
  return (
    <p className="waiting-signal" role="status" data-testid="waiting-signal">
      {actions.some(isSending) ? (
        <strong>Sending {labels}…</strong>
      ) : (
        <>
          <strong>Waiting for signal</strong>
          <span>: {labels} will be sent as soon as you are back online.</span>
        </>
      )}
    </p>
  );
}
