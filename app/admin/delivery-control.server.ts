import { getDb } from "~/db/client.server";
import type { Delivery, User } from "~/db/schema";
import { findDeliveryWithRider } from "~/deliveries/deliveries.server";
import { deliveryEventInsert } from "~/deliveries/events.server";
import { CANCEL_DECISIONS, cancellationMoneyStatements } from "~/payments/owed-fees.server";
import { afterStatusChange, type ChangedDelivery, type OperationContext } from "~/deliveries/rider-operations.server";
import { MAX_ACTIVE_PER_RIDER, RIDER_ACTIVE_STATUSES } from "~/deliveries/state-machine";
import type { DeliveryStatus } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { encodeMessage, word } from "~/i18n/message";
import { formatPesos } from "~/money/money";
import { refundOnCancellation } from "~/payments/payments.server";
import { isAwaitingPayment, OFFERABLE_SQL } from "~/payments/payment-status";
import { riderStanding } from "~/riders/riders.server";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";
import { users } from "~/db/schema";
import { eq } from "drizzle-orm";
import { sendRecipientLink } from "~/tracking/recipient-link.server";

/**
 * An admin's control of deliveries (docs/guide/people-and-access.md): cancel any delivery before it
 * is delivered (with a reason, no fee unless they set one), and assign or reassign a pending or
 * assigned delivery, once paid if paid online, to an approved, active rider with fewer than 3
 * active deliveries.
 *
 * Each change is ONE D1 batch: the conditional UPDATE on the state the
 * decision was made on, followed by its delivery event (app/deliveries/events.server.ts).
 */

const notFound = () => new Refusal(404, "server.admin.deliveryNotFound");
/** 409 naming both statuses, in the reader's words (e.g. "from Delivered to Cancelled"). */
const cannotChange = (from: DeliveryStatus, to: DeliveryStatus) =>
  new Refusal(409, "server.admin.cannotChange", { from: word(`app.status.${from}`), to: word(`app.status.${to}`) });

const riderSuspended = (reason: string | null) =>
  reason
    ? new Refusal(409, "server.admin.riderSuspended", { reason })
    : new Refusal(409, "server.admin.riderSuspendedNoReason");

const awaitingPayment = () => new Refusal(409, "server.admin.awaitingPayment");

const ACTIVE = RIDER_ACTIVE_STATUSES.map((s) => `'${s}'`).join(", ");

async function load(op: OperationContext, id: string): Promise<Delivery> {
  const found = id && id.length <= 64 ? await findDeliveryWithRider(getDb(op.env.DB), id) : null;
  if (!found) throw notFound();
  return found.delivery;
}

async function reread(op: OperationContext, id: string): Promise<ChangedDelivery> {
  const changed = await findDeliveryWithRider(getDb(op.env.DB), id);
  if (!changed) throw notFound();
  return changed;
}

/**
 * `POST /api/admin/deliveries/{id}/cancel` with `{reason, fee?}` (fee in centavos here). 409 once
 * delivered or cancelled; a fee needs a rider who held the delivery (it is split like a delivery fee
 * into their earnings and the day's totals) and cannot exceed the delivery's fare.
 */
export async function adminCancel(
  op: OperationContext,
  admin: Pick<User, "id">,
  id: string,
  { reason, fee = 0 }: { reason: string; fee?: number },
  now = new Date(),
  /** How many times this cancellation was decided already (a payment landed under it). */
  decisions = 0,
): Promise<ChangedDelivery> {
  const before = await load(op, id);
  if (before.status === "delivered" || before.status === "cancelled") throw cannotChange(before.status, "cancelled");
  if (fee > 0 && !before.riderId) throw new Refusal(409, "server.admin.feeNeedsRider");
  if (fee > before.totalFee)
    throw new Refusal(400, "server.admin.feeTooHigh", { fare: formatPesos(before.totalFee) }, "fee");

  const at = now.getTime();
  // The fee counted, owed or taken from the refund, and the refund recorded (decision 0217).
  const statements: D1PreparedStatement[] = cancellationMoneyStatements(op.env.DB, before, { fee, cancelledAt: at });
  const updateIndex = statements.length;
  statements.push(
    // The money follows the payment status read (decision 0217): the cancellation holds only while it is unchanged.
    op.env.DB.prepare(
      `UPDATE deliveries SET status = 'cancelled', cancelled_at = ?4, cancellation_fee = ?5, cancellation_reason = ?6
       WHERE id = ?1 AND status = ?2 AND rider_id IS ?3 AND payment_status = ?7`,
    ).bind(id, before.status, before.riderId, at, fee, reason, before.paymentStatus),
    deliveryEventInsert(op.env.DB, {
      deliveryId: id,
      kind: "cancelled",
      from: before.status,
      to: "cancelled",
      actorId: admin.id,
      riderId: before.riderId,
      at,
      note: reason,
    }),
  );
  if (before.customerId !== admin.id) {
    statements.push(
      notificationInsert(
        op.env.DB,
        { userId: before.customerId },
        notificationMessages.cancelledByAdmin(before, reason),
        { now: at },
      ),
    );
  }
  const results = await op.env.DB.batch(statements);
  if (results[updateIndex]!.meta.changes !== 1) {
    const after = await load(op, id);
    // Only its payment changed (a payment landing at that moment): decided again on the money there is now.
    if (after.status === before.status && after.riderId === before.riderId && decisions + 1 < CANCEL_DECISIONS) {
      return adminCancel(op, admin, id, { reason, fee }, now, decisions + 1);
    }
    throw cannotChange(after.status, "cancelled");
  }
  const changed = await reread(op, id);
  await afterStatusChange(op.env, changed.delivery);
  await refundOnCancellation(op.env, id, now);
  return changed;
}

/**
 * `POST /api/admin/deliveries/{id}/assign` with `{riderId}`: gives a pending or assigned delivery to
 * an approved, unsuspended rider holding fewer than 3 active deliveries; an online booking only once
 * paid (409 with the reason otherwise). The room hears `status_update` with the new rider, so the
 * rider who lost it can no longer post positions; visibility follows `rider_id`, so they no longer
 * see it either.
 */
export async function adminAssign(
  op: OperationContext & { origin: string },
  admin: Pick<User, "id">,
  id: string,
  riderId: string,
  now = new Date(),
): Promise<ChangedDelivery> {
  const before = await load(op, id);
  if (before.status !== "pending" && before.status !== "assigned") throw cannotChange(before.status, "assigned");
  if (before.riderId === riderId) throw new Refusal(409, "server.admin.alreadyHolds");
  // Nothing is credited for money that never arrived (decision 0217): like a rider's accept, only once paid.
  if (isAwaitingPayment(before.paymentStatus)) throw awaitingPayment();
  const rider = await riderStanding(op.env.DB, riderId);
  if (!rider?.approved || rider.role !== "rider") throw new Refusal(409, "server.admin.notAssignable");
  if (rider.suspended) throw riderSuspended(rider.suspendedReason);
  if (before.customerId === riderId) throw new Refusal(409, "server.admin.ownBooking");

  const [newRider] = await getDb(op.env.DB)
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, riderId))
    .limit(1);
  const at = now.getTime();
  const [update] = await op.env.DB.batch([
    op.env.DB.prepare(
      `UPDATE deliveries SET rider_id = ?4, status = 'assigned', assigned_at = ?5,
         pickup_arrival_first_at = NULL, pickup_arrival_confirmed_at = NULL
       WHERE id = ?1 AND status = ?2 AND rider_id IS ?3 AND ${OFFERABLE_SQL}
         AND (SELECT count(*) FROM deliveries WHERE rider_id = ?4 AND status IN (${ACTIVE})) < ?6
         AND EXISTS (SELECT 1 FROM users WHERE id = ?4 AND role = 'rider' AND rider_approved_at IS NOT NULL
                     AND rider_suspended_at IS NULL AND deactivated_at IS NULL)`,
    ).bind(id, before.status, before.riderId, riderId, now.getTime(), MAX_ACTIVE_PER_RIDER),
    deliveryEventInsert(op.env.DB, {
      deliveryId: id,
      kind: "reassigned",
      from: before.status,
      to: "assigned",
      actorId: admin.id,
      riderId,
      at: now,
      note: before.riderId
        ? encodeMessage("server.deliveries.eventNote.takenFromRider", { rider: before.riderId })
        : null,
    }),
    notificationInsert(op.env.DB, { userId: riderId }, notificationMessages.assignedToYou(before), { now: at }),
    notificationInsert(
      op.env.DB,
      { userId: before.customerId },
      notificationMessages.riderAssigned(before, newRider?.firstName ?? null),
      { now: at },
    ),
    ...(before.riderId
      ? [
          notificationInsert(op.env.DB, { userId: before.riderId }, notificationMessages.deliveryTaken(before), {
            now: at,
          }),
        ]
      : []),
  ]);
  if (update!.meta.changes !== 1) {
    const after = await load(op, id);
    if (after.status !== before.status || after.riderId !== before.riderId)
      throw new Refusal(409, "server.admin.changedMeanwhile");
    if (isAwaitingPayment(after.paymentStatus)) throw awaitingPayment();
    const again = await riderStanding(op.env.DB, riderId);
    if (again?.suspended) throw riderSuspended(again.suspendedReason);
    throw new Refusal(409, "server.admin.riderFull", { max: MAX_ACTIVE_PER_RIDER });
  }
  const changed = await reread(op, id);
  await afterStatusChange(op.env, changed.delivery);
  // The recipient's link goes out on the first assignment (accept or admin); a reassignment finds it claimed.
  await sendRecipientLink(op.env, changed.delivery, op.origin);
  return changed;
}
