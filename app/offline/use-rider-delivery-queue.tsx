import type { RiderAction } from "~/deliveries/state-machine";
import { loggedOut } from "~/riders/use-rider-action";
import { useT } from "~/i18n/i18n";
import { toast } from "~/components/toast-store";
import type { ActionOutcome, QueuedAction } from "./action-queue";
import { useActionQueue } from "./use-action-queue";

/**
 * A rider's steps on a delivery through the offline queue: Confirm Pickup, Mark Delivered and
 * Can't Make It (release). Used by the rider dashboard and the tracking page; the rider job screen
 * can use it as it is. Each step's toast shows whenever the answer comes.
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
      queue.submit({
        subject: deliveryId,
        kind: "release",
        label: "Can't make it",
        method: "POST",
        url: `/api/deliveries/${deliveryId}/release`,
      }),
    accept: (deliveryId: string) =>
      queue.submit({
        subject: deliveryId,
        kind: "accept",
        label: "Accept Delivery",
        method: "POST",
        url: `/api/deliveries/${deliveryId}/accept`,
      }),
    /**
     * A rider form's submit taken over without signal (app/riders/rider-step-forms.tsx): its
     * fields become the `/api` call the page's action would have made, kept until the signal returns.
     */
    fromForm: (fields: FormData, deliveryId = String(fields.get("deliveryId") ?? "")) => {
      const intent = fields.get("intent");
      const id = encodeURIComponent(deliveryId);
      if (intent === "accept")
        return queue.submit({
          subject: deliveryId,
          kind: "accept",
          label: "Accept Delivery",
          method: "POST",
          url: `/api/deliveries/${id}/accept`,
        });
      if (intent === "release")
        return queue.submit({
          subject: deliveryId,
          kind: "release",
          label: "Can't make it",
          method: "POST",
          url: `/api/deliveries/${id}/release`,
        });
      const status = String(fields.get("status") ?? "");
      const body: Record<string, string> = { status };
      for (const name of ["handoverCode", "handoverNote"]) {
        const value = String(fields.get(name) ?? "").trim();
        if (value) body[name] = value;
      }
      return queue.submit({
        subject: deliveryId,
        kind: "status",
        label: STEP_LABELS[status] ?? status,
        method: "POST",
        url: `/api/deliveries/${id}/status`,
        body,
      });
    },
    waiting: queue.waiting,
    isSending: queue.isSending,
  };
}

/** The English name of each step the queue keeps (shown in the page's language by `queuedLabel`). */
const STEP_LABELS: Record<string, string> = {
  picked_up: "Confirm Pickup",
  in_transit: "Start Trip",
  delivered: "Mark Delivered",
};

type T = ReturnType<typeof useT>;

function showOutcome(t: T, { action, ok, status, body }: ActionOutcome) {
  if (status === 401) return loggedOut(t);
  const message = (body as { message?: unknown } | null)?.message;
  if (ok) {
    toast(
      action.kind === "release"
        ? { title: t("rider.toast.released"), description: t("rider.toast.releasedText") }
        : { title: action.kind === "accept" ? t("rider.toast.accepted") : t("rider.toast.updated") },
    );
    return;
  }
  toast({
    title:
      action.kind === "release"
        ? t("rider.toast.releaseFailed")
        : action.kind === "accept"
          ? t("rider.toast.acceptFailed")
          : t("rider.toast.updateFailed"),
    description: typeof message === "string" && status < 500 ? message : t("rider.toast.tryAgain"),
    variant: "destructive",
  });
}

/** "Waiting for signal" on a delivery with actions kept on the phone, or "Sending…" while one goes out. */
/** A kept action's name in the page's language (the queue keeps the English label it was pressed with). */
function queuedLabel(t: T, action: QueuedAction): string {
  if (action.kind === "release") return t("rider.release.button");
  if (action.kind === "accept") return t("rider.step.accept");
  const status = (action.body as { status?: unknown } | undefined)?.status;
  return status === "picked_up"
    ? t("rider.step.pickup")
    : status === "in_transit"
      ? t("rider.step.trip")
      : status === "delivered"
        ? t("rider.step.deliver")
        : action.label;
}

export function WaitingForSignal({
  actions,
  isSending,
}: {
  actions: QueuedAction[];
  isSending: (action: QueuedAction) => boolean;
}) {
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
