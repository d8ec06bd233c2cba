import type { OnlinePaymentMethod, PaymentProvider } from "~/db/enums";
import { isDevelopment } from "~/providers/environment.server";
import type { Centavos } from "~/money/money";
import { observedFetch } from "~/providers/provider-health.server";
import { signPaymongoPayload, verifyPaymongoSignature, type GatewayMode, type SignatureVerdict } from "./signature";

/**
 * One interface for taking money online (docs/guide/money.md): create a checkout, refund, verify
 * a webhook. Production uses PayMongo's Checkout Sessions; local development and tests use the
 * sandbox, whose checkout page (/dev/pay/{paymentId}) sends webhooks signed exactly as PayMongo's,
 * so the same verification and the same event handling run in both.
 */
export interface CheckoutRequest {
  paymentId: string;
  deliveryId: string;
  amount: Centavos;
  method: OnlinePaymentMethod;
  description: string;
  /** Where the gateway sends the customer back (the tracking page). */
  returnUrl: string;
}

interface Checkout {
  checkoutId: string;
  checkoutUrl: string;
}

export interface RefundRequest {
  paymentId: string;
  /** The gateway's own id of the captured payment (PayMongo `pay_...`), learnt from the paid event. */
  providerPaymentId: string | null;
  amount: Centavos;
  reason: string;
  /**
   * The same for every attempt at this refund, across retries and crashes (refundIdempotencyKey):
   * a gateway that saw it already answers the refund it made instead of making a second one.
   * PayMongo's `Idempotency-Key`: a retry after a lost answer gets the first refund back.
   */
  idempotencyKey: string;
}

/** A payment has at most one refund (the refunds table's key), so its key is derived from the payment (decision 0217). */
export const refundIdempotencyKey = (paymentId: string) => `hatid-refund-${paymentId}`;

interface Refund {
  refundId: string;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  readonly mode: GatewayMode;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  refund(request: RefundRequest): Promise<Refund>;
  verifyWebhook(signatureHeader: string | null, rawBody: string, now?: number): Promise<SignatureVerdict>;
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayError";
  }
}

const PAYMONGO_API = "https://api.paymongo.com";
const TIMEOUT_MS = 10_000;

/** Our method names to PayMongo's `payment_method_types`. */
const PAYMONGO_METHOD_TYPES: Record<OnlinePaymentMethod, string> = { gcash: "gcash", maya: "paymaya", card: "card" };

/**
 * PayMongo (https://developers.paymongo.com): Checkout Sessions for GCash, Maya and cards; Refunds,
 * each sent with its `Idempotency-Key` (a retry within PayMongo's 24 hours answers the first
 * refund); webhooks signed with the webhook's secret. The secret key authenticates as the HTTP
 * Basic user with an empty password. `sk_live_` keys run in live mode (signatures checked against
 * `li`). A call that does not answer within `timeoutMs` fails (a refund is then retried by the
 * cron, with the same key). Contract: test/contracts/fakes/paymongo.mjs.
 */
export function paymongoGateway({
  secretKey,
  webhookSecret,
  baseUrl = PAYMONGO_API,
  fetcher = fetch,
  timeoutMs = TIMEOUT_MS,
}: {
  secretKey: string;
  webhookSecret: string;
  baseUrl?: string;
  fetcher?: typeof fetch;
  timeoutMs?: number;
}): PaymentGateway {
  const api = `${baseUrl.replace(/\/$/, "")}/v1`;
  const mode: GatewayMode = secretKey.startsWith("sk_live_") ? "live" : "test";
  const authorization = `Basic ${btoa(`${secretKey}:`)}`;

  async function call(
    path: string,
    body: unknown,
    idempotencyKey?: string,
  ): Promise<{ data: { id: string; attributes: Record<string, unknown> } }> {
    let response: Response;
    try {
      response = await fetcher(`${api}${path}`, {
        method: "POST",
        headers: {
          Authorization: authorization,
          "Content-Type": "application/json",
          Accept: "application/json",
          ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(`PayMongo ${path} did not answer: ${error instanceof Error ? error.name : "error"}`);
    }
    const text = await response.text();
    if (!response.ok) {
      let detail = text.slice(0, 300);
      try {
        const errors = (JSON.parse(text) as { errors?: { detail?: string }[] }).errors;
        if (errors?.[0]?.detail) detail = errors[0].detail;
      } catch {
        // keep the raw text
      }
      throw new GatewayError(`PayMongo ${path} answered ${response.status}: ${detail}`);
    }
    return JSON.parse(text);
  }

  return {
    provider: "paymongo",
    mode,
    async createCheckout(request) {
      const { data } = await call("/checkout_sessions", {
        data: {
          attributes: {
            line_items: [{ name: request.description, amount: request.amount, currency: "PHP", quantity: 1 }],
            payment_method_types: [PAYMONGO_METHOD_TYPES[request.method]],
            success_url: request.returnUrl,
            cancel_url: request.returnUrl,
            description: request.description,
            reference_number: request.paymentId,
            send_email_receipt: false,
            show_description: true,
            show_line_items: true,
            metadata: { hatid_payment_id: request.paymentId, hatid_delivery_id: request.deliveryId },
          },
        },
      });
      const checkoutUrl = data.attributes.checkout_url;
      if (typeof checkoutUrl !== "string")
        throw new GatewayError("PayMongo answered a checkout session without checkout_url");
      return { checkoutId: data.id, checkoutUrl };
    },
    async refund(request) {
      if (!request.providerPaymentId) throw new GatewayError("No PayMongo payment id to refund");
      const { data } = await call(
        "/refunds",
        {
          data: {
            attributes: {
              amount: request.amount,
              payment_id: request.providerPaymentId,
              reason: "requested_by_customer",
              notes: request.reason.slice(0, 255),
            },
          },
        },
        request.idempotencyKey,
      );
      return { refundId: data.id };
    },
    verifyWebhook(header, rawBody, now) {
      return verifyPaymongoSignature(header, rawBody, { secret: webhookSecret, mode, now });
    },
  };
}

/**
 * The local stand-in: no network; its checkout page is ours; its events are signed like PayMongo's
 * (test mode). Its refunds are kept in `sandbox_refunds`, one per idempotency key, as a provider
 * keeps them: the same key again answers the same refund (a different amount under it is refused).
 */
function sandboxGateway({
  webhookSecret,
  d1,
  refundsFail = false,
}: {
  webhookSecret: string;
  d1: D1Database;
  refundsFail?: boolean;
}): PaymentGateway & {
  signEvent(rawBody: string, now?: number): Promise<string>;
} {
  return {
    provider: "sandbox",
    mode: "test",
    async createCheckout(request) {
      return { checkoutId: `cs_sandbox_${request.paymentId}`, checkoutUrl: `/dev/pay/${request.paymentId}` };
    },
    async refund(request) {
      if (request.amount <= 0) throw new GatewayError("A refund must be more than ₱0");
      if (refundsFail) throw new GatewayError("Sandbox refunds are failing (SANDBOX_REFUNDS_FAIL)");
      const made = await d1
        .prepare(
          `INSERT INTO sandbox_refunds (idempotency_key, payment_id, amount, refund_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
           RETURNING payment_id, amount, refund_id`,
        )
        .bind(
          request.idempotencyKey,
          request.paymentId,
          request.amount,
          `ref_sandbox_${crypto.randomUUID()}`,
          Date.now(),
        )
        .first<{ payment_id: string; amount: number; refund_id: string }>();
      if (!made || made.payment_id !== request.paymentId || made.amount !== request.amount) {
        throw new GatewayError("Sandbox: this idempotency key was used for a different refund");
      }
      return { refundId: made.refund_id };
    },
    verifyWebhook(header, rawBody, now) {
      return verifyPaymongoSignature(header, rawBody, { secret: webhookSecret, mode: "test", now });
    },
    signEvent(rawBody, now) {
      return signPaymongoPayload(rawBody, { secret: webhookSecret, mode: "test", now });
    },
  };
}

/** Outside production without PayMongo keys: the sandbox's secret, derived from the session secret unless given. */
async function sandboxSecret(env: Env): Promise<string> {
  if (env.PAYMONGO_WEBHOOK_SECRET) return env.PAYMONGO_WEBHOOK_SECRET;
  const data = new TextEncoder().encode(`hatid-sandbox-webhook:${env.SESSION_SECRET}`);
  return Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", data)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

const sandboxAllowed = (env: Env) => isDevelopment(env) || env.ENVIRONMENT === "test";

/**
 * The gateway of this deployment: PayMongo when its keys are set; the sandbox in development and
 * tests; otherwise none (online methods are then refused with 503, never faked).
 */
export async function paymentGatewayFromEnv(env: Env): Promise<PaymentGateway | null> {
  if (env.PAYMONGO_SECRET_KEY && env.PAYMONGO_WEBHOOK_SECRET) {
    return paymongoGateway({
      secretKey: env.PAYMONGO_SECRET_KEY,
      webhookSecret: env.PAYMONGO_WEBHOOK_SECRET,
      baseUrl: env.PAYMONGO_API_URL || undefined,
      fetcher: observedFetch(env.DB, "paymongo"),
    });
  }
  if (sandboxAllowed(env))
    return sandboxGateway({
      webhookSecret: await sandboxSecret(env),
      d1: env.DB,
      refundsFail: env.SANDBOX_REFUNDS_FAIL === "1",
    });
  return null;
}

export async function sandboxGatewayFromEnv(env: Env) {
  return sandboxGateway({ webhookSecret: await sandboxSecret(env), d1: env.DB });
}
