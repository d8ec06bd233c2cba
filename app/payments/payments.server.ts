import { readSignedWebhook } from "./signed-webhook.server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { deliveries, payments, type Payment } from "~/db/schema";
import { deliveryEventInsert } from "~/deliveries/events.server";
import { WEBHOOK_BODY_LIMIT } from "~/http/body-limit.server";
import { Refusal } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";
import { notifyStatusChange } from "~/tracking/room.server";
import { paymentGatewayFromEnv } from "./gateway.server";
import { PAYMENT_ARRIVING_SQL, refundOnCancellation, settleOnCancelledStatements } from "./refunds.server";
import { totalsForLatePaymentStatement } from "~/deliveries/daily-totals.server";
import { ledgerForLatePaymentStatement } from "~/ledger/ledger.server";
import { collectOnPaidStatements, releaseOwedFeesStatement } from "./owed-fees.server";
import { UNPAID_CANCEL_AFTER_MS } from "./payment-status";
import { nearbyRiderNotifications } from "~/notifications/nearby-riders.server";

/**
 * Payments after booking: the gateway's signed webhooks, refunds when a paid booking is cancelled,
 * and the cancellation of online bookings left unpaid. Every change to a payment and its delivery
 * goes in one D1 batch.
 */

/** A PayMongo event, as much of it as we read. Resources keep their other attributes. */
const eventSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(100),
    attributes: z.object({
      type: z.string().min(1).max(100),
      livemode: z.boolean().optional(),
      data: z
        .object({
          id: z.string().min(1).max(100),
          type: z.string().max(50).optional(),
          attributes: z.record(z.unknown()).optional(),
        })
        .nullish(),
    }),
  }),
});
type GatewayEvent = z.infer<typeof eventSchema>;

const PAID_EVENTS = new Set(["checkout_session.payment.paid", "payment.paid"]);
const FAILED_EVENTS = new Set(["payment.failed"]);

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** The captured payment inside an event's resource: a checkout session's first payment, or the payment itself. */
function capturedPayment(resource: NonNullable<GatewayEvent["data"]["attributes"]["data"]>): {
  id: string | null;
  amount: number | null;
} {
  const attributes = record(resource.attributes);
  if (resource.type === "checkout_session") {
    const first = Array.isArray(attributes.payments) ? record(attributes.payments[0]) : {};
    const amount = record(first.attributes).amount;
    return { id: typeof first.id === "string" ? first.id : null, amount: typeof amount === "number" ? amount : null };
  }
  return { id: resource.id, amount: typeof attributes.amount === "number" ? attributes.amount : null };
}

async function findEventPayment(
  env: Env,
  resource: NonNullable<GatewayEvent["data"]["attributes"]["data"]>,
): Promise<Payment | null> {
  const db = getDb(env.DB);
  const metadata = record(record(resource.attributes).metadata);
  if (typeof metadata.hatid_payment_id === "string" && metadata.hatid_payment_id.length <= 64) {
    const [row] = await db.select().from(payments).where(eq(payments.id, metadata.hatid_payment_id)).limit(1);
    if (row) return row;
  }
  const column = resource.type === "checkout_session" ? payments.checkoutId : payments.providerPaymentId;
  const [row] = await db.select().from(payments).where(eq(column, resource.id)).limit(1);
  return row ?? null;
}

/**
 * The event was applied already (its id is the primary key of payment_events): only that failure is
 * a duplicate. Any other failure of the batch answers 500, so the gateway sends the event again
 * rather than hearing "duplicate" for a payment (and a refund) never recorded.
 */
const isDuplicateEvent = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: payment_events\.event_id/i.test(error.message);

type WebhookOutcome = "applied" | "duplicate" | "ignored";

/**
 * Applies one verified event, once: the event id is inserted in the same batch as its effects, so
 * a replay fails on the primary key and changes nothing.
 */
async function applyGatewayEvent(env: Env, event: GatewayEvent, now = new Date()): Promise<WebhookOutcome> {
  const eventId = event.data.id;
  const type = event.data.attributes.type;
  const resource = event.data.attributes.data ?? null;
  const [seen] = await env.DB.prepare(`SELECT 1 AS seen FROM payment_events WHERE event_id = ?1`).bind(eventId).raw();
  if (seen) return "duplicate";

  const payment = resource ? await findEventPayment(env, resource) : null;
  const remember = env.DB.prepare(
    `INSERT INTO payment_events (event_id, type, payment_id, received_at) VALUES (?1, ?2, ?3, ?4)`,
  ).bind(eventId, type, payment?.id ?? null, now.getTime());
  const statements: D1PreparedStatement[] = [remember];
  let outcome: WebhookOutcome = "ignored";
  /** Where the statement that marks the payment paid sits in the batch. */
  let markPaidAt = -1;
  if (payment && resource && PAID_EVENTS.has(type)) {
    const captured = capturedPayment(resource);
    if (captured.amount === null) {
      // A paid event must say how much was paid; without it nothing is applied.
      console.error(`Payment ${payment.id}: paid event ${eventId} has no amount; not marked paid`);
    } else if (captured.amount !== payment.amount) {
      console.error(
        `Payment ${payment.id}: gateway reports ${captured.amount} centavos paid, ${payment.amount} expected; not marked paid`,
      );
    } else {
      const paid = { deliveryId: payment.deliveryId, paymentId: payment.id, paidAt: now.getTime() };
      statements.push(
        // Earlier unpaid fees this booking carries are collected now that its money arrived (decision 0217).
        ...collectOnPaidStatements(env.DB, paid),
        // Paid after the booking was cancelled: the fee it owed paid from it, and the refund of the
        // rest recorded with this event, so no crash can lose it (decision 0217).
        ...settleOnCancelledStatements(env.DB, {
          deliveryId: paid.deliveryId,
          paymentId: paid.paymentId,
          at: paid.paidAt,
          guard: PAYMENT_ARRIVING_SQL,
        }),
        // Paid after it was delivered (assigned unpaid before that was refused): its credits now.
        totalsForLatePaymentStatement(env.DB, paid),
        ledgerForLatePaymentStatement(env.DB, paid),
      );
      markPaidAt = statements.length;
      statements.push(
        env.DB.prepare(
          `UPDATE payments SET status = 'paid', paid_at = ?2, provider_payment_id = COALESCE(?3, provider_payment_id)
           WHERE id = ?1 AND status IN ('pending', 'failed')`,
        ).bind(payment.id, now.getTime(), captured.id),
        env.DB.prepare(
          `UPDATE deliveries SET payment_status = 'paid' WHERE id = ?1 AND payment_id = ?2 AND payment_status IN ('pending', 'failed')`,
        ).bind(payment.deliveryId, payment.id),
        deliveryEventInsert(env.DB, {
          deliveryId: payment.deliveryId,
          kind: "paid",
          from: null,
          to: null,
          actorId: null,
          riderId: null,
          at: now,
        }),
      );
      outcome = "applied";
    }
  } else if (payment && FAILED_EVENTS.has(type)) {
    statements.push(
      env.DB.prepare(`UPDATE payments SET status = 'failed', failed_at = ?2 WHERE id = ?1 AND status = 'pending'`).bind(
        payment.id,
        now.getTime(),
      ),
      env.DB.prepare(
        `UPDATE deliveries SET payment_status = 'failed' WHERE id = ?1 AND payment_id = ?2 AND payment_status = 'pending'`,
      ).bind(payment.deliveryId, payment.id),
    );
    outcome = "applied";
  }
  let results: D1Result[];
  try {
    results = await env.DB.batch(statements);
  } catch (error) {
    if (isDuplicateEvent(error)) return "duplicate";
    throw error;
  }
  // Riders are told once per delivery: only by the event whose update marked it paid
  // (the payment's UPDATE), not by a second, distinct "paid" event for the same payment.
  const markedPaid = markPaidAt >= 0 && results[markPaidAt]?.meta.changes === 1;
  if (outcome === "applied" && payment && PAID_EVENTS.has(type) && markedPaid) {
    // Paid after the booking was already cancelled (e.g. by the 30-minute rule): the refund recorded
    // above, its first attempt now.
    const [delivery] = await getDb(env.DB)
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.id, payment.deliveryId))
      .limit(1);
    if (delivery?.status === "cancelled") await refundOnCancellation(env, payment.deliveryId, now);
    if (delivery?.status === "pending") await tellNearbyRiders(env, payment.deliveryId, now);
  }
  return outcome;
}

/** A booking paid online is now offered: the riders near its pickup hear of it. */
async function tellNearbyRiders(env: Env, deliveryId: string, now: Date): Promise<void> {
  const [delivery] = await getDb(env.DB).select().from(deliveries).where(eq(deliveries.id, deliveryId)).limit(1);
  if (!delivery || delivery.riderId !== null) return;
  const statements = await nearbyRiderNotifications(env.DB, delivery, now.getTime());
  if (statements.length > 0) await env.DB.batch(statements);
}

/**
 * `POST /api/payments/webhook`: verifies `Paymongo-Signature` (401, nothing changed, when missing,
 * wrong, or more than 5 minutes from now), then applies the event once. The sandbox's checkout
 * page calls this same function with a request it signed itself.
 */
export async function handlePaymentWebhook(request: Request, env: Env, now = new Date()): Promise<Response> {
  const gateway = await paymentGatewayFromEnv(env);
  if (!gateway) throw new Refusal(503, "server.payments.notConfigured");
  // 256 KB: PayMongo's events are a few kilobytes.
  const read = await readSignedWebhook(request, {
    limit: WEBHOOK_BODY_LIMIT,
    header: "Paymongo-Signature",
    verify: (signature, rawBody) => gateway.verifyWebhook(signature, rawBody, now.getTime()),
  });
  if (!read.ok) throw read.refusal;
  const event = eventSchema.safeParse(read.body);
  if (!event.success) throw new Refusal(400, "server.payments.notPaymentEvent");
  const outcome = await applyGatewayEvent(env, event.data, now);
  return Response.json({ received: true, outcome });
}

export { refundOnCancellation } from "./refunds.server";

/** How many unpaid bookings one run cancels at most (the next run takes the rest). */
const UNPAID_BATCH = 100;

/**
 * The 30-minute rule (Cron Trigger, every minute): online bookings still unpaid 30 minutes after
 * booking are cancelled without a fee. Reads deliveries_status_created_idx (pending, created_at).
 */
export async function cancelUnpaidBookings(env: Env, now = new Date()): Promise<string[]> {
  const cutoff = now.getTime() - UNPAID_CANCEL_AFTER_MS;
  const { results } = await env.DB.prepare(
    `SELECT id FROM deliveries WHERE status = 'pending' AND created_at <= ?1 AND payment_status IN ('pending', 'failed')
     ORDER BY created_at LIMIT ?2`,
  )
    .bind(cutoff, UNPAID_BATCH)
    .all<{ id: string }>();
  const cancelled: string[] = [];
  for (const { id } of results) {
    const [, update] = await env.DB.batch([
      releaseOwedFeesStatement(
        env.DB,
        id,
        `EXISTS (SELECT 1 FROM deliveries WHERE id = ?1 AND status = 'pending' AND rider_id IS NULL AND payment_status IN ('pending', 'failed'))`,
        [],
      ),
      env.DB.prepare(
        `UPDATE deliveries SET status = 'cancelled', cancelled_at = ?2, cancellation_fee = 0
         WHERE id = ?1 AND status = 'pending' AND rider_id IS NULL AND payment_status IN ('pending', 'failed')`,
      ).bind(id, now.getTime()),
      deliveryEventInsert(env.DB, {
        deliveryId: id,
        kind: "cancelled",
        from: "pending",
        to: "cancelled",
        actorId: null,
        riderId: null,
        at: now,
        note: encodeMessage("server.payments.eventNote.notPaid", { minutes: UNPAID_CANCEL_AFTER_MS / 60_000 }),
      }),
    ]);
    if (update!.meta.changes !== 1) continue;
    cancelled.push(id);
    await notifyStatusChange(env, id, "cancelled", null);
  }
  return cancelled;
}
