import type { DeliveryStatus } from "~/db/schema";
import type { RiderAction } from "~/deliveries/state-machine";
import type { useT } from "~/i18n/i18n";

/**
 * The rider's job screen's steps (docs/guide/deliveries.md#state-machine): one next step per status, and
 * the forms that send them are app/riders/rider-step-forms.tsx (posting to the page's action; the
 * offline queue takes them over without signal).
 */
export type JobStep =
  | { kind: "accept"; label: "Accept Delivery" }
  | { kind: "status"; to: "picked_up"; label: "Confirm Pickup" }
  | { kind: "status"; to: "in_transit"; label: "Start Trip" }
  | { kind: "status"; to: "delivered"; label: "Mark Delivered" }
  | { kind: "status"; to: "returned"; label: "Confirm Return" };

export function nextJobStep(status: DeliveryStatus, mine: boolean): JobStep | null {
  if (status === "pending") return { kind: "accept", label: "Accept Delivery" };
  if (!mine) return null;
  if (status === "assigned") return { kind: "status", to: "picked_up", label: "Confirm Pickup" };
  if (status === "picked_up") return { kind: "status", to: "in_transit", label: "Start Trip" };
  if (status === "in_transit") return { kind: "status", to: "delivered", label: "Mark Delivered" };
  if (status === "returning") return { kind: "status", to: "returned", label: "Confirm Return" };
  return null;
}

/** A step's label in the page's language (`label` keeps the English name: the queue and the tests name steps by it). */
export function jobStepLabel(t: ReturnType<typeof useT>, step: JobStep): string {
  if (step.kind === "accept") return t("rider.step.accept");
  return step.to === "picked_up"
    ? t("rider.step.pickup")
    : step.to === "in_transit"
      ? t("rider.step.trip")
      : step.to === "returned"
        ? t("rider.job.confirmReturn")
        : t("rider.step.deliver");
}

/** A dashboard step button's label in the page's language (the state machine's labels are English). */
export function stepLabel(t: ReturnType<typeof useT>, action: RiderAction): string {
  return action.status === "picked_up" ? t("rider.step.pickup") : t("rider.step.deliver");
}

/** The confirmation's question for a step, in the page's language. */
export function jobStepQuestion(t: ReturnType<typeof useT>, step: JobStep): string {
  if (step.kind === "accept") return t("rider.step.acceptQuestion");
  return step.to === "picked_up"
    ? t("rider.step.pickupQuestion")
    : step.to === "in_transit"
      ? t("rider.step.tripQuestion")
      : step.to === "returned"
        ? t("rider.job.confirmReturnQuestion")
        : t("rider.step.deliverQuestion");
}

/** Navigate (an approximate point is never a destination; the address text is). */
export { navigateUrl } from "~/deliveries/places";
