// @ts-check
// Xendit's Payouts v2, as its documentation describes it:
// - https://docs.xendit.co/apidocs/create-payout (POST /v2/payouts: HTTP Basic with the secret key
//   as the user and an empty password; header `Idempotency-key` required, 1 to 100 characters;
//   body `reference_id` (1-255), `channel_code`, `channel_properties` { `account_holder_name` (1-100,
//   "needs to match the registered account name exactly"), `account_number` (mobile numbers for
//   e-wallets), `account_type`? }, `amount` (PHP: up to 2 decimal places), `currency`, and optional
//   `description`, `receipt_notification`, `metadata`; answers the Payout object, status ACCEPTED)
// - https://docs.xendit.co/apidocs/get-payout (GET /v2/payouts/{id}) and
//   https://docs.xendit.co/apidocs/get-all-payouts (GET /v2/payouts?reference_id=: an array of
//   the matching Payout objects, empty when none)
// - https://docs.xendit.co/apidocs/payout-webhook-notification (the callback: POST to the URL set in
//   the dashboard, header `x-callback-token` = the dashboard's Verification Token, body `{ event:
//   "payout.succeeded" | "payout.failed" | "payout.reversed", business_id, created, data: <Payout> }`;
//   Xendit retries a callback not answered 2xx within 30 s)
// - https://docs.xendit.co/docs/payout-status-lifecycle (ACCEPTED, REQUESTED, FAILED, SUCCEEDED,
//   CANCELLED, REVERSED; `failure_code` INSUFFICIENT_BALANCE, REJECTED_BY_CHANNEL,
//   TEMPORARY_TRANSFER_ERROR, INVALID_DESTINATION, TRANSFER_ERROR)
// - https://docs.xendit.co/api-payouts-beta/payouts-errors/ and the Payouts API's responses (errors
//   `{ error_code, message }`: 400 API_VALIDATION_ERROR, INVALID_JSON_FORMAT,
//   CHANNEL_CODE_NOT_SUPPORTED_ERROR, RECIPIENT_ACCOUNT_NUMBER_ERROR, RECIPIENT_AMOUNT_ERROR,
//   MAXIMUM_TRANSFER_LIMIT_ERROR; 401 INVALID_API_KEY; 403 REQUEST_FORBIDDEN_ERROR; 404
//   DATA_NOT_FOUND; 409 DUPLICATE_ERROR for an Idempotency-key used with another body, the same key
//   and body answering the first payout; 500 SERVER_ERROR)
// - https://docs.xendit.co/apidocs/rate-limits (60 requests a minute per endpoint and account in
//   test mode, 600 live; headers Rate-Limit-Limit, -Remaining, -Reset; past it 429
//   RATE_LIMIT_EXCEEDED)
// - https://docs.xendit.co/docs/payouts-coverage-philippines (PH_GCASH, PHP; InstaPay's limit of
//   50,000 a transaction)
// Our copy of the create page cuts off the e-wallet account number's format; the fake takes the
// form of the documentation's own Philippine wallet example (09171234567).
//
// Businesses (a secret key with its callback token) are made with POST /__fake/businesses. A
// payout stays ACCEPTED until it is completed: POST /__fake/payouts/{id}/complete with a status
// (the tests), or by itself a moment later when the fake runs for `npm run start:providers`
// (`autoComplete`), SUCCEEDED unless a failure was armed (POST /__fake/next-outcome, or the
// button on GET /__fake/).
import { basicUser, canonical, json } from "../fake-server.mjs";

const CHANNELS = { PH_GCASH: { currency: "PHP", wallet: true, min: 1, max: 50_000 } };
const CREATE_FIELDS = new Set([
  "reference_id",
  "channel_code",
  "channel_properties",
  "amount",
  "description",
  "currency",
  "receipt_notification",
  "metadata",
]);
const CHANNEL_PROPERTY_FIELDS = new Set(["account_holder_name", "account_number", "account_type"]);
export const FAILURE_CODES = [
  "INSUFFICIENT_BALANCE",
  "REJECTED_BY_CHANNEL",
  "TEMPORARY_TRANSFER_ERROR",
  "INVALID_DESTINATION",
  "TRANSFER_ERROR",
];
const FINAL_EVENTS = { SUCCEEDED: "payout.succeeded", FAILED: "payout.failed", REVERSED: "payout.reversed" };
const WINDOW_MS = 60_000;

const error = (status, code, message, headers = {}) => json({ error_code: code, message }, status, headers);

const hex = (bytes) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * @param {{ businesses?: Record<string, { callbackToken: string, callbackPath?: string, canWrite?: boolean }>, autoComplete?: boolean, autoCompleteMs?: number }} [options]
 * @returns {import("../fake-server.mjs").Fake}
 */
export function xenditFake({ businesses: initial = {}, autoComplete = false, autoCompleteMs = 1_500 } = {}) {
  /** secret key → { businessId, callbackToken, callbackPath, canWrite, live } */
  const businesses = new Map();
  /** payout id → { secretKey, payout } */
  const payouts = new Map();
  /** `${secretKey} ${key}` → { body: canonical body, payoutId } */
  const idempotency = new Map();
  /** secret key → armed outcomes for its next payouts ({ status, failure_code }) */
  const nextOutcomes = new Map();
  /** `${secretKey} ${endpoint}` → request times in the window */
  const windows = new Map();

  function addBusiness(secretKey, { callbackToken, callbackPath = "/api/payouts/webhook", canWrite = true }) {
    const business = {
      businessId: hex(12),
      callbackToken,
      callbackPath,
      canWrite,
      live: secretKey.startsWith("xnd_production_"),
    };
    businesses.set(secretKey, business);
    return business;
  }
  for (const [key, settings] of Object.entries(initial)) addBusiness(key, settings);

  function rateLimited(secretKey, business, endpoint) {
    const limit = business.live ? 600 : 60;
    const id = `${secretKey} ${endpoint}`;
    const now = Date.now();
    const recent = (windows.get(id) ?? []).filter((at) => now - at < WINDOW_MS);
    const headers = {
      "Rate-Limit-Limit": String(limit),
      "Rate-Limit-Remaining": String(Math.max(0, limit - recent.length - 1)),
      "Rate-Limit-Reset": (WINDOW_MS / 1000).toFixed(2),
    };
    if (recent.length >= limit) {
      windows.set(id, recent);
      return {
        refused: error(429, "RATE_LIMIT_EXCEEDED", "Too many requests", { ...headers, "Rate-Limit-Remaining": "0" }),
        headers,
      };
    }
    recent.push(now);
    windows.set(id, recent);
    return { refused: null, headers };
  }

  /** What a create's body lacks or gets wrong, as Xendit answers it; null when it is right. */
  function invalid(body) {
    if (!body || typeof body !== "object" || Array.isArray(body))
      return error(400, "INVALID_JSON_FORMAT", "The request body is not a JSON object");
    const unknown = Object.keys(body).filter((key) => !CREATE_FIELDS.has(key));
    if (unknown.length > 0) return error(400, "API_VALIDATION_ERROR", `${unknown.join(", ")} is not allowed`);
    const {
      reference_id: referenceId,
      channel_code: channelCode,
      channel_properties: properties,
      amount,
      currency,
      description,
    } = body;
    if (typeof referenceId !== "string" || referenceId.length < 1 || referenceId.length > 255)
      return error(400, "API_VALIDATION_ERROR", "reference_id is required (1 to 255 characters)");
    if (typeof channelCode !== "string") return error(400, "API_VALIDATION_ERROR", "channel_code is required");
    const channel = CHANNELS[channelCode];
    if (!channel) return error(400, "CHANNEL_CODE_NOT_SUPPORTED_ERROR", `${channelCode} is not supported`);
    if (!properties || typeof properties !== "object")
      return error(400, "API_VALIDATION_ERROR", "channel_properties is required");
    const unknownProperties = Object.keys(properties).filter((key) => !CHANNEL_PROPERTY_FIELDS.has(key));
    if (unknownProperties.length > 0)
      return error(400, "API_VALIDATION_ERROR", `channel_properties.${unknownProperties.join(", ")} is not allowed`);
    const name = properties.account_holder_name;
    if (typeof name !== "string" || name.length < 1 || name.length > 100)
      return error(
        400,
        "API_VALIDATION_ERROR",
        "channel_properties.account_holder_name is required (1 to 100 characters)",
      );
    if (typeof properties.account_number !== "string" || !properties.account_number)
      return error(400, "API_VALIDATION_ERROR", "channel_properties.account_number is required");
    if (channel.wallet && !/^09\d{9}$/.test(properties.account_number))
      return error(
        400,
        "RECIPIENT_ACCOUNT_NUMBER_ERROR",
        "The account number is not a valid mobile number for this e-wallet",
      );
    if (typeof currency !== "string") return error(400, "API_VALIDATION_ERROR", "currency is required");
    if (currency !== channel.currency)
      return error(400, "API_VALIDATION_ERROR", `${channelCode} takes ${channel.currency}`);
    if (typeof amount !== "number" || !Number.isFinite(amount) || amount < 0)
      return error(400, "API_VALIDATION_ERROR", "amount is required and must be a number");
    if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6)
      return error(400, "API_VALIDATION_ERROR", "PHP amounts have at most 2 decimal places");
    if (amount < channel.min)
      return error(400, "RECIPIENT_AMOUNT_ERROR", `The minimum amount for ${channelCode} is ${channel.min}`);
    if (amount > channel.max)
      return error(400, "MAXIMUM_TRANSFER_LIMIT_ERROR", `The maximum amount for ${channelCode} is ${channel.max}`);
    if (description !== undefined && (typeof description !== "string" || description.length > 100))
      return error(400, "API_VALIDATION_ERROR", "description must be a string");
    return null;
  }

  async function complete(context, secretKey, id, outcome) {
    const entry = payouts.get(id);
    if (!entry || entry.secretKey !== secretKey) return null;
    const { payout } = entry;
    const status = outcome.status ?? "SUCCEEDED";
    payout.status = status;
    payout.updated = new Date().toISOString();
    if (status === "FAILED") payout.failure_code = outcome.failure_code ?? "INVALID_DESTINATION";
    const event = FINAL_EVENTS[status];
    if (!event) return { payout, callback: null };
    const business = businesses.get(secretKey);
    const body = JSON.stringify({
      event,
      business_id: business.businessId,
      created: new Date().toISOString(),
      data: payout,
    });
    const callback = await context.callback(secretKey, {
      path: business.callbackPath,
      headers: { "x-callback-token": business.callbackToken },
      body,
    });
    return { payout, callback };
  }

  function create(context, secretKey, business, request, body) {
    const key = request.headers.get("idempotency-key");
    if (!key || key.length > 100)
      return error(400, "API_VALIDATION_ERROR", "The Idempotency-key header is required (1 to 100 characters)");
    let parsed;
    try {
      parsed = JSON.parse(body);
    } catch {
      return error(400, "INVALID_JSON_FORMAT", "The request body is not valid JSON");
    }
    const stored = idempotency.get(`${secretKey} ${key}`);
    if (stored) {
      if (stored.body !== canonical(parsed))
        return error(409, "DUPLICATE_ERROR", "A payout with this idempotency key already exists");
      return json(payouts.get(stored.payoutId).payout);
    }
    const refused = invalid(parsed);
    if (refused) return refused;
    const now = new Date();
    const payout = {
      id: `disb-${hex(12)}`,
      amount: parsed.amount,
      channel_code: parsed.channel_code,
      currency: parsed.currency,
      status: "ACCEPTED",
      ...(parsed.description === undefined ? {} : { description: parsed.description }),
      reference_id: parsed.reference_id,
      created: now.toISOString(),
      updated: now.toISOString(),
      estimated_arrival_time: new Date(now.getTime() + 15 * 60_000).toISOString(),
      business_id: business.businessId,
      channel_properties: parsed.channel_properties,
      ...(parsed.receipt_notification === undefined ? {} : { receipt_notification: parsed.receipt_notification }),
      ...(parsed.metadata === undefined ? {} : { metadata: parsed.metadata }),
    };
    payouts.set(payout.id, { secretKey, payout });
    idempotency.set(`${secretKey} ${key}`, { body: canonical(parsed), payoutId: payout.id });
    if (autoComplete) {
      const outcome = nextOutcomes.get(secretKey)?.shift() ?? { status: "SUCCEEDED" };
      setTimeout(
        () => complete(context, secretKey, payout.id, outcome).catch(() => undefined),
        autoCompleteMs,
      ).unref?.();
    }
    return json(payout);
  }

  return {
    name: "xendit",
    documentation: [
      "https://docs.xendit.co/apidocs/create-payout",
      "https://docs.xendit.co/apidocs/get-payout",
      "https://docs.xendit.co/apidocs/get-all-payouts",
      "https://docs.xendit.co/apidocs/payout-webhook-notification",
      "https://docs.xendit.co/docs/payout-status-lifecycle",
      "https://docs.xendit.co/api-payouts-beta/payouts-errors/",
      "https://docs.xendit.co/apidocs/rate-limits",
    ],
    accountOf(request) {
      return basicUser(request);
    },
    handle(request, body, context) {
      const url = new URL(request.url);
      const secretKey = basicUser(request);
      const business = secretKey ? businesses.get(secretKey) : undefined;
      if (!secretKey || !business) return error(401, "INVALID_API_KEY", "API key format is invalid");
      if (url.pathname === "/v2/payouts" && request.method === "POST") {
        if (!business.canWrite)
          return error(403, "REQUEST_FORBIDDEN_ERROR", "The API key is forbidden to perform this request");
        const limit = rateLimited(secretKey, business, "POST /v2/payouts");
        if (limit.refused) return limit.refused;
        const response = create(context, secretKey, business, request, body);
        for (const [name, value] of Object.entries(limit.headers)) response.headers.set(name, value);
        return response;
      }
      if (url.pathname === "/v2/payouts" && request.method === "GET") {
        const referenceId = url.searchParams.get("reference_id");
        if (!referenceId) return error(400, "API_VALIDATION_ERROR", "reference_id is required");
        const limit = rateLimited(secretKey, business, "GET /v2/payouts");
        if (limit.refused) return limit.refused;
        const found = [...payouts.values()]
          .filter((entry) => entry.secretKey === secretKey && entry.payout.reference_id === referenceId)
          .map((entry) => entry.payout);
        return json(found.reverse(), 200, limit.headers);
      }
      const one = url.pathname.match(/^\/v2\/payouts\/([^/]+)$/);
      if (one && request.method === "GET") {
        const limit = rateLimited(secretKey, business, "GET /v2/payouts/{id}");
        if (limit.refused) return limit.refused;
        const entry = payouts.get(decodeURIComponent(one[1]));
        if (!entry || entry.secretKey !== secretKey) return error(404, "DATA_NOT_FOUND", "Payout not found");
        return json(entry.payout, 200, limit.headers);
      }
      return error(404, "NOT_FOUND", "No such route");
    },
    async control(request, body, context) {
      const url = new URL(request.url);
      if (url.pathname === "/__fake/businesses" && request.method === "POST") {
        const { secretKey, callbackToken, callbackPath, canWrite } = JSON.parse(body);
        const business = addBusiness(secretKey, { callbackToken, callbackPath, canWrite });
        return json({ secretKey, businessId: business.businessId });
      }
      if (url.pathname === "/__fake/next-outcome" && request.method === "POST") {
        const account = url.searchParams.get("account") ?? [...businesses.keys()][0];
        const outcome = body ? JSON.parse(body) : { status: "FAILED", failure_code: "INVALID_DESTINATION" };
        if (!nextOutcomes.has(account)) nextOutcomes.set(account, []);
        nextOutcomes.get(account).push(outcome);
        return request.headers.get("content-type")?.includes("application/json")
          ? json({ armed: true })
          : new Response(null, { status: 303, headers: { Location: "/__fake/" } });
      }
      const completing = url.pathname.match(/^\/__fake\/payouts\/([^/]+)\/complete$/);
      if (completing && request.method === "POST") {
        const account = url.searchParams.get("account") ?? "";
        const done = await complete(context, account, decodeURIComponent(completing[1]), body ? JSON.parse(body) : {});
        return done ? json(done) : json({ error: "no such payout for that account" }, 404);
      }
      if (url.pathname === "/__fake/" && request.method === "GET") return dashboard(payouts, nextOutcomes);
      return null;
    },
  };
}

/** The local walk's page: the payouts the fake holds, and a button that fails the next one. */
function dashboard(payouts, nextOutcomes) {
  const escape = (text) =>
    String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const armed = [...nextOutcomes.values()].reduce((n, list) => n + list.length, 0);
  const rows = [...payouts.values()]
    .reverse()
    .map(
      ({ payout }) =>
        `<tr><td>${escape(payout.created)}</td><td>${escape(payout.reference_id)}</td><td>${escape(payout.channel_properties.account_holder_name)}</td><td>${escape(payout.channel_properties.account_number)}</td><td>PHP ${escape(payout.amount)}</td><td>${escape(payout.status)}${payout.failure_code ? ` (${escape(payout.failure_code)})` : ""}</td></tr>`,
    )
    .join("");
  return new Response(
    `<!doctype html><meta charset="utf-8"><title>Xendit contract fake</title><h1>Xendit payouts (contract fake)</h1>
<form method="post" action="/__fake/next-outcome"><button>Fail the next payout (INVALID_DESTINATION)</button></form>
<p>${armed === 0 ? "The next payout succeeds." : `${armed} payout(s) will fail.`}</p>
<table border="1" cellpadding="4"><tr><th>Created</th><th>reference_id</th><th>Holder</th><th>Number</th><th>Amount</th><th>Status</th></tr>${rows}</table>`,
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  );
}
