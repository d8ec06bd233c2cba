import { isDevelopment } from "~/providers/environment.server";
import { storedText } from "~/i18n/stored-text.server";
import type { Centavos } from "~/money/money";
import { localMobile, sandboxPayoutGatewayFromEnv } from "./payout-gateway.server";

/**
 * The payout sandbox (development and tests; /dev/payouts is development only). It "sends" a
 * payout at once: the next armed failure (payout_sandbox_failures, taken by one payout) fails it,
 * otherwise it succeeds; either way by a callback shaped and authenticated as Xendit's, addressed
 * to our own /api/payouts/webhook.
 */
const DEFAULT_SANDBOX_FAILURE = "Sandbox: the GCash account could not receive the payout";

/** Takes the oldest armed failure, if any (one payout per armed failure, even under races). */
async function takeArmedFailure(d1: D1Database): Promise<string | null> {
  const row = await d1
    .prepare(
      "DELETE FROM payout_sandbox_failures WHERE id = (SELECT min(id) FROM payout_sandbox_failures) RETURNING reason",
    )
    .first<{ reason: string }>();
  return row?.reason ?? null;
}

export async function armSandboxFailure(d1: D1Database, reason = DEFAULT_SANDBOX_FAILURE, now = Date.now()) {
  await d1
    .prepare("INSERT INTO payout_sandbox_failures (reason, armed_at) VALUES (?1, ?2)")
    .bind(reason.slice(0, 200), now)
    .run();
}

export async function disarmSandboxFailures(d1: D1Database) {
  await d1.prepare("DELETE FROM payout_sandbox_failures").run();
}

export async function armedSandboxFailures(d1: D1Database): Promise<number> {
  return (await d1.prepare("SELECT count(*) AS n FROM payout_sandbox_failures").first<{ n: number }>())?.n ?? 0;
}

/**
 * The callback the sandbox sends for this payout, as Xendit sends one (succeeded, or failed if a
 * failure was armed): `{ event, business_id, created, data: <the payout, amount in pesos> }` with
 * the `x-callback-token` header, addressed to our own /api/payouts/webhook.
 */
export async function sandboxPayoutCallback(
  env: Env,
  origin: string,
  payout: {
    cashoutId: string;
    payoutId: string;
    amount: Centavos;
    account: string;
    accountName: string;
    description: string;
  },
  now = Date.now(),
): Promise<Request> {
  const failure = await takeArmedFailure(env.DB);
  const at = new Date(now).toISOString();
  const body = JSON.stringify({
    event: failure ? "payout.failed" : "payout.succeeded",
    business_id: "sandbox",
    created: at,
    data: {
      id: payout.payoutId,
      amount: payout.amount / 100,
      channel_code: "PH_GCASH",
      currency: "PHP",
      status: failure ? "FAILED" : "SUCCEEDED",
      description: payout.description,
      reference_id: payout.cashoutId,
      created: at,
      updated: at,
      business_id: "sandbox",
      channel_properties: { account_number: localMobile(payout.account), account_holder_name: payout.accountName },
      ...(failure ? { failure_code: failure } : {}),
    },
  });
  const { callbackToken } = await sandboxPayoutGatewayFromEnv(env);
  return new Request(`${origin}/api/payouts/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-callback-token": callbackToken },
    body,
  });
}

export interface SandboxPayoutItem {
  id: string;
  riderName: string;
  account: string | null;
  amount: Centavos;
  status: string;
  providerPayoutId: string | null;
  failureReason: string | null;
  requestedAt: number;
}

/** The newest GCash payouts, for /dev/payouts. */
export async function sandboxPayouts(d1: D1Database, limit = 50): Promise<SandboxPayoutItem[]> {
  const { results } = await d1
    .prepare(
      `SELECT c.id, c.account_number, c.amount, c.status, c.provider_payout_id, c.failure_reason, c.requested_at, u.first_name, u.last_name
       FROM cashouts AS c JOIN users AS u ON u.id = c.rider_id WHERE c.method = 'gcash' AND c.provider IS NOT NULL
       ORDER BY c.requested_at DESC, c.id DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<{
      id: string;
      account_number: string | null;
      amount: number;
      status: string;
      provider_payout_id: string | null;
      failure_reason: string | null;
      requested_at: number;
      first_name: string | null;
      last_name: string | null;
    }>();
  return results.map((row) => ({
    id: row.id,
    riderName: [row.first_name, row.last_name].filter(Boolean).join(" ") || "Rider",
    account: row.account_number,
    amount: row.amount,
    status: row.status,
    providerPayoutId: row.provider_payout_id,
    // The sandbox page is in English.
    failureReason: storedText("en", row.failure_reason),
    requestedAt: row.requested_at,
  }));
}

export const sandboxPageAllowed = (env: Env) => isDevelopment(env);
