import { readSignedWebhook } from "~/payments/signed-webhook.server";
import { z } from "zod";
import type { User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { pesosToCentavos, type Centavos } from "~/money/money";
import { notificationMessages } from "~/notifications/notification-messages";
import { notify } from "~/notifications/notifications.server";
import { PayoutGatewayError, payoutGatewayFromEnv, type PayoutEvent, type PayoutGateway } from "~/payments/payout-gateway.server";
import { sandboxPayoutWebhook } from "~/payments/sandbox-payouts.server";
import { cashoutRefusal, cashoutView, type CashoutRow, type CashoutView } from "./cashouts.server";
import { BALANCE_SQL } from "./ledger.server";
import type { CashoutRequest } from "./ledger-schemas";

/**
 * GCash cash-out, instant and free (PRODUCT.md, "Cash-out as the help centre says";
 * docs/decisions/0184-instant-gcash-cash-out.md). One batch inserts the cash-out as `sending` (if
 * the balance covers it and none is open: the partial unique index) together with its `cashout`
 * entry, so the balance is down before any money moves; then the payout gateway is asked at once.
 * Its signed webhook marks it `paid`, or `failed` with a `cashout` entry of +amount
 * (source "cashout-return:{id}") that returns the money, and the rider is told.
 */
const getCashout = (d1: D1Database, id: string) => d1.prepare("SELECT * FROM cashouts WHERE id = ?1").bind(id).first<CashoutRow>();

export async function requestGcashCashout(env: Env, rider: Pick<User, "id">, body: CashoutRequest, origin: string, now = Date.now()): Promise<CashoutView> {
  const gateway = await payoutGatewayFromEnv(env);
  if (!gateway) throw new Refusal(503, "server.ledger.gcashUnavailable");
  const d1 = env.DB;
  const amount = pesosToCentavos(body.amount);
  const id = `co_${crypto.randomUUID().replaceAll("-", "")}`;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO cashouts (id, rider_id, amount, fee, method, account_name, account_number, status, requested_at, provider)
         SELECT ?1, ?2, ?3, 0, 'gcash', NULL, ?4, 'sending', ?5, ?6
         WHERE (${BALANCE_SQL.replace("?1", "?2")}) >= ?3
         ON CONFLICT DO NOTHING`,
      )
      .bind(id, rider.id, amount, body.accountNumber, now, gateway.provider),
    d1
      .prepare(
        `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note)
         SELECT rider_id, 'cashout', -amount, 'cashout:' || id, ?2, 'GCash ' || account_number FROM cashouts WHERE id = ?1`,
      )
      .bind(id, now),
  ]);
  if (inserted!.meta.changes !== 1) throw await cashoutRefusal(d1, rider.id);

  await sendPayout(env, gateway, { id, amount, account: body.accountNumber!, accountName: body.accountName }, origin);
  return cashoutView((await getCashout(d1, id))!);
}

/**
 * Asks the gateway for a `sending` cash-out's payout, with the cash-out's id as its idempotency key
 * (asking twice sends once). A definite refusal fails it now (the money returns); an answer of
 * unknown outcome (a network error, a 5xx, a crash before it) leaves it `sending` for the cron.
 */
async function sendPayout(
  env: Env,
  gateway: PayoutGateway,
  cashout: { id: string; amount: Centavos; account: string; accountName: string | null },
  origin: string,
): Promise<void> {
  const { id, amount } = cashout;
  try {
    const { payoutId } = await gateway.sendPayout({ cashoutId: id, amount, account: cashout.account, accountName: cashout.accountName, description: `Hatid cash-out ${id}` });
    await env.DB.prepare("UPDATE cashouts SET provider_payout_id = ?2 WHERE id = ?1 AND provider_payout_id IS NULL").bind(id, payoutId).run();
    // The sandbox "sends" it now and answers with a signed webhook to our own handler, within this request.
    if (gateway.provider === "sandbox") {
      const refused = await handlePayoutWebhook(await sandboxPayoutWebhook(env, origin, id, payoutId, amount), env).then(() => null, (error: unknown) => error);
      if (refused) console.error("the sandbox payout's webhook was refused", id, refused);
    }
  } catch (error) {
    console.error("payout gateway did not take the GCash cash-out", id, error);
    if (error instanceof PayoutGatewayError && error.definite) await failPayout(env, id, "The payout gateway refused the payout", Date.now());
  }
}

/** A `sending` payout older than this is asked for again by the cron (the request that sent it may have died). */
export const STUCK_PAYOUT_MS = 60_000;

/**
 * The cron (every minute): GCash cash-outs still `sending` a minute after they were asked for are
 * asked for again (the gateway sends once per idempotency key), so a crash between the cash-out and
 * the gateway's answer leaves no payout stuck. Reads cashouts_status_requested_idx.
 */
export async function resendStuckPayouts(env: Env, now = Date.now()): Promise<number> {
  const gateway = await payoutGatewayFromEnv(env);
  if (!gateway) return 0;
  const { results } = await env.DB.prepare(
    `SELECT id, amount, fee, account_number, account_name FROM cashouts
     WHERE status = 'sending' AND requested_at <= ?1 AND method = 'gcash' ORDER BY requested_at LIMIT 20`,
  )
    .bind(now - STUCK_PAYOUT_MS)
    .all<{ id: string; amount: number; fee: number; account_number: string; account_name: string | null }>();
  // The sandbox's webhook goes straight to our handler, so its address is never fetched.
  for (const row of results) await sendPayout(env, gateway, { id: row.id, amount: row.amount - row.fee, account: row.account_number, accountName: row.account_name }, "https://sandbox.invalid");
  return results.length;
}

/** Marks a `sending` payout failed and returns its amount to the balance, once; tells the rider. */
async function failPayout(env: Env, id: string, reason: string, now: number): Promise<boolean> {
  const [failed] = await env.DB.batch([
    env.DB.prepare("UPDATE cashouts SET status = 'failed', failure_reason = ?2, settled_at = ?3 WHERE id = ?1 AND status = 'sending'").bind(id, reason.slice(0, 200), now),
    env.DB.prepare(
      `INSERT OR IGNORE INTO ledger_entries (rider_id, kind, amount, source_id, at, note)
       SELECT rider_id, 'cashout', amount, 'cashout-return:' || id, ?2, 'GCash payout failed: returned' FROM cashouts WHERE id = ?1 AND status = 'failed'`,
    ).bind(id, now),
  ]);
  if (failed!.meta.changes !== 1) return false;
  const row = await getCashout(env.DB, id);
  await notify(env.DB, [{ to: { userId: row!.rider_id }, content: notificationMessages.cashOutFailed(row!.amount) }]);
  return true;
}

async function markPaid(env: Env, id: string, payoutId: string, now: number): Promise<boolean> {
  const paid = await env.DB.prepare(
    "UPDATE cashouts SET status = 'paid', reference = ?2, provider_payout_id = coalesce(provider_payout_id, ?2), settled_at = ?3 WHERE id = ?1 AND status = 'sending'",
  )
    .bind(id, payoutId, now)
    .run();
  if (paid.meta.changes !== 1) return false;
  const row = await getCashout(env.DB, id);
  await notify(env.DB, [{ to: { userId: row!.rider_id }, content: notificationMessages.cashOutSettled(row!.amount - row!.fee) }]);
  return true;
}

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(["payout.succeeded", "payout.failed"]),
  data: z.object({
    id: z.string().min(1).max(100),
    reference_id: z.string().min(1).max(64),
    amount: z.number().int().positive(),
    failure_code: z.string().max(200).nullish(),
  }),
});

export type PayoutOutcome = "paid" | "failed" | "duplicate" | "unknown_payout" | "amount_mismatch";

/** One verified payout event; the same event twice changes things once (the state-conditional updates). */
export async function applyPayoutEvent(env: Env, event: PayoutEvent, now = Date.now()): Promise<PayoutOutcome> {
  const row = await getCashout(env.DB, event.data.reference_id);
  if (!row || row.method !== "gcash") return "unknown_payout";
  if ((row.amount - row.fee) !== (event.data.amount as Centavos)) return "amount_mismatch";
  if (event.type === "payout.succeeded") return (await markPaid(env, row.id, event.data.id, now)) ? "paid" : "duplicate";
  return (await failPayout(env, row.id, event.data.failure_code || "The payout failed", now)) ? "failed" : "duplicate";
}

const MAX_WEBHOOK_BYTES = 64 * 1024;

/** `POST /api/payouts/webhook`: 401 and nothing changed without a valid `Payout-Signature` no older than 5 minutes. */
export async function handlePayoutWebhook(request: Request, env: Env, now = Date.now()): Promise<Response> {
  const gateway = await payoutGatewayFromEnv(env);
  if (!gateway) throw new Refusal(503, "server.payments.payoutsNotConfigured");
  const read = await readSignedWebhook(request, {
    limit: MAX_WEBHOOK_BYTES,
    header: "Payout-Signature",
    verify: (signature, rawBody) => gateway.verifyWebhook(signature, rawBody, now),
  });
  if (!read.ok) throw read.refusal;
  const event = eventSchema.safeParse(read.body);
  if (!event.success) throw new Refusal(400, "server.payments.notPayoutEvent");
  return Response.json({ received: true, outcome: await applyPayoutEvent(env, event.data, now) });
}
