import type { Delivery, DeliveryStatus } from "~/db/schema";
import { haversineKm, type LatLng } from "~/pricing/distance";
import { Refusal } from "~/http/refusal";
import { message, word, type MessageDescriptor } from "~/i18n/message";
import { statusLabelId } from "./delivery-format";
import { isPrecisePickup } from "./places";

/**
 * The delivery lifecycle of docs/guide/deliveries.md#state-machine, as pure data and functions. The
 * server enforces it in rider-operations.server.ts; the rider dashboard reads it to decide which
 * buttons a status allows.
 *
 * | from                  | to         | who                                      |
 * |-----------------------|------------|------------------------------------------|
 * | pending               | assigned   | any rider, by accept (one winner)        |
 * | assigned              | picked_up  | the assigned rider                       |
 * | picked_up             | in_transit | the assigned rider                       |
 * | picked_up, in_transit | delivered  | the assigned rider                       |
 * | pending, assigned     | cancelled  | the customer who booked, or an admin     |
 * | picked_up, in_transit | returning  | the assigned rider, by "Could not deliver" |
 * | returning             | returned   | the assigned rider, with the return code |
 *
 * Delivered, cancelled and returned are ends.
 */
export type Actor = "accepting_rider" | "assigned_rider" | "customer_or_admin";

export interface Transition {
  from: readonly DeliveryStatus[];
  to: DeliveryStatus;
  by: Actor;
}

const TRANSITIONS: readonly Transition[] = [
  { from: ["pending"], to: "assigned", by: "accepting_rider" },
  { from: ["assigned"], to: "picked_up", by: "assigned_rider" },
  { from: ["picked_up"], to: "in_transit", by: "assigned_rider" },
  { from: ["picked_up", "in_transit"], to: "delivered", by: "assigned_rider" },
  { from: ["pending", "assigned"], to: "cancelled", by: "customer_or_admin" },
  { from: ["picked_up", "in_transit"], to: "returning", by: "assigned_rider" },
  { from: ["returning"], to: "returned", by: "assigned_rider" },
];

/** Statuses a rider is working on; a rider may hold at most MAX_ACTIVE_PER_RIDER of them. */
export const RIDER_ACTIVE_STATUSES = [
  "assigned",
  "picked_up",
  "in_transit",
  "returning",
] as const satisfies readonly DeliveryStatus[];
export const MAX_ACTIVE_PER_RIDER = 3;

/** The rule for going from `from` to `to`, or null when the table has no such step. */
export function findTransition(from: DeliveryStatus, to: DeliveryStatus): Transition | null {
  return TRANSITIONS.find((t) => t.to === to && t.from.includes(from)) ?? null;
}

/** Whether the table has a step from `from` to `to` (whoever takes it). */
export const isAllowedTransition = (from: DeliveryStatus, to: DeliveryStatus) => findTransition(from, to) !== null;

/** A status as a word of the catalogs ("Picked Up", "Na-pickup na"), as the badges say it. */
const statusWord = (status: DeliveryStatus): MessageDescriptor => word(statusLabelId(status));

/**
 * The 409 naming both statuses as words (docs/guide/deliveries.md), e.g. "Cannot change a delivery from Picked
 * Up to Assigned"; `why` adds the reason for a step the table has but this route does not take.
 */
export const transitionRefusal = (
  from: DeliveryStatus,
  to: DeliveryStatus,
  why:
    | "server.deliveries.cannotChange"
    | "server.deliveries.acceptToTake"
    | "server.deliveries.onlyAssignedReleased"
    | "server.deliveries.return.useCouldNotDeliver" = "server.deliveries.cannotChange",
) => new Refusal(409, why, { from: statusWord(from), to: statusWord(to) });

/** Who takes this step, as the actor the status route checks for (accept has its own route). */
export const actorFor = (to: DeliveryStatus): Actor => TRANSITIONS.find((t) => t.to === to)?.by ?? "assigned_rider";

/**
 * The rider dashboard's buttons (docs/guide/deliveries.md#state-machine): Confirm Pickup from
 * assigned, Mark Delivered from picked_up or in_transit.
 */
export type RiderAction =
  | { status: "picked_up"; label: "Confirm Pickup" }
  | { status: "delivered"; label: "Mark Delivered" };

export function riderActions(status: DeliveryStatus): RiderAction[] {
  const actions: RiderAction[] = [];
  if (isAllowedTransition(status, "picked_up")) actions.push({ status: "picked_up", label: "Confirm Pickup" });
  if (isAllowedTransition(status, "delivered")) actions.push({ status: "delivered", label: "Mark Delivered" });
  return actions;
}

/** Cancellation policy of the help centre (docs/guide/money.md#cancellation-fees): amounts in centavos. */
export const FREE_CANCELLATION_MS = 2 * 60 * 1000;
const CANCELLATION_FEE_ASSIGNED = 2000;
const CANCELLATION_FEE_RIDER_ARRIVED = 5000;
const RIDER_ARRIVED_WITHIN_KM = 0.1;
/** The ₱50 fee needs a second position near the pickup at least this long after the first (decision 0217). */
export const ARRIVAL_CONFIRM_AFTER_MS = 20_000;

export interface CancellationInput {
  status: DeliveryStatus;
  createdAt: Date | number;
  /** When the server confirmed the rider's arrival: two positions within 100 m of the pickup, ≥ 20 s apart, while assigned. */
  pickupArrivalConfirmedAt: Date | number | null;
  /** Whether the pickup point is precise (geocoded), not a city centre; the ₱50 fee needs a precise one. */
  pickupPrecise: boolean;
  now: Date | number;
}

const isPoint = (p: Partial<LatLng> | null): p is LatLng =>
  !!p &&
  typeof p.latitude === "number" &&
  typeof p.longitude === "number" &&
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude);

/**
 * Whether a rider's position counts as at the pickup (within 100 m of it). The delivery room calls
 * this for each position while the delivery is assigned and records the evidence
 * (app/deliveries/pickup-arrival.server.ts).
 */
export const isAtPickup = (pickup: Partial<LatLng> | null, rider: Partial<LatLng> | null) =>
  isPoint(pickup) && isPoint(rider) && haversineKm(pickup, rider) <= RIDER_ARRIVED_WITHIN_KM;

/** `reason`: why, as a message of the catalogs (the cancellation dialog shows it). */
export type CancellationPolicy =
  | { allowed: true; fee: number; reason: MessageDescriptor }
  | { allowed: false; fee: null; reason: MessageDescriptor };

const NOT_CANCELLABLE: Partial<Record<DeliveryStatus, MessageDescriptor>> = {
  picked_up: message("server.deliveries.cancel.pickedUp"),
  in_transit: message("server.deliveries.cancel.pickedUp"),
  delivered: message("server.deliveries.cancel.delivered"),
  cancelled: message("server.deliveries.cancel.cancelled"),
  returning: message("server.deliveries.cancel.pickedUp"),
  returned: message("server.deliveries.cancel.pickedUp"),
};

/**
 * THE customer cancellation policy (the help centre's, docs/guide/money.md#cancellation-fees): what cancelling now costs, in
 * centavos, and why. Free while pending or within 2 minutes of booking; ₱20 once a rider is
 * assigned; ₱50 once the server has confirmed the rider's arrival at a precise pickup point (two
 * positions within 100 m of it, at least 20 s apart, while assigned: decision 0217); no
 * cancellation after pickup. The cancellation dialog shows it and the status call charges it.
 */
export function cancellationPolicy(
  input: CancellationInput,
  fees: { assigned: number; riderArrived: number } = {
    assigned: CANCELLATION_FEE_ASSIGNED,
    riderArrived: CANCELLATION_FEE_RIDER_ARRIVED,
  },
): CancellationPolicy {
  if (!isAllowedTransition(input.status, "cancelled")) {
    return {
      allowed: false,
      fee: null,
      reason: NOT_CANCELLABLE[input.status] ?? message("server.deliveries.cancel.notPossible"),
    };
  }
  if (input.status === "pending")
    return { allowed: true, fee: 0, reason: message("server.deliveries.cancel.freePending") };
  if (Number(input.now) - Number(input.createdAt) <= FREE_CANCELLATION_MS) {
    return { allowed: true, fee: 0, reason: message("server.deliveries.cancel.freeWindow") };
  }
  if (input.pickupPrecise && input.pickupArrivalConfirmedAt !== null) {
    return { allowed: true, fee: fees.riderArrived, reason: message("server.deliveries.cancel.riderArrived") };
  }
  return { allowed: true, fee: fees.assigned, reason: message("server.deliveries.cancel.riderOnTheWay") };
}

/** The policy's fee in centavos, or null when the delivery can no longer be cancelled. */
export const cancellationFee = (input: CancellationInput): number | null => cancellationPolicy(input).fee;

/**
 * The policy's input for a stored delivery at `now`. `pickupPrecise`: whether the pickup point is
 * precise (the integrator wires part B's `pickup_approximate` here; until then every stored point
 * with coordinates counts as precise).
 */
export const cancellationInputOf = (
  delivery: Pick<
    Delivery,
    "status" | "createdAt" | "pickupLatitude" | "pickupLongitude" | "pickupApproximate" | "pickupArrivalConfirmedAt"
  >,
  now: Date | number,
  pickupPrecise = isPrecisePickup(delivery),
): CancellationInput => ({
  status: delivery.status,
  createdAt: delivery.createdAt,
  pickupArrivalConfirmedAt: delivery.pickupArrivalConfirmedAt,
  pickupPrecise,
  now,
});
