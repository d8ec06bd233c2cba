import { isDevelopment } from "~/providers/environment.server";
import type { Centavos } from "~/money/money";
import { observedFetch } from "~/providers/provider-health.server";
import type { SignatureVerdict } from "./signature";

/**
 * One interface for sending money out (docs/guide/money.md#cash-outs): a GCash
 * cash-out is a payout asked of the gateway at once; the gateway tells its outcome later by a
 * callback to `POST /api/payouts/webhook`, authenticated by the `x-callback-token` header.
 * Production: Xendit's Payouts v2; local development and tests: the sandbox, whose callbacks have
 * Xendit's shape and token, so the same handler runs. Decisions 0219 and 0207; contract:
 * test/contracts/fakes/xendit.mjs.
 */
export interface PayoutRequest {
  /** Our cash-out id: Xendit's `reference_id` and the `Idempotency-key`, so asking again sends once. */
  cashoutId: string;
  /** What the rider receives, in centavos. */
  amount: Centavos;
  /** +639XXXXXXXXX. */
  account: string;
  /** The name registered on the GCash account (Xendit: "needs to match the registered account name exactly"). */
  accountName: string;
  description: string;
}

/** A payout as the gateway knows it. `status`: Xendit's (ACCEPTED, REQUESTED, SUCCEEDED, FAILED, CANCELLED, REVERSED). */
export interface PayoutState {
  payoutId: string;
  referenceId: string;
  status: string;
  /** Pesos, as the gateway answers them. */
  amount: number;
  failureCode: string | null;
}

export interface PayoutGateway {
  readonly provider: "sandbox" | "xendit";
  /** Asks for the payout; answers it as the gateway took it (ACCEPTED). The outcome arrives by callback. */
  sendPayout(request: PayoutRequest): Promise<PayoutState>;
  /** The payout asked for this cash-out, if the gateway has one (by its id when known, else by our reference). */
  findPayout(cashoutId: string, payoutId: string | null): Promise<PayoutState | null>;
  /** Checks a callback's `x-callback-token`. */
  verifyCallback(token: string | null): Promise<SignatureVerdict>;
}

export class PayoutGatewayError extends Error {
  /**
   * @param definite the gateway refused this payout for good (a 4xx answer other than a conflict or
   * a rate limit): no money moved. Anything else (a 5xx, a timeout, a network error) may have sent
   * it: the cash-out stays `sending` and the cron asks the gateway before asking again.
   */
  constructor(
    message: string,
    readonly definite = true,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "PayoutGatewayError";
  }
}

const XENDIT_API = "https://api.xendit.co";
const TIMEOUT_MS = 10_000;

const encoder = new TextEncoder();

/** Compares two strings in time independent of where they differ (a token is a secret). */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  // Hashing both first gives equal lengths, so the comparison's time says nothing of either.
  const [a, b] = await Promise.all(
    [given, expected].map(async (text) => new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)))),
  );
  const subtle = crypto.subtle as SubtleCrypto & {
    timingSafeEqual?: (a: ArrayBufferView, b: ArrayBufferView) => boolean;
  };
  if (typeof subtle.timingSafeEqual === "function") return subtle.timingSafeEqual(a!, b!);
  let difference = 0;
  for (let i = 0; i < a!.length; i += 1) difference |= a![i]! ^ b![i]!;
  return difference === 0;
}

async function checkCallbackToken(token: string | null, expected: string): Promise<SignatureVerdict> {
  if (!token) return { ok: false, reason: "missing" };
  return (await sameSecret(token, expected)) ? { ok: true } : { ok: false, reason: "mismatch" };
}

/** +639171234567 → 09171234567, the form of Xendit's Philippine e-wallet example. */
export const localMobile = (account: string) => (account.startsWith("+63") ? `0${account.slice(3)}` : account);

function stateOf(value: unknown): PayoutState | null {
  const payout = value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  if (
    !payout ||
    typeof payout.id !== "string" ||
    typeof payout.status !== "string" ||
    typeof payout.amount !== "number"
  )
    return null;
  return {
    payoutId: payout.id,
    referenceId: typeof payout.reference_id === "string" ? payout.reference_id : "",
    status: payout.status,
    amount: payout.amount,
    failureCode: typeof payout.failure_code === "string" ? payout.failure_code : null,
  };
}

/**
 * Xendit's Payouts v2 (https://docs.xendit.co/apidocs/create-payout): `POST {base}/v2/payouts`,
 * HTTP Basic with the secret key and an empty password, `Idempotency-key` = our cash-out id, the
 * amount in pesos; `GET /v2/payouts/{id}` and `GET /v2/payouts?reference_id=` to ask what became
 * of one. Its callbacks carry the dashboard's verification token in `x-callback-token`.
 */
export function xenditPayoutGateway({
  secretKey,
  callbackToken,
  baseUrl = XENDIT_API,
  fetcher = fetch,
  timeoutMs = TIMEOUT_MS,
}: {
  secretKey: string;
  callbackToken: string;
  baseUrl?: string;
  fetcher?: typeof fetch;
  timeoutMs?: number;
}): PayoutGateway {
  const base = baseUrl.replace(/\/$/, "");
  const authorization = `Basic ${btoa(`${secretKey}:`)}`;

  async function call(
    method: "GET" | "POST",
    path: string,
    init: { body?: string; idempotencyKey?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetcher(`${base}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(init.idempotencyKey === undefined ? {} : { "Idempotency-key": init.idempotencyKey }),
        },
        body: init.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PayoutGatewayError(
        `Xendit ${method} ${path} did not answer: ${error instanceof Error ? error.name : "error"}`,
        false,
      );
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  const errorCode = (body: unknown) =>
    body && typeof body === "object" && typeof (body as { error_code?: unknown }).error_code === "string"
      ? (body as { error_code: string }).error_code
      : null;

  function refused(status: number, body: unknown, what: string): PayoutGatewayError {
    const code = errorCode(body);
    // 409: the same key came with another body; 429: too many requests. Neither says the payout was not sent.
    const definite = status >= 400 && status < 500 && status !== 409 && status !== 429;
    return new PayoutGatewayError(`Xendit ${what} answered ${status}${code ? ` ${code}` : ""}`, definite, code);
  }

  return {
    provider: "xendit",
    async sendPayout(request) {
      const body = JSON.stringify({
        reference_id: request.cashoutId,
        channel_code: "PH_GCASH",
        channel_properties: { account_number: localMobile(request.account), account_holder_name: request.accountName },
        amount: request.amount / 100,
        currency: "PHP",
        description: request.description,
      });
      const answer = await call("POST", "/v2/payouts", { body, idempotencyKey: request.cashoutId });
      if (answer.status !== 200 && answer.status !== 201) throw refused(answer.status, answer.body, "POST /v2/payouts");
      const state = stateOf(answer.body);
      if (!state) throw new PayoutGatewayError("Xendit answered a payout without an id or a status", false);
      return state;
    },
    async findPayout(cashoutId, payoutId) {
      if (payoutId) {
        const answer = await call("GET", `/v2/payouts/${encodeURIComponent(payoutId)}`);
        if (answer.status === 200) return stateOf(answer.body);
        if (answer.status !== 404) throw refused(answer.status, answer.body, "GET /v2/payouts/{id}");
      }
      const answer = await call("GET", `/v2/payouts?reference_id=${encodeURIComponent(cashoutId)}`);
      if (answer.status !== 200) throw refused(answer.status, answer.body, "GET /v2/payouts?reference_id=");
      // The reference page answers an array; the SDKs generated from the same API read `{ data: [...] }`.
      const list = Array.isArray(answer.body)
        ? answer.body
        : Array.isArray((answer.body as { data?: unknown } | null)?.data)
          ? (answer.body as { data: unknown[] }).data
          : [];
      const found = list
        .map(stateOf)
        .filter((state): state is PayoutState => state !== null && state.referenceId === cashoutId);
      // Newest first; a reference is ours alone, so there is one.
      return found[0] ?? null;
    },
    verifyCallback(token) {
      return checkCallbackToken(token, callbackToken);
    },
  };
}

/**
 * The local stand-in: no network. `sendPayout` answers an id; the caller then has the sandbox
 * "send" it (app/payments/sandbox-payouts.server.ts): a Xendit-shaped callback with the token,
 * handed to our own handler. It keeps nothing, so it never finds an earlier payout.
 */
function sandboxPayoutGateway({ callbackToken }: { callbackToken: string }): PayoutGateway & { callbackToken: string } {
  return {
    provider: "sandbox",
    callbackToken,
    async sendPayout(request) {
      if (request.amount <= 0) throw new PayoutGatewayError("A payout must be more than ₱0");
      return {
        payoutId: `po_sandbox_${crypto.randomUUID().replaceAll("-", "")}`,
        referenceId: request.cashoutId,
        status: "ACCEPTED",
        amount: request.amount / 100,
        failureCode: null,
      };
    },
    async findPayout() {
      return null;
    },
    verifyCallback(token) {
      return checkCallbackToken(token, callbackToken);
    },
  };
}

async function sandboxToken(env: Env): Promise<string> {
  if (env.PAYOUT_CALLBACK_TOKEN) return env.PAYOUT_CALLBACK_TOKEN;
  const data = encoder.encode(`hatid-sandbox-payout-callback:${env.SESSION_SECRET}`);
  return Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", data)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

const payoutSandboxAllowed = (env: Env) => isDevelopment(env) || env.ENVIRONMENT === "test";

/**
 * The payout gateway of this deployment: Xendit when its secret key and callback token are set
 * (locally too: `npm run start:providers` points it at the contract fake); the sandbox in
 * development and tests; otherwise none (a GCash cash-out is then refused with 503).
 */
export async function payoutGatewayFromEnv(env: Env): Promise<PayoutGateway | null> {
  if (env.PAYOUT_SECRET_KEY && env.PAYOUT_CALLBACK_TOKEN) {
    return xenditPayoutGateway({
      secretKey: env.PAYOUT_SECRET_KEY,
      callbackToken: env.PAYOUT_CALLBACK_TOKEN,
      baseUrl: env.PAYOUT_API_URL || undefined,
      fetcher: observedFetch(env.DB, "xendit"),
    });
  }
  if (payoutSandboxAllowed(env)) return sandboxPayoutGateway({ callbackToken: await sandboxToken(env) });
  return null;
}

export async function sandboxPayoutGatewayFromEnv(env: Env) {
  return sandboxPayoutGateway({ callbackToken: await sandboxToken(env) });
}
