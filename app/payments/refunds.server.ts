import { deliveryEventInsert } from "~/deliveries/events.server";
import { Refusal } from "~/http/refusal";
import { formatPesos } from "~/money/money";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";
import { paymentGatewayFromEnv, refundIdempotencyKey, type PaymentGateway } from "./gateway.server";
import { coverOwnFeeStatements } from "./owed-fees.server";

/**
 * Refunds never get lost (docs/guide/money.md, decision 0217). A cancellation of a paid booking
 * writes a `refunds` row (one per payment: its primary key) in the SAME batch as the cancellation,
 * and a payment arriving after its booking was cancelled writes it in the SAME batch as the
 * payment's event; the cron records any still missing (repairLostRefunds). The gateway call
 * follows, with the refund's idempotency key. A failure stays `pending` with its error and the cron
 * retries it at `next_at`: 1 min, 5 min, 30 min, 2 h, then daily, until the gateway confirms. Each
 * attempt first claims the row (moving `next_at` on), so two callers never call the gateway for it
 * at once.
 */

export interface RefundOutcome {
  amount: number;
  status: "refunded" | "partially_refunded";
}

/** The wait after the attempt numbered `attempts` (0 = the first) fails, as SQL over the column. */
const RETRY_DELAY_SQL = `CASE attempts WHEN 0 THEN 60000 WHEN 1 THEN 300000 WHEN 2 THEN 1800000 WHEN 3 THEN 7200000 ELSE 86400000 END`;

/** An admin's Retry waits this long after any attempt started (it may still be under way). */
const RETRY_LOCK_MS = 60_000;

/** How many due refunds one cron run tries (the next run takes the rest). */
const RETRY_BATCH = 50;

/**
 * What a payment `p` owes back on its cancelled delivery `d`, from the rows (SQL): the payment, less
 * the earlier fees it collected, less the cancellation fee it keeps: the fee taken at the
 * cancellation (all of it but what was left owed) and the owed fee it paid itself, when it arrived
 * after the cancellation (coverOwnFeeStatements). Equal to feeOutcome's refund for a booking paid
 * when cancelled.
 */
const REFUND_OWED_SQL = `(p.amount
  - coalesce((SELECT sum(o.amount) FROM owed_fees o INDEXED BY owed_fees_collected_by_idx WHERE o.collected_by = d.id AND o.delivery_id != d.id AND o.status = 'collected'), 0)
  - (d.cancellation_fee - coalesce((SELECT o.amount FROM owed_fees o WHERE o.delivery_id = d.id AND NOT (o.status = 'collected' AND o.collected_by = d.id)), 0)))`;

/** The guard (over ?1, the delivery, and ?4, its payment) of a payment being applied now: it is still awaited. */
export const PAYMENT_ARRIVING_SQL = `EXISTS (SELECT 1 FROM payments WHERE id = ?4 AND delivery_id = ?1 AND status IN ('pending', 'failed'))`;

/** The guard of a refund lost: the booking is cancelled, its payment paid, and no refund was recorded. */
const REFUND_LOST_SQL = `EXISTS (SELECT 1 FROM payments WHERE id = ?4 AND delivery_id = ?1 AND status = 'paid')
  AND EXISTS (SELECT 1 FROM deliveries WHERE id = ?1 AND payment_id = ?4 AND status = 'cancelled' AND payment_status = 'paid')
  AND NOT EXISTS (SELECT 1 FROM refunds WHERE payment_id = ?4)`;

/**
 * A payment settled on a cancelled booking (decision 0217), for one batch: the fee it owed paid
 * from it when it can be (coverOwnFeeStatements), then the refund of the rest recorded (refunds
 * row and `refund_pending`). `guard` is PAYMENT_ARRIVING_SQL in the webhook's batch (BEFORE the
 * statement marking it paid), or the lost-refund guard for the cron's repair.
 */
export function settleOnCancelledStatements(
  d1: D1Database,
  input: { deliveryId: string; paymentId: string; at: number; guard: string },
): D1PreparedStatement[] {
  const { deliveryId, paymentId, at, guard } = input;
  return [
    ...coverOwnFeeStatements(d1, input),
    d1
      .prepare(
        `INSERT INTO refunds (payment_id, delivery_id, amount, status, attempts, next_at, created_at)
         SELECT p.id, d.id, ${REFUND_OWED_SQL}, 'pending', 0, ?2, ?2 FROM deliveries d JOIN payments p ON p.id = ?4 AND p.delivery_id = d.id
         WHERE d.id = ?1 AND d.status = 'cancelled' AND ${guard} AND ${REFUND_OWED_SQL} > 0
         ON CONFLICT (payment_id) DO NOTHING`,
      )
      .bind(deliveryId, at, null, paymentId),
    d1
      .prepare(
        `UPDATE deliveries SET refund_pending = (SELECT amount FROM refunds WHERE payment_id = ?2 AND status = 'pending')
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM refunds WHERE payment_id = ?2 AND status = 'pending')`,
      )
      .bind(deliveryId, paymentId),
  ];
}

/**
 * Records the refund a cancelled, paid booking should have and has not (nothing otherwise): what a
 * crash between a late payment's event and its refund left before decision 0217.
 */
async function recordLostRefund(env: Env, deliveryId: string, paymentId: string, at: number): Promise<void> {
  await env.DB.batch(settleOnCancelledStatements(env.DB, { deliveryId, paymentId, at, guard: REFUND_LOST_SQL }));
}

/**
 * The cron's sweep: cancelled bookings still paid with a refund owed and no refund row, oldest
 * cancellation first. Named indexes: without statistics the planner would rather walk every
 * cancelled delivery (deliveries_status_created_idx); the partial index holds only the cancelled
 * ones still paid, which a refund takes out.
 */
export const LOST_REFUNDS_SQL = `SELECT d.id, d.payment_id FROM deliveries d INDEXED BY deliveries_cancelled_paid_idx JOIN payments p ON p.id = d.payment_id
  WHERE d.status = 'cancelled' AND d.payment_status = 'paid'
    AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = d.payment_id) AND ${REFUND_OWED_SQL} > 0
  ORDER BY d.cancelled_at LIMIT ?1`;

type Claim = { payment_id: string; delivery_id: string; amount: number };

/**
 * One attempt at a pending refund: claims it (only when due, or for an admin's Retry when no
 * attempt started in the last minute), calls the gateway, and records the outcome. Null when there
 * was nothing to do or the gateway failed (the error is kept on the row for the next attempt).
 */
export async function attemptRefund(
  env: Env,
  paymentId: string,
  now = new Date(),
  { gateway, byAdmin = false }: { gateway?: PaymentGateway | null; byAdmin?: boolean } = {},
): Promise<RefundOutcome | null> {
  const at = now.getTime();
  const when = byAdmin ? `(claimed_at IS NULL OR claimed_at <= ?2 - ${RETRY_LOCK_MS})` : `next_at <= ?2`;
  const claim = await env.DB.prepare(
    `UPDATE refunds SET claimed_at = ?2, next_at = ?2 + ${RETRY_DELAY_SQL}, attempts = attempts + 1
     WHERE payment_id = ?1 AND status = 'pending' AND ${when}
     RETURNING payment_id, delivery_id, amount`,
  )
    .bind(paymentId, at)
    .first<Claim>();
  if (!claim) return null;
  const payment = await env.DB.prepare(
    `SELECT p.amount, p.provider_payment_id, d.customer_id, d.id, d.pickup_city, d.dropoff_city, d.dropoff_address
     FROM payments p JOIN deliveries d ON d.id = p.delivery_id WHERE p.id = ?1`,
  )
    .bind(paymentId)
    .first<{
      amount: number;
      provider_payment_id: string | null;
      customer_id: string;
      id: string;
      pickup_city: string;
      dropoff_city: string;
      dropoff_address: string;
    }>();
  if (!payment) return null;
  const status = claim.amount >= payment.amount ? "refunded" : "partially_refunded";
  try {
    const adapter = gateway === undefined ? await paymentGatewayFromEnv(env) : gateway;
    if (!adapter) throw new Error("no payment gateway configured");
    const refund = await adapter.refund({
      paymentId,
      providerPaymentId: payment.provider_payment_id,
      amount: claim.amount,
      reason: `Hatid delivery ${claim.delivery_id} cancelled`,
      idempotencyKey: refundIdempotencyKey(paymentId),
    });
    const [done] = await env.DB.batch([
      env.DB.prepare(
        `UPDATE refunds SET status = 'refunded', refunded_at = ?2, provider_refund_id = ?3, last_error = NULL WHERE payment_id = ?1 AND status = 'pending'`,
      ).bind(paymentId, at, refund.refundId),
      env.DB.prepare(
        `UPDATE payments SET status = ?2, refunded_amount = ?3, refund_id = ?4, refunded_at = ?5, refund_error = NULL WHERE id = ?1 AND status = 'paid'`,
      ).bind(paymentId, status, claim.amount, refund.refundId, at),
      env.DB.prepare(
        `UPDATE deliveries SET payment_status = ?2, refunded_amount = ?3, refund_pending = 0 WHERE id = ?1 AND payment_status = 'paid'`,
      ).bind(claim.delivery_id, status, claim.amount),
      deliveryEventInsert(env.DB, {
        deliveryId: claim.delivery_id,
        kind: "refunded",
        from: null,
        to: null,
        actorId: null,
        riderId: null,
        at: now,
        note: formatPesos(claim.amount),
      }),
      notificationInsert(
        env.DB,
        { userId: payment.customer_id },
        notificationMessages.refunded(
          {
            id: payment.id,
            pickupCity: payment.pickup_city,
            dropoffCity: payment.dropoff_city,
            dropoffAddress: payment.dropoff_address,
          },
          claim.amount,
        ),
        { now: at },
      ),
    ]);
    return done!.meta.changes === 1 ? { amount: claim.amount, status } : null;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    console.error(`Refund of payment ${paymentId} failed (the cron retries it): ${message}`);
    await env.DB.batch([
      env.DB.prepare(`UPDATE refunds SET last_error = ?2 WHERE payment_id = ?1 AND status = 'pending'`).bind(
        paymentId,
        message,
      ),
      env.DB.prepare(`UPDATE payments SET refund_error = ?2 WHERE id = ?1`).bind(paymentId, message),
    ]);
    return null;
  }
}

/**
 * After any cancellation (customer, admin, the unpaid-booking rule, a payment arriving after it):
 * the refund is recorded by then (in the cancellation's or the payment's batch; a lost one is
 * recorded here), then the first attempt. Calling it twice refunds once.
 */
export async function refundOnCancellation(
  env: Env,
  deliveryId: string,
  now = new Date(),
  gateway?: PaymentGateway | null,
): Promise<RefundOutcome | null> {
  const delivery = await env.DB.prepare(`SELECT payment_id FROM deliveries WHERE id = ?1`)
    .bind(deliveryId)
    .first<{ payment_id: string | null }>();
  if (!delivery?.payment_id) return null;
  await recordLostRefund(env, deliveryId, delivery.payment_id, now.getTime());
  const row = await env.DB.prepare(`SELECT payment_id FROM refunds WHERE payment_id = ?1 AND status = 'pending'`)
    .bind(delivery.payment_id)
    .first<{ payment_id: string }>();
  return row ? attemptRefund(env, row.payment_id, now, { gateway }) : null;
}

/** The cron, before retrying: records every refund lost (LOST_REFUNDS_SQL). Returns the payment ids it recorded. */
export async function repairLostRefunds(env: Env, now = new Date()): Promise<string[]> {
  const { results } = await env.DB.prepare(LOST_REFUNDS_SQL)
    .bind(RETRY_BATCH)
    .all<{ id: string; payment_id: string }>();
  const repaired: string[] = [];
  for (const { id, payment_id } of results) {
    await recordLostRefund(env, id, payment_id, now.getTime());
    console.error(`Refund of payment ${payment_id} (delivery ${id}) was missing; recorded for the refund retries`);
    repaired.push(payment_id);
  }
  return repaired;
}

/** The cron: every pending refund whose next attempt is due. Returns the payment ids refunded. */
export async function retryDueRefunds(env: Env, now = new Date(), gateway?: PaymentGateway | null): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT payment_id FROM refunds WHERE status = 'pending' AND next_at <= ?1 ORDER BY next_at LIMIT ?2`,
  )
    .bind(now.getTime(), RETRY_BATCH)
    .all<{ payment_id: string }>();
  const refunded: string[] = [];
  for (const { payment_id } of results) {
    if (await attemptRefund(env, payment_id, now, { gateway })) refunded.push(payment_id);
  }
  return refunded;
}

/** `POST /api/admin/refunds/{paymentId}/retry`: 404 unknown, 409 already refunded or an attempt under way; else the attempt's outcome. */
export async function adminRetryRefund(env: Env, paymentId: string, now = new Date()): Promise<Response> {
  const row =
    paymentId.length <= 100
      ? await env.DB.prepare(`SELECT status, claimed_at FROM refunds WHERE payment_id = ?1`)
          .bind(paymentId)
          .first<{ status: string; claimed_at: number | null }>()
      : null;
  if (!row) throw new Refusal(404, "server.payments.refundNotFound");
  if (row.status === "refunded") throw new Refusal(409, "server.payments.refundDone");
  if (row.claimed_at !== null && row.claimed_at > now.getTime() - RETRY_LOCK_MS)
    throw new Refusal(409, "server.payments.refundUnderWay");
  const outcome = await attemptRefund(env, paymentId, now, { byAdmin: true });
  const after = await env.DB.prepare(`SELECT status, last_error, attempts FROM refunds WHERE payment_id = ?1`)
    .bind(paymentId)
    .first<{ status: string; last_error: string | null; attempts: number }>();
  return Response.json({
    paymentId,
    status: outcome ? "refunded" : (after?.status ?? "pending"),
    attempts: after?.attempts ?? 0,
    error: outcome ? null : (after?.last_error ?? null),
  });
}

/** One pending refund in the admin's queue (amounts in centavos). */
export interface QueuedRefund {
  paymentId: string;
  deliveryId: string;
  amount: number;
  attempts: number;
  nextAt: number;
  lastError: string | null;
  createdAt: number;
}

/** The admins' refunds queue: every refund not yet confirmed, oldest first (refunds_status_next_idx). */
export async function pendingRefunds(d1: D1Database, limit = 100): Promise<QueuedRefund[]> {
  const { results } = await d1
    .prepare(
      `SELECT payment_id, delivery_id, amount, attempts, next_at, last_error, created_at FROM refunds WHERE status = 'pending' ORDER BY created_at LIMIT ?1`,
    )
    .bind(limit)
    .all<{
      payment_id: string;
      delivery_id: string;
      amount: number;
      attempts: number;
      next_at: number;
      last_error: string | null;
      created_at: number;
    }>();
  return results.map((r) => ({
    paymentId: r.payment_id,
    deliveryId: r.delivery_id,
    amount: r.amount,
    attempts: r.attempts,
    nextAt: r.next_at,
    lastError: r.last_error,
    createdAt: r.created_at,
  }));
}
