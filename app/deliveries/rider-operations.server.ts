import { sendRecipientLink } from "~/tracking/recipient-link.server";
import { notifyStatusChange } from "~/tracking/room.server";
import { getDb } from "~/db/client.server";
import type { Delivery, DeliveryEventKind, DeliveryStatus, User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import type { AnyMessageId, MessageValues } from "~/i18n/message";
import { findDeliveryWithRider } from "./deliveries.server";
import type { RiderSummary } from "./delivery-view";
import { deliveryEventInsert } from "./events.server";
import { totalsForDeliveryStatement } from "./daily-totals.server";
import { ledgerForDeliveryStatement } from "~/ledger/ledger.server";
import {
  CANCEL_DECISIONS,
  cancellationMoneyStatements,
  collectOnDeliveredStatements,
} from "~/payments/owed-fees.server";
import { settingsOfVersion } from "~/settings/settings.server";
import { formatPesos } from "~/money/money";
import {
  cancellationInputOf,
  cancellationPolicy,
  findTransition,
  MAX_ACTIVE_PER_RIDER,
  transitionRefusal,
} from "./state-machine";
import { canSeeDelivery } from "./visibility";
import { decideHandover, type HandoverInput } from "./handover.server";
import { OFFERABLE_SQL } from "~/payments/payment-status";
import { refundOnCancellation } from "~/payments/payments.server";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";

/**
 * What riders do with deliveries (docs/guide/deliveries.md#state-machine): accept one (exactly one
 * rider wins), move it along, give it back. The lists they choose from are in rider-lists.server.ts.
 * Every change is a single conditional UPDATE on the state it was decided on, so two callers can
 * never both succeed.
 */

/** A refusal of this module: 403, 404 or 409 with a message of `server.deliveries`. */
const refuse = (status: 403 | 404 | 409, id: AnyMessageId, values?: MessageValues) => new Refusal(status, id, values);
const NOT_FOUND = "server.deliveries.notFound";

/** The Worker's bindings (routes pass `context.cloudflare`), and the site's origin for links in messages. */
export interface OperationContext {
  env: Env;
  origin?: string;
}

export interface ChangedDelivery {
  delivery: Delivery;
  rider: RiderSummary | null;
}

/**
 * `POST /api/deliveries/{id}/accept`: the rider takes a pending delivery. One conditional UPDATE
 * decides: it applies only while the delivery is pending with no rider and the rider holds fewer
 * than 3 active deliveries, so of many simultaneous accepts exactly one wins; the others get 409.
 *
 * A delivery taken by another rider answers 409 (the lost race), not 404, even though it is no
 * longer visible to this rider: docs/guide/deliveries.md says a lost accept race answers 409.
 */
export async function acceptDelivery(
  op: OperationContext,
  rider: User,
  id: string,
  now = new Date(),
): Promise<ChangedDelivery> {
  const db = getDb(op.env.DB);
  const found = id && id.length <= 64 ? await findDeliveryWithRider(db, id) : null;
  if (!found) throw refuse(404, NOT_FOUND);
  const before = found.delivery;
  const takenByOther = before.riderId !== null && before.riderId !== rider.id;
  if (!canSeeDelivery(rider, before) && !takenByOther) throw refuse(404, NOT_FOUND);
  if (before.customerId === rider.id) throw refuse(409, "server.deliveries.ownBooking");
  if (before.status !== "pending" || before.riderId !== null) throw acceptConflict(before, rider.id);

  const at = now.getTime();
  const [result] = await op.env.DB.batch([
    op.env.DB.prepare(
      `UPDATE deliveries SET rider_id = ?1, status = 'assigned', assigned_at = ?2
       WHERE id = ?3 AND status = 'pending' AND rider_id IS NULL AND customer_id != ?1 AND ${OFFERABLE_SQL}
         AND (SELECT count(*) FROM deliveries WHERE rider_id = ?1 AND status IN ('assigned', 'picked_up', 'in_transit', 'returning')) < ?4`,
    ).bind(rider.id, at, id, MAX_ACTIVE_PER_RIDER),
    deliveryEventInsert(op.env.DB, {
      deliveryId: id,
      kind: "accepted",
      from: "pending",
      to: "assigned",
      actorId: rider.id,
      riderId: rider.id,
      at,
    }),
    notificationInsert(
      op.env.DB,
      { userId: before.customerId },
      notificationMessages.riderAssigned(before, rider.firstName),
      { now: at },
    ),
  ]);
  if (result!.meta.changes !== 1) {
    const after = await findDeliveryWithRider(db, id);
    if (!after) throw refuse(404, NOT_FOUND);
    if (after.delivery.status === "pending" && after.delivery.riderId === null)
      throw refuse(409, "server.deliveries.tooManyActive", { count: MAX_ACTIVE_PER_RIDER });
    throw acceptConflict(after.delivery, rider.id);
  }
  const changed = await finishChange(op, id);
  if (op.origin) await sendRecipientLink(op.env, changed.delivery, op.origin);
  return changed;
}

function acceptConflict(delivery: Delivery, riderId: string): Refusal {
  if (delivery.riderId === riderId) return refuse(409, "server.deliveries.alreadyYours");
  if (delivery.riderId !== null) return refuse(409, "server.deliveries.alreadyTaken");
  return transitionRefusal(delivery.status, "assigned");
}

/**
 * `POST /api/deliveries/{id}/status`: one step of the lifecycle table, taken by the one who may
 * take it. Checks in order: 404 when the caller may not see the delivery, 409 when the table has
 * no such step from the current status (accepting has its own route), 403 when the caller is not
 * the one who takes this step. Role checks (403) happen in the route before this.
 */
export async function changeDeliveryStatus(
  op: OperationContext,
  user: User,
  id: string,
  to: DeliveryStatus,
  now = new Date(),
  options: {
    expectedCancellationFee?: number;
    handover?: HandoverInput;
    /** For returned: the code the sender gave the rider. */
    returnCode?: string;
    /** How many times this cancellation was decided already (a payment landed under it). */
    decisions?: number;
  } = {},
): Promise<ChangedDelivery> {
  const db = getDb(op.env.DB);
  const found = id && id.length <= 64 ? await findDeliveryWithRider(db, id) : null;
  if (!found || !canSeeDelivery(user, found.delivery)) throw refuse(404, NOT_FOUND);
  const before = found.delivery;
  const step = findTransition(before.status, to);
  if (!step) throw transitionRefusal(before.status, to);
  if (step.by === "accepting_rider") throw transitionRefusal(before.status, to, "server.deliveries.acceptToTake");
  if (step.by === "assigned_rider" && before.riderId !== user.id)
    throw refuse(403, "server.deliveries.onlyAssignedRiderUpdates");
  if (step.by === "customer_or_admin" && before.customerId !== user.id && user.role !== "admin") {
    throw refuse(403, "server.deliveries.onlyCustomerOrAdminCancels");
  }

  if (to === "returning") throw transitionRefusal(before.status, to, "server.deliveries.return.useCouldNotDeliver");

  const at = now.getTime();
  // Conditioned on the state the decision was made on: status and rider unchanged.
  const guard = `WHERE id = ?1 AND status = ?2 AND rider_id IS ?3`;
  const base = [id, before.status, before.riderId] as const;
  const d1 = op.env.DB;
  let change: D1PreparedStatement;
  const ledger: D1PreparedStatement[] = [];
  if (to === "picked_up") {
    change = d1.prepare(`UPDATE deliveries SET status = 'picked_up', picked_up_at = ?4 ${guard}`).bind(...base, at);
  } else if (to === "in_transit") {
    change = d1.prepare(`UPDATE deliveries SET status = 'in_transit' ${guard}`).bind(...base);
  } else if (to === "delivered") {
    const handover = await decideHandover(d1, before, options.handover ?? {}, now);
    const delivered = { deliveryId: id, riderId: before.riderId!, deliveredAt: at, fromStatuses: [before.status] };
    ledger.push(
      totalsForDeliveryStatement(d1, delivered),
      ledgerForDeliveryStatement(d1, delivered),
      ...collectOnDeliveredStatements(d1, delivered),
    );
    change = d1
      .prepare(
        `UPDATE deliveries SET status = 'delivered', delivered_at = ?4, handover = ?5, handover_note = ?6 ${guard}`,
      )
      .bind(...base, at, handover.kind, handover.note);
  } else if (to === "returned") {
    // A wrong code changes nothing (decision 0222); the right one credits the trip made like a delivery.
    if (before.returnCode === null || options.returnCode !== before.returnCode) {
      throw new Refusal(400, "server.deliveries.return.wrongCode", undefined, "returnCode");
    }
    const returned = { deliveryId: id, riderId: before.riderId!, deliveredAt: at, fromStatuses: ["returning"] };
    ledger.push(
      totalsForDeliveryStatement(d1, returned, { counted: false }),
      ledgerForDeliveryStatement(d1, returned),
      ...collectOnDeliveredStatements(d1, returned),
    );
    change = d1.prepare(`UPDATE deliveries SET status = 'returned', returned_at = ?4 ${guard}`).bind(...base, at);
  } else {
    // The customer pays the policy's fee; an admin cancelling here charges none (their own route
    // takes a reason and an optional fee).
    const byCustomer = before.customerId === user.id;
    const fees = byCustomer ? (await settingsOfVersion(d1, before.settingsVersion)).cancellationFees : null;
    const fee = fees ? (cancellationPolicy(cancellationInputOf(before, now), fees).fee ?? 0) : 0;
    if (options.expectedCancellationFee !== undefined && options.expectedCancellationFee !== fee) {
      throw refuse(409, "server.deliveries.feeChanged", { fee: formatPesos(fee) });
    }
    // The fee counted, owed or taken from the refund, and the refund recorded (decision 0217).
    ledger.push(...cancellationMoneyStatements(d1, before, { fee, cancelledAt: at }));
    // The money follows the payment status read (decision 0217), so the cancellation holds only while it is unchanged.
    change = d1
      .prepare(
        `UPDATE deliveries SET status = 'cancelled', cancelled_at = ?4, cancellation_fee = ?5 ${guard} AND payment_status = ?6`,
      )
      .bind(...base, at, fee, before.paymentStatus);
  }
  const event = deliveryEventInsert(d1, {
    deliveryId: id,
    kind: to as DeliveryEventKind,
    from: before.status,
    to,
    actorId: user.id,
    riderId: before.riderId,
    at,
  });
  const told = customerNotification(before, user, to);
  const notification = told ? [notificationInsert(d1, { userId: before.customerId }, told, { now: at })] : [];
  const results = await d1.batch([...ledger, change, event, ...notification]);
  const changes = results[ledger.length]!.meta.changes;
  if (changes !== 1) {
    // Someone else changed it in between: answer from what it is now.
    const after = await findDeliveryWithRider(db, id);
    if (!after || !canSeeDelivery(user, after.delivery)) throw refuse(404, NOT_FOUND);
    // Only its payment changed (a payment landing at that moment): the same cancellation, decided again on the money there is now.
    const decisions = (options.decisions ?? 0) + 1;
    if (
      to === "cancelled" &&
      after.delivery.status === before.status &&
      after.delivery.riderId === before.riderId &&
      decisions < CANCEL_DECISIONS
    ) {
      return changeDeliveryStatus(op, user, id, to, now, { ...options, decisions });
    }
    throw transitionRefusal(after.delivery.status, to);
  }
  if (to === "cancelled") await refundOnCancellation(op.env, id, now);
  return finishChange(op, id);
}

/** What the customer hears of a status change: picked up, delivered, or cancelled by an admin (not their own cancellation). */
function customerNotification(before: Delivery, user: User, to: DeliveryStatus) {
  if (to === "picked_up") return notificationMessages.pickedUp(before);
  if (to === "delivered") return notificationMessages.delivered(before);
  if (to === "returned") return notificationMessages.returned(before);
  if (to === "cancelled" && user.id !== before.customerId) return notificationMessages.cancelledByAdmin(before, null);
  return null;
}

/**
 * `POST /api/deliveries/{id}/release` (docs/guide/deliveries.md: a rider may give back a delivery they hold while
 * it is still `assigned`): it returns to `pending` without a rider and is offered again. 404 when
 * the rider may not see it, 409 from any other status, 403 when it is visible but not theirs.
 * The rider's last position on it is cleared too: it belongs to them, not to the next rider.
 */
export async function releaseDelivery(
  op: OperationContext,
  rider: User,
  id: string,
  now = new Date(),
): Promise<ChangedDelivery> {
  const found = id && id.length <= 64 ? await findDeliveryWithRider(getDb(op.env.DB), id) : null;
  if (!found || !canSeeDelivery(rider, found.delivery)) throw refuse(404, NOT_FOUND);
  const before = found.delivery;
  if (before.status !== "assigned")
    throw transitionRefusal(before.status, "pending", "server.deliveries.onlyAssignedReleased");
  if (before.riderId !== rider.id) throw refuse(403, "server.deliveries.onlyAssignedRiderReleases");
  const at = now.getTime();
  const [update] = await op.env.DB.batch([
    op.env.DB.prepare(
      `UPDATE deliveries SET status = 'pending', rider_id = NULL, assigned_at = NULL,
         rider_latitude = NULL, rider_longitude = NULL, rider_located_at = NULL,
         pickup_arrival_first_at = NULL, pickup_arrival_confirmed_at = NULL
       WHERE id = ?1 AND status = 'assigned' AND rider_id = ?2`,
    ).bind(id, rider.id),
    deliveryEventInsert(op.env.DB, {
      deliveryId: id,
      kind: "released",
      from: "assigned",
      to: "pending",
      actorId: rider.id,
      riderId: rider.id,
      at,
    }),
  ]);
  if (update!.meta.changes !== 1) {
    const after = await findDeliveryWithRider(getDb(op.env.DB), id);
    if (!after || !canSeeDelivery(rider, after.delivery)) throw refuse(404, NOT_FOUND);
    throw transitionRefusal(after.delivery.status, "pending", "server.deliveries.onlyAssignedReleased");
  }
  return finishChange(op, id);
}

/** Reads the changed delivery back and lets the rest of the system know. */
export async function finishChange(op: OperationContext, id: string): Promise<ChangedDelivery> {
  const changed = await findDeliveryWithRider(getDb(op.env.DB), id);
  if (!changed) throw refuse(404, NOT_FOUND);
  await afterStatusChange(op.env, changed.delivery);
  return changed;
}

/**
 * Tells the live-tracking room of the delivery about its new status and rider (status changes are pushed to
 * the room: docs/guide/deliveries.md#live-tracking). The one place every accept and status change
 * passes through.
 */
export async function afterStatusChange(env: Env, delivery: Delivery): Promise<void> {
  // Awaited (it never throws): the room has the last position in D1 and has pushed the new
  // status before the rider's request answers.
  await notifyStatusChange(env, delivery.id, delivery.status, delivery.riderId);
}
