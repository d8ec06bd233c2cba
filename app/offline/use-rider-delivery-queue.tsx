import type { RiderAction } from "~/deliveries/state-machine";
import { loggedOut } from "~/riders/use-rider-action";
import { useT } from "~/i18n/i18n";
import { toast } from "~/toast/toast-store";
import type { ActionOutcome, QueuedAction } from "./action-queue";
import { useActionQueue } from "./use-action-queue";

/**
 * A rider's steps on a delivery through the offline queue: Confirm Pickup, Mark Delivered and
 * Can't Make It (release). Used by the rider dashboard and the tracking page; the rider job screen
 * can use it as it is. The toasts are the spec's, whenever the answer comes.
 */
export function useRiderDeliveryQueue(userId: string, onSettled: (outcome: ActionOutcome) => void) {
  const t = useT();
  const queue = useActionQueue(userId, (outcome) => {
    showOutcome(t, outcome);
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

type T = ReturnType<typeof useT>;

function showOutcome(t: T, { action, ok, status, body }: ActionOutcome) {
  if (status === 401) return loggedOut(t);
  const message = (body as { message?: unknown } | null)?.message;
  if (ok) {
    toast(action.kind === "release" ? { title: t("rider.toast.released"), description: t("rider.toast.releasedText") } : { title: t("rider.toast.updated") });
    return;
  }
  toast({
    title: action.kind === "release" ? t("rider.toast.releaseFailed") : t("rider.toast.updateFailed"),
    description: typeof message === "string" && status < 500 ? message : t("rider.toast.tryAgain"),
    variant: "destructive",
  });
}

/** "Waiting for signal" on a delivery with actions kept on the phone, or "Sending…" while one goes out. */
/** A kept action's name in the page's language (the queue keeps the English label it was pressed with). */
function queuedLabel(t: T, action: QueuedAction): string {
  if (action.kind === "release") return t("rider.release.button");
  const status = (action.body as { status?: unknown } | undefined)?.status;
  return status === "picked_up" ? t("rider.step.pickup") : status === "in_transit" ? t("rider.step.trip") : status === "delivered" ? t("rider.step.deliver") : action.label;
}

export function WaitingForSignal({ actions, isSending }: { actions: QueuedAction[]; isSending: (action: QueuedAction) => boolean }) {
  const t = useT();
  if (actions.length === 0) return null;
  const labels = actions.map((action) => queuedLabel(t, action)).join(", ");
  return (
    <p className="waiting-signal" role="status" data-testid="waiting-signal">
      {actions.some(isSending) ? (
        <strong>{t("rider.offline.sending", { actions: labels })}</strong>
      ) : (
        <>
          <strong>{t("rider.offline.waiting")}</strong>
          <span>{t("rider.offline.willSend", { actions: labels })}</span>
        </>
      )}
    </p>
  );
}
