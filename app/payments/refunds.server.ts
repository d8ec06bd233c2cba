import { deliveryEventInsert } from "~/deliveries/events.server";
import { Refusal } from "~/http/refusal";
import { formatPesos } from "~/money/money";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";
import { paymentGatewayFromEnv, type PaymentGateway } from "./gateway.server";

/**
 * Refunds never get lost (PRODUCT.md, decision 0182). A cancellation of a paid booking writes a
 * `refunds` row (one per payment: its primary key) in the SAME batch as the cancellation; the
 * gateway call follows. A failure stays `pending` with its error and the cron retries it at
 * `next_at`: 1 min, 5 min, 30 min, 2 h, then daily, until the gateway confirms. Each attempt first
 * claims the row (moving `next_at` on), so two callers never call the gateway for it at once.
 */

export interface RefundOutcome {
  amount: number;
  status: "refunded" | "partially_refunded";
}

/** The wait after the attempt numbered `attempts` (0 = the first) fails, as SQL over the column. */
const RETRY_DELAY_SQL = `CASE attempts WHEN 0 THEN 60000 WHEN 1 THEN 300000 WHEN 2 THEN 1800000 WHEN 3 THEN 7200000 ELSE 86400000 END`;

/** An admin's Retry waits this long after any attempt started (it may still be under way). */
export const RETRY_LOCK_MS = 60_000;

/** How many due refunds one cron run tries (the next run takes the rest). */
const RETRY_BATCH = 50;

/**
 * The refund owed on a cancelled delivery whose payment is `paid` and which has none yet (a booking
 * paid after it was cancelled): what was paid less the cancellation fee and the earlier fees it
 * collected. Does nothing when one exists.
 */
async function recordMissingRefund(env: Env, deliveryId: string, at: number): Promise<void> {
  const amount = `p.amount - d.cancellation_fee - (SELECT coalesce(sum(amount), 0) FROM owed_fees WHERE collected_by = d.id AND status = 'collected')`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO refunds (payment_id, delivery_id, amount, status, attempts, next_at, created_at)
       SELECT p.id, d.id, ${amount}, 'pending', 0, ?2, ?2 FROM deliveries d JOIN payments p ON p.id = d.payment_id
       WHERE d.id = ?1 AND d.status = 'cancelled' AND p.status = 'paid' AND ${amount} > 0
       ON CONFLICT (payment_id) DO NOTHING`,
    ).bind(deliveryId, at),
    env.DB.prepare(
      `UPDATE deliveries SET refund_pending = (SELECT amount FROM refunds WHERE delivery_id = ?1 AND status = 'pending')
       WHERE id = ?1 AND EXISTS (SELECT 1 FROM refunds WHERE delivery_id = ?1 AND status = 'pending')`,
    ).bind(deliveryId),
  ]);
}

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
    .first<{ amount: number; provider_payment_id: string | null; customer_id: string; id: string; pickup_city: string; dropoff_city: string; dropoff_address: string }>();
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
    });
    const [done] = await env.DB.batch([
      env.DB.prepare(
        `UPDATE refunds SET status = 'refunded', refunded_at = ?2, provider_refund_id = ?3, last_error = NULL WHERE payment_id = ?1 AND status = 'pending'`,
      ).bind(paymentId, at, refund.refundId),
      env.DB.prepare(
        `UPDATE payments SET status = ?2, refunded_amount = ?3, refund_id = ?4, refunded_at = ?5, refund_error = NULL WHERE id = ?1 AND status = 'paid'`,
      ).bind(paymentId, status, claim.amount, refund.refundId, at),
      env.DB.prepare(`UPDATE deliveries SET payment_status = ?2, refunded_amount = ?3, refund_pending = 0 WHERE id = ?1 AND payment_status = 'paid'`).bind(
        claim.delivery_id,
        status,
        claim.amount,
      ),
      deliveryEventInsert(env.DB, { deliveryId: claim.delivery_id, kind: "refunded", from: null, to: null, actorId: null, riderId: null, at: now, note: formatPesos(claim.amount) }),
      notificationInsert(env.DB, { userId: payment.customer_id }, notificationMessages.refunded(
          { id: payment.id, pickupCity: payment.pickup_city, dropoffCity: payment.dropoff_city, dropoffAddress: payment.dropoff_address },
          claim.amount,
        ), { now: at }),
    ]);
    return done!.meta.changes === 1 ? { amount: claim.amount, status } : null;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    console.error(`Refund of payment ${paymentId} failed (the cron retries it): ${message}`);
    await env.DB.batch([
      env.DB.prepare(`UPDATE refunds SET last_error = ?2 WHERE payment_id = ?1 AND status = 'pending'`).bind(paymentId, message),
      env.DB.prepare(`UPDATE payments SET refund_error = ?2 WHERE id = ?1`).bind(paymentId, message),
    ]);
    return null;
  }
}

/**
 * After any cancellation (customer, admin, the unpaid-booking rule, a payment arriving after it):
 * records the refund if the cancellation did not, then makes the first attempt. Calling it twice
 * refunds once.
 */
export async function refundOnCancellation(env: Env, deliveryId: string, now = new Date(), gateway?: PaymentGateway | null): Promise<RefundOutcome | null> {
  await recordMissingRefund(env, deliveryId, now.getTime());
  const row = await env.DB.prepare(`SELECT payment_id FROM refunds WHERE delivery_id = ?1 AND status = 'pending'`).bind(deliveryId).first<{ payment_id: string }>();
  return row ? attemptRefund(env, row.payment_id, now, { gateway }) : null;
}

/** The cron: every pending refund whose next attempt is due. Returns the payment ids refunded. */
export async function retryDueRefunds(env: Env, now = new Date(), gateway?: PaymentGateway | null): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT payment_id FROM refunds WHERE status = 'pending' AND next_at <= ?1 ORDER BY next_at LIMIT ?2`)
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
      ? await env.DB.prepare(`SELECT status, claimed_at FROM refunds WHERE payment_id = ?1`).bind(paymentId).first<{ status: string; claimed_at: number | null }>()
      : null;
  if (!row) throw new Refusal(404, "server.payments.refundNotFound");
  if (row.status === "refunded") throw new Refusal(409, "server.payments.refundDone");
  if (row.claimed_at !== null && row.claimed_at > now.getTime() - RETRY_LOCK_MS) throw new Refusal(409, "server.payments.refundUnderWay");
  const outcome = await attemptRefund(env, paymentId, now, { byAdmin: true });
  const after = await env.DB.prepare(`SELECT status, last_error, attempts FROM refunds WHERE payment_id = ?1`)
    .bind(paymentId)
    .first<{ status: string; last_error: string | null; attempts: number }>();
  return Response.json({ paymentId, status: outcome ? "refunded" : after?.status ?? "pending", attempts: after?.attempts ?? 0, error: outcome ? null : after?.last_error ?? null });
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
    .prepare(`SELECT payment_id, delivery_id, amount, attempts, next_at, last_error, created_at FROM refunds WHERE status = 'pending' ORDER BY created_at LIMIT ?1`)
    .bind(limit)
    .all<{ payment_id: string; delivery_id: string; amount: number; attempts: number; next_at: number; last_error: string | null; created_at: number }>();
  return results.map((r) => ({ paymentId: r.payment_id, deliveryId: r.delivery_id, amount: r.amount, attempts: r.attempts, nextAt: r.next_at, lastError: r.last_error, createdAt: r.created_at }));
}
