import { readSignedWebhook } from "~/payments/signed-webhook.server";
import { z } from "zod";
import type { User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { encodeMessage, type AnyMessageId } from "~/i18n/message";
import { pesosToCentavos, type Centavos } from "~/money/money";
import { notificationMessages } from "~/notifications/notification-messages";
import { notify } from "~/notifications/notifications.server";
import {
  localMobile,
  PayoutGatewayError,
  payoutGatewayFromEnv,
  type PayoutGateway,
  type PayoutState,
} from "~/payments/payout-gateway.server";
import { sandboxPayoutCallback } from "~/payments/sandbox-payouts.server";
import { cashoutRefusal, cashoutView, type CashoutRow, type CashoutView } from "./cashouts.server";
import { BALANCE_SQL } from "./ledger.server";
import type { CashoutRequest } from "./ledger-schemas";

/**
 * GCash cash-out, instant and free (docs/guide/money.md#cash-outs;
 * docs/decisions/0219-ledger-cashouts-settings.md). One batch inserts the cash-out as `sending` (if
 * the balance covers it and none is open: the partial unique index) together with its `cashout`
 * entry, so the balance is down before any money moves; then the payout gateway is asked at once.
 * Its callback (decision 0207) marks it `paid`, or `failed` with a `cashout` entry of +amount
 * (source "cashout-return:{id}") that returns the money, and the rider is told.
 */
const getCashout = (d1: D1Database, id: string) =>
  d1.prepare("SELECT * FROM cashouts WHERE id = ?1").bind(id).first<CashoutRow>();

export async function requestGcashCashout(
  env: Env,
  rider: Pick<User, "id">,
  body: CashoutRequest,
  origin: string,
  now = Date.now(),
): Promise<CashoutView> {
  const gateway = await payoutGatewayFromEnv(env);
  if (!gateway) throw new Refusal(503, "server.ledger.gcashUnavailable");
  const d1 = env.DB;
  const amount = pesosToCentavos(body.amount);
  const id = `co_${crypto.randomUUID().replaceAll("-", "")}`;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO cashouts (id, rider_id, amount, fee, method, account_name, account_number, status, requested_at, provider)
         SELECT ?1, ?2, ?3, 0, 'gcash', ?7, ?4, 'sending', ?5, ?6
         WHERE (${BALANCE_SQL.replace("?1", "?2")}) >= ?3
         ON CONFLICT DO NOTHING`,
      )
      .bind(id, rider.id, amount, body.accountNumber, now, gateway.provider, body.accountName),
    d1
      .prepare(
        `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note)
         SELECT rider_id, 'cashout', -amount, 'cashout:' || id, ?2, ?3 FROM cashouts WHERE id = ?1`,
      )
      .bind(id, now, encodeMessage("server.ledger.note.gcashCashout", { account: body.accountNumber })),
  ]);
  if (inserted!.meta.changes !== 1) throw await cashoutRefusal(d1, rider.id);

  await sendPayout(env, gateway, { id, amount, account: body.accountNumber!, accountName: body.accountName! }, origin);
  return cashoutView((await getCashout(d1, id))!);
}

/** The GCash account of the rider's last GCash cash-out that named its holder, to fill the form in. */
export async function lastGcashAccount(
  d1: D1Database,
  riderId: string,
): Promise<{ number: string; name: string } | null> {
  const row = await d1
    .prepare(
      "SELECT account_number, account_name FROM cashouts WHERE rider_id = ?1 AND method = 'gcash' AND account_name IS NOT NULL ORDER BY requested_at DESC LIMIT 1",
    )
    .bind(riderId)
    .first<{ account_number: string | null; account_name: string }>();
  return row?.account_number ? { number: localMobile(row.account_number), name: row.account_name } : null;
}

type SendingCashout = { id: string; amount: Centavos; account: string; accountName: string };

/**
 * Asks the gateway for a `sending` cash-out's payout, with the cash-out's id as its reference and
 * idempotency key (the same body under the same key sends once). A definite refusal fails it now
 * (the money returns); an answer of unknown outcome (a timeout, a 5xx, a crash before it) leaves it
 * `sending` for the cron, which asks the gateway what became of it first.
 */
async function sendPayout(env: Env, gateway: PayoutGateway, cashout: SendingCashout, origin: string): Promise<void> {
  const { id, amount } = cashout;
  const description = `Hatid cash-out ${id}`;
  try {
    const payout = await gateway.sendPayout({
      cashoutId: id,
      amount,
      account: cashout.account,
      accountName: cashout.accountName,
      description,
    });
    await rememberPayoutId(env, id, payout.payoutId);
    // The sandbox "sends" it now and answers with its callback to our own handler, within this request.
    if (gateway.provider === "sandbox") {
      const callback = await sandboxPayoutCallback(env, origin, {
        cashoutId: id,
        payoutId: payout.payoutId,
        amount,
        account: cashout.account,
        accountName: cashout.accountName,
        description,
      });
      const refused = await handlePayoutWebhook(callback, env).then(
        () => null,
        (error: unknown) => error,
      );
      if (refused) console.error("the sandbox payout's callback was refused", id, refused);
    }
  } catch (error) {
    console.error("payout gateway did not take the GCash cash-out", id, error instanceof Error ? error.message : error);
    if (error instanceof PayoutGatewayError && error.definite)
      await failPayout(env, id, encodeMessage("server.ledger.failure.gatewayRefused"), Date.now());
  }
}

const rememberPayoutId = (env: Env, id: string, payoutId: string) =>
  env.DB.prepare("UPDATE cashouts SET provider_payout_id = ?2 WHERE id = ?1 AND provider_payout_id IS NULL")
    .bind(id, payoutId)
    .run();

/** A `sending` payout older than this is looked after by the cron (the request that sent it may have died). */
export const STUCK_PAYOUT_MS = 60_000;

/**
 * The cron (every minute): GCash cash-outs still `sending` a minute after they were asked for. The
 * gateway is asked first what became of each (by its payout id, else by our reference): a payout it
 * settled is settled here as its callback would have; one still under way is left alone; only when
 * it has none is the payout asked for again, under the same idempotency key and body. So a crash or
 * a lost answer never leaves a payout stuck, and a payout is never asked for twice. Reads
 * cashouts_status_requested_idx.
 */
export async function resendStuckPayouts(env: Env, now = Date.now()): Promise<number> {
  const gateway = await payoutGatewayFromEnv(env);
  if (!gateway) return 0;
  const { results } = await env.DB.prepare(
    `SELECT id, amount, fee, account_number, account_name, provider_payout_id FROM cashouts
     WHERE status = 'sending' AND requested_at <= ?1 AND method = 'gcash' AND provider = ?2 ORDER BY requested_at LIMIT 20`,
  )
    // Only this gateway's payouts: one asked of the sandbox is never asked of Xendit, nor the reverse.
    .bind(now - STUCK_PAYOUT_MS, gateway.provider)
    .all<{
      id: string;
      amount: number;
      fee: number;
      account_number: string;
      account_name: string | null;
      provider_payout_id: string | null;
    }>();
  for (const row of results) {
    let found: PayoutState | null;
    try {
      found = await gateway.findPayout(row.id, row.provider_payout_id);
    } catch (error) {
      console.error(
        "could not ask the payout gateway about a GCash cash-out; the next run asks again",
        row.id,
        error instanceof Error ? error.message : error,
      );
      continue;
    }
    if (found) {
      await rememberPayoutId(env, row.id, found.payoutId);
      await applyPayoutState(env, found, Date.now());
      continue;
    }
    if (!row.account_name) {
      // Asked for before the holder's name was required: Xendit would refuse it without one.
      await failPayout(env, row.id, encodeMessage("server.ledger.failure.gatewayRefused"), Date.now());
      continue;
    }
    // The sandbox's callback goes straight to our handler, so its address is never fetched.
    await sendPayout(
      env,
      gateway,
      { id: row.id, amount: row.amount - row.fee, account: row.account_number, accountName: row.account_name },
      "https://sandbox.invalid",
    );
  }
  return results.length;
}

/**
 * Returns a payout's amount to the balance, once (the `cashout-return:{id}` entry is unique), and
 * tells the rider: a `sending` one that failed or was cancelled, or, with `afterSuccess`, a `paid`
 * one the channel sent back (REVERSED). `reason`: an encoded message, or the gateway's own code.
 */
async function failPayout(
  env: Env,
  id: string,
  reason: string,
  now: number,
  { afterSuccess = false } = {},
): Promise<boolean> {
  const [failed] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE cashouts SET status = 'failed', failure_reason = ?2, settled_at = ?3 WHERE id = ?1 AND status IN (${afterSuccess ? "'sending', 'paid'" : "'sending'"})`,
    ).bind(id, reason.slice(0, 200), now),
    env.DB.prepare(
      `INSERT OR IGNORE INTO ledger_entries (rider_id, kind, amount, source_id, at, note)
       SELECT rider_id, 'cashout', amount, 'cashout-return:' || id, ?2, ?3 FROM cashouts WHERE id = ?1 AND status = 'failed'`,
    ).bind(id, now, encodeMessage("server.ledger.note.gcashReturned")),
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
  await notify(env.DB, [
    { to: { userId: row!.rider_id }, content: notificationMessages.cashOutSettled(row!.amount - row!.fee) },
  ]);
  return true;
}

/** Xendit's documented failure codes, told to the rider in their language; any other is kept as sent. */
const FAILURE_MESSAGES: Record<string, AnyMessageId> = {
  INSUFFICIENT_BALANCE: "server.ledger.failure.insufficientBalance",
  REJECTED_BY_CHANNEL: "server.ledger.failure.rejectedByChannel",
  TEMPORARY_TRANSFER_ERROR: "server.ledger.failure.temporaryTransferError",
  INVALID_DESTINATION: "server.ledger.failure.invalidDestination",
  TRANSFER_ERROR: "server.ledger.failure.payoutFailed",
};
const failureReason = (code: string | null) => {
  const known = code ? FAILURE_MESSAGES[code] : undefined;
  return known ? encodeMessage(known) : code || encodeMessage("server.ledger.failure.payoutFailed");
};

/** Pesos with at most 2 decimals as centavos; null for anything else. */
function exactCentavos(pesos: number): Centavos | null {
  const centavos = Math.round(pesos * 100);
  return Number.isFinite(pesos) && Math.abs(centavos - pesos * 100) < 1e-6 ? centavos : null;
}

type PayoutOutcome =
  | "paid"
  | "failed"
  | "reversed"
  | "in_progress"
  | "duplicate"
  | "unknown_payout"
  | "amount_mismatch"
  | "ignored";

/**
 * What a payout's state means for its cash-out (Xendit's statuses, docs.xendit.co "Payout status
 * lifecycle"): SUCCEEDED pays it; FAILED and CANCELLED return the money; REVERSED (a succeeded
 * payout sent back) returns it too; ACCEPTED, REQUESTED and the other steps are progress, nothing
 * to book. Every change is conditional on the cash-out's status, so a state applied twice (a
 * callback repeated, the cron's look and a late callback) changes things once.
 */
async function applyPayoutState(env: Env, payout: PayoutState, now = Date.now()): Promise<PayoutOutcome> {
  const row = payout.referenceId.length <= 64 ? await getCashout(env.DB, payout.referenceId) : null;
  if (row?.method !== "gcash" || !row.provider) return "unknown_payout";
  // Another payout under our reference is none of ours (our reference is unique, the id is Xendit's).
  if (row.provider_payout_id && row.provider_payout_id !== payout.payoutId) return "unknown_payout";
  if (exactCentavos(payout.amount) !== row.amount - row.fee) return "amount_mismatch";
  switch (payout.status) {
    case "SUCCEEDED":
      return (await markPaid(env, row.id, payout.payoutId, now)) ? "paid" : "duplicate";
    case "FAILED":
      return (await failPayout(env, row.id, failureReason(payout.failureCode), now)) ? "failed" : "duplicate";
    case "CANCELLED":
      return (await failPayout(env, row.id, encodeMessage("server.ledger.failure.payoutCancelled"), now))
        ? "failed"
        : "duplicate";
    case "REVERSED":
      return (await failPayout(env, row.id, encodeMessage("server.ledger.failure.payoutReversed"), now, {
        afterSuccess: true,
      }))
        ? "reversed"
        : "duplicate";
    case "ACCEPTED":
    case "REQUESTED":
    case "PENDING_COMPLIANCE_ASSESSMENT":
    case "ROUTING":
    case "LOCKED":
      return "in_progress";
    default:
      return "ignored";
  }
}

/** Xendit's payout callback (docs.xendit.co/apidocs/payout-webhook-notification), as much of it as we read. */
const callbackSchema = z.object({
  event: z.string().min(1).max(100),
  data: z.object({
    id: z.string().min(1).max(100),
    reference_id: z.string().min(1).max(255),
    status: z.string().min(1).max(50),
    amount: z.number().nonnegative(),
    failure_code: z.string().max(200).nullish(),
  }),
});

const MAX_WEBHOOK_BYTES = 64 * 1024;

/**
 * `POST /api/payouts/webhook`: Xendit's payout callbacks. 401 and nothing changed unless the
 * `x-callback-token` header is this deployment's verification token (compared in constant time).
 * The cash-out is found by the payout's `reference_id` (our cash-out id); answers 200 with the
 * outcome for every authentic callback, so Xendit does not send again what was understood.
 */
export async function handlePayoutWebhook(request: Request, env: Env, now = Date.now()): Promise<Response> {
  const gateway = await payoutGatewayFromEnv(env);
  if (!gateway) throw new Refusal(503, "server.payments.payoutsNotConfigured");
  const read = await readSignedWebhook(request, {
    limit: MAX_WEBHOOK_BYTES,
    header: "x-callback-token",
    verify: (token) => gateway.verifyCallback(token),
    refusals: {
      missing: new Refusal(401, "server.payments.callbackTokenMissing"),
      invalid: new Refusal(401, "server.payments.callbackTokenInvalid"),
    },
  });
  if (!read.ok) throw read.refusal;
  const callback = callbackSchema.safeParse(read.body);
  if (!callback.success) throw new Refusal(400, "server.payments.notPayoutEvent");
  const { data } = callback.data;
  const outcome = await applyPayoutState(
    env,
    {
      payoutId: data.id,
      referenceId: data.reference_id,
      status: data.status,
      amount: data.amount,
      failureCode: data.failure_code ?? null,
    },
    now,
  );
  return Response.json({ received: true, outcome });
}
