import { isDevelopment } from "~/env/environment.server";
import type { Centavos } from "~/money/money";
import { signPaymongoPayload, verifyPaymongoSignature, type GatewayMode, type SignatureVerdict } from "./signature";

/**
 * One interface for sending money out (PRODUCT.md, "Cash-out as the help centre says"): a GCash
 * cash-out is a payout asked of the gateway at once; the gateway answers later with a signed
 * webhook (`POST /api/payouts/webhook`, header `Payout-Signature`, signed like PayMongo's events:
 * `t=<unix s>,te=<hex>,li=<hex>`, HMAC-SHA256 over `{t}.{body}`). Production: a Philippine
 * disbursement API (Xendit-shaped `POST /v2/payouts`, channel PH_GCASH) configured by secrets;
 * local development and tests: the sandbox, whose webhooks are signed the same way, so the same
 * verification and event handling run. docs/decisions/0184-instant-gcash-cash-out.md.
 */
export interface PayoutRequest {
  cashoutId: string;
  /** What the rider receives, in centavos. */
  amount: Centavos;
  /** +639XXXXXXXXX. */
  account: string;
  accountName: string | null;
  description: string;
}

export interface PayoutGateway {
  readonly provider: "sandbox" | "disbursement";
  readonly mode: GatewayMode;
  /** Asks for the payout; answers the gateway's id. The outcome arrives by webhook. */
  sendPayout(request: PayoutRequest): Promise<{ payoutId: string }>;
  verifyWebhook(signatureHeader: string | null, rawBody: string, now?: number): Promise<SignatureVerdict>;
}

export class PayoutGatewayError extends Error {
  /**
   * @param definite the gateway refused this payout for good (a 4xx answer, a bad request): no
   * money moved. Anything else (a 5xx, a network error) may have sent it: the cash-out stays
   * `sending` and the cron asks again with the same idempotency key.
   */
  constructor(
    message: string,
    readonly definite = true,
  ) {
    super(message);
    this.name = "PayoutGatewayError";
  }
}

/** The payout event our webhook reads (both the sandbox and the production adapter send this shape). */
export interface PayoutEvent {
  id: string;
  type: "payout.succeeded" | "payout.failed";
  data: { id: string; reference_id: string; amount: number; failure_code?: string | null };
}

/**
 * A disbursement API shaped like Xendit's Payouts v2 (`POST {base}/v2/payouts`, HTTP Basic with
 * the secret key, `Idempotency-key` = our cash-out id, amount in pesos). Its webhook must reach us
 * signed with `PAYOUT_WEBHOOK_SECRET` as above; see the decision record before going live.
 */
export function disbursementGateway({
  secretKey,
  webhookSecret,
  baseUrl = "https://api.xendit.co",
  fetcher = fetch,
}: {
  secretKey: string;
  webhookSecret: string;
  baseUrl?: string;
  fetcher?: typeof fetch;
}): PayoutGateway {
  const mode: GatewayMode = secretKey.includes("_live_") || secretKey.includes("production") ? "live" : "test";
  return {
    provider: "disbursement",
    mode,
    async sendPayout(request) {
      const response = await fetcher(`${baseUrl}/v2/payouts`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${btoa(`${secretKey}:`)}`,
          "Content-Type": "application/json",
          "Idempotency-key": request.cashoutId,
        },
        body: JSON.stringify({
          reference_id: request.cashoutId,
          channel_code: "PH_GCASH",
          channel_properties: { account_number: request.account, account_holder_name: request.accountName ?? "Hatid rider" },
          amount: request.amount / 100,
          currency: "PHP",
          description: request.description,
        }),
      });
      const text = await response.text();
      if (!response.ok) throw new PayoutGatewayError(`Payout API answered ${response.status}: ${text.slice(0, 300)}`, response.status < 500);
      const id = (JSON.parse(text) as { id?: unknown }).id;
      if (typeof id !== "string") throw new PayoutGatewayError("Payout API answered without an id");
      return { payoutId: id };
    },
    verifyWebhook(header, rawBody, now) {
      return verifyPaymongoSignature(header, rawBody, { secret: webhookSecret, mode, now });
    },
  };
}

/**
 * The local stand-in: no network. `sendPayout` answers an id; the caller then has the sandbox
 * "send" it (app/payments/sandbox-payouts.server.ts): a signed webhook to our own handler.
 */
export function sandboxPayoutGateway({ webhookSecret }: { webhookSecret: string }): PayoutGateway & {
  signEvent(rawBody: string, now?: number): Promise<string>;
} {
  return {
    provider: "sandbox",
    mode: "test",
    async sendPayout(request) {
      if (request.amount <= 0) throw new PayoutGatewayError("A payout must be more than ₱0");
      return { payoutId: `po_sandbox_${crypto.randomUUID().replaceAll("-", "")}` };
    },
    verifyWebhook(header, rawBody, now) {
      return verifyPaymongoSignature(header, rawBody, { secret: webhookSecret, mode: "test", now });
    },
    signEvent(rawBody, now) {
      return signPaymongoPayload(rawBody, { secret: webhookSecret, mode: "test", now });
    },
  };
}

async function sandboxSecret(env: Env): Promise<string> {
  if (env.PAYOUT_WEBHOOK_SECRET) return env.PAYOUT_WEBHOOK_SECRET;
  const data = new TextEncoder().encode(`hatid-sandbox-payout-webhook:${env.SESSION_SECRET}`);
  return Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", data)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export const payoutSandboxAllowed = (env: Env) => isDevelopment(env) || env.ENVIRONMENT === "test";

/**
 * The payout gateway of this deployment: the disbursement API when its secrets are set; the
 * sandbox in development and tests; otherwise none (a GCash cash-out is then refused with 503).
 */
export async function payoutGatewayFromEnv(env: Env): Promise<PayoutGateway | null> {
  if (env.PAYOUT_SECRET_KEY && env.PAYOUT_WEBHOOK_SECRET) {
    return disbursementGateway({ secretKey: env.PAYOUT_SECRET_KEY, webhookSecret: env.PAYOUT_WEBHOOK_SECRET, baseUrl: env.PAYOUT_API_URL || undefined });
  }
  if (payoutSandboxAllowed(env)) return sandboxPayoutGateway({ webhookSecret: await sandboxSecret(env) });
  return null;
}

export async function sandboxPayoutGatewayFromEnv(env: Env) {
  return sandboxPayoutGateway({ webhookSecret: await sandboxSecret(env) });
}
