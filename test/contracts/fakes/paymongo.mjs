// @ts-check
// PayMongo, as its documentation describes it:
// - https://developers.paymongo.com/docs/checkout-implementation and
//   https://developers.paymongo.com/reference/checkout-session-resource (POST /v1/checkout_sessions,
//   HTTP Basic with the secret key as the user and an empty password; `{ data: { attributes } }`
//   with `line_items` (each `name`, `amount` in centavos, `currency` PHP, `quantity`, optional
//   `description` and `images`) and `payment_method_types` required; `billing`, `cancel_url`,
//   `description`, `reference_number`, `send_email_receipt`, `show_description`, `show_line_items`,
//   `statement_descriptor`, `success_url`, `metadata` optional; answers the Checkout Session with its
//   `checkout_url`, the customer's page)
// - https://developers.paymongo.com/reference/refund-resource (POST /v1/refunds: `amount` in
//   centavos, at least 100 and at most what is left to refund, `payment_id`, `reason` one of
//   duplicate, fraudulent, requested_by_customer, others; optional `notes` (at most 255 characters)
//   and `metadata` (string values only))
// - https://developers.paymongo.com/docs/refund-errors (resource_not_found, resource_failed_state,
//   parameter_above_maximum, resource_processing_state, ...)
// - https://developers.paymongo.com/reference/idempotent-requests (header `Idempotency-Key`, at most
//   255 characters, on creation requests: a retry with the same key gets the first result, success
//   or failure; other parameters with the same key are refused; keys expire after 24 hours; a
//   request refused by validation stores nothing). The page names no error code for the refusal:
//   the fake answers 400 `parameter_invalid`.
// - https://developers.paymongo.com/docs/errors (200 for a creation, never 201; 400 / 401 / 403 /
//   404 / 500; errors as `{ errors: [{ code, detail, source? }] }`)
// - https://developers.paymongo.com/docs/webhooks, .../docs/developer-tools-webhooks-events and
//   .../docs/securing-webhook (events `{ data: { id: "evt_…", type: "event", attributes: { type,
//   livemode, data: <resource>, created_at, updated_at } } }`: checkout_session.payment.paid (a
//   Checkout Session with its payments), payment.paid, payment.failed, payment.refunded;
//   header `Paymongo-Signature: t=<unix s>,te=<hex>,li=<hex>`, HMAC-SHA256 with the webhook's secret
//   over `{t}.{raw body}`, `te` filled in test mode, `li` in live mode).
//
// Merchants (a secret key, its webhook's secret and the events it listens to) are made with POST
// /__fake/merchants. The checkout page (GET /checkout/{id}) has Pay and Fail, as do the control
// routes POST /__fake/checkout_sessions/{id}/pay and /fail; each sends the merchant's webhooks.
import { createHmac } from "node:crypto";
import { basicUser, canonical, json } from "../fake-server.mjs";

const CHECKOUT_FIELDS = new Set([
  "billing",
  "cancel_url",
  "description",
  "line_items",
  "payment_method_types",
  "reference_number",
  "send_email_receipt",
  "show_description",
  "show_line_items",
  "statement_descriptor",
  "success_url",
  "metadata",
]);
const LINE_ITEM_FIELDS = new Set(["name", "amount", "currency", "quantity", "description", "images"]);
export const PAYMENT_METHOD_TYPES = new Set([
  "billease",
  "card",
  "dob",
  "dob_ubp",
  "brankas_bdo",
  "brankas_landbank",
  "brankas_metrobank",
  "gcash",
  "grab_pay",
  "paymaya",
  "qrph",
]);
const REFUND_FIELDS = new Set(["amount", "payment_id", "reason", "notes", "metadata"]);
export const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer", "others"]);
const DEFAULT_EVENTS = ["checkout_session.payment.paid", "payment.failed"];
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A payment's minimum (the Payment resource: ₱20.00). */
const MINIMUM_PAYMENT = 2000;

const problem = (code, detail, attribute) => ({
  errors: [{ code, detail, ...(attribute ? { source: { pointer: attribute, attribute } } : {}) }],
});
const failure = (status, code, detail, attribute) => json(problem(code, detail, attribute), status);
const seconds = () => Math.floor(Date.now() / 1000);
const randomId = (prefix) =>
  `${prefix}_${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"[b % 56]).join("")}`;

/** The `Paymongo-Signature` header PayMongo sends with `rawBody`. */
export function paymongoSignature(rawBody, secret, { live = false, t = seconds() } = {}) {
  const signature = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex");
  return live ? `t=${t},te=,li=${signature}` : `t=${t},te=${signature},li=`;
}

const isStringRecord = (value) =>
  value &&
  typeof value === "object" &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === "string");

/**
 * @param {{ merchants?: Record<string, { webhookSecret: string, webhookPath?: string, events?: string[] }> }} [options]
 * @returns {import("../fake-server.mjs").Fake}
 */
export function paymongoFake({ merchants: initial = {} } = {}) {
  /** secret key → { webhookSecret, webhookPath, events, live } */
  const merchants = new Map();
  /** checkout session id → { secretKey, session } */
  const sessions = new Map();
  /** payment id → { secretKey, payment, refunded } */
  const payments = new Map();
  /** `${secretKey} ${path} ${key}` → { body, status, answer, at } */
  const idempotency = new Map();

  function addMerchant(secretKey, { webhookSecret, webhookPath = "/api/payments/webhook", events = DEFAULT_EVENTS }) {
    const merchant = { webhookSecret, webhookPath, events, live: secretKey.startsWith("sk_live_") };
    merchants.set(secretKey, merchant);
    return merchant;
  }
  for (const [key, settings] of Object.entries(initial)) addMerchant(key, settings);

  /** Sends `type` about `resource` to the merchant's webhook, signed, if it listens to it. */
  async function send(context, secretKey, type, resource) {
    const merchant = merchants.get(secretKey);
    if (!merchant?.events.includes(type)) return null;
    const now = seconds();
    const body = JSON.stringify({
      data: {
        id: randomId("evt"),
        type: "event",
        attributes: {
          type,
          livemode: merchant.live,
          data: resource,
          previous_data: {},
          created_at: now,
          updated_at: now,
        },
      },
    });
    return context.callback(secretKey, {
      path: merchant.webhookPath,
      headers: { "Paymongo-Signature": paymongoSignature(body, merchant.webhookSecret, { live: merchant.live }) },
      body,
    });
  }

  function checkoutInvalid(attributes) {
    if (!attributes || typeof attributes !== "object")
      return failure(400, "parameter_required", "data.attributes is required.", "data.attributes");
    const unknown = Object.keys(attributes).filter((key) => !CHECKOUT_FIELDS.has(key));
    if (unknown.length > 0)
      return failure(400, "parameter_invalid", `${unknown[0]} is not a valid attribute.`, unknown[0]);
    const items = attributes.line_items;
    if (!Array.isArray(items) || items.length === 0)
      return failure(400, "parameter_required", "line_items is required.", "line_items");
    for (const item of items) {
      const extra = Object.keys(item ?? {}).filter((key) => !LINE_ITEM_FIELDS.has(key));
      if (extra.length > 0)
        return failure(
          400,
          "parameter_invalid",
          `line_items.${extra[0]} is not a valid attribute.`,
          `line_items.${extra[0]}`,
        );
      if (typeof item.name !== "string" || !item.name)
        return failure(400, "parameter_required", "line_items.name is required.", "line_items.name");
      if (!Number.isInteger(item.amount))
        return failure(
          400,
          "parameter_data_type_invalid",
          "line_items.amount should be an integer (centavos).",
          "line_items.amount",
        );
      if (item.currency !== "PHP")
        return failure(400, "parameter_invalid", "line_items.currency must be PHP.", "line_items.currency");
      if (!Number.isInteger(item.quantity) || item.quantity < 1)
        return failure(
          400,
          "parameter_invalid",
          "line_items.quantity must be a positive integer.",
          "line_items.quantity",
        );
    }
    const types = attributes.payment_method_types;
    if (!Array.isArray(types) || types.length === 0)
      return failure(400, "parameter_required", "payment_method_types is required.", "payment_method_types");
    const bad = types.find((type) => !PAYMENT_METHOD_TYPES.has(type));
    if (bad !== undefined)
      return failure(400, "parameter_invalid", `${bad} is not a valid payment method type.`, "payment_method_types");
    for (const flag of ["send_email_receipt", "show_description", "show_line_items"]) {
      if (attributes[flag] !== undefined && typeof attributes[flag] !== "boolean")
        return failure(400, "parameter_data_type_invalid", `${flag} should be a boolean.`, flag);
    }
    if (attributes.metadata !== undefined && !isStringRecord(attributes.metadata))
      return failure(400, "parameter_invalid", "metadata values must be strings.", "metadata");
    const total = items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
    if (total < MINIMUM_PAYMENT)
      return failure(
        400,
        "parameter_below_minimum",
        `The minimum value for the amount is ${MINIMUM_PAYMENT}.`,
        "line_items.amount",
      );
    return null;
  }

  function createCheckout(context, secretKey, attributes) {
    const refused = checkoutInvalid(attributes);
    if (refused) return { status: 400, refused, validation: true };
    const merchant = merchants.get(secretKey);
    const id = randomId("cs");
    const now = seconds();
    const session = {
      id,
      type: "checkout_session",
      attributes: {
        billing: attributes.billing ?? null,
        cancel_url: attributes.cancel_url ?? null,
        checkout_url: `${context.baseUrl}/checkout/${id}`,
        client_key: `${id}_client_${randomId("k").slice(2)}`,
        description: attributes.description ?? null,
        line_items: attributes.line_items.map((item) => ({ description: null, images: [], ...item })),
        livemode: merchant.live,
        merchant: "Hatid contract fake",
        payments: [],
        payment_intent: {
          id: randomId("pi"),
          type: "payment_intent",
          attributes: {
            amount: attributes.line_items.reduce((s, i) => s + i.amount * i.quantity, 0),
            currency: "PHP",
            status: "awaiting_payment_method",
          },
        },
        payment_method_types: attributes.payment_method_types,
        reference_number: attributes.reference_number ?? null,
        send_email_receipt: attributes.send_email_receipt ?? false,
        show_description: attributes.show_description ?? true,
        show_line_items: attributes.show_line_items ?? true,
        status: "active",
        success_url: attributes.success_url ?? null,
        metadata: attributes.metadata ?? null,
        created_at: now,
        updated_at: now,
      },
    };
    sessions.set(id, { secretKey, session });
    return { status: 200, body: { data: session } };
  }

  function createRefund(context, secretKey, attributes) {
    if (!attributes || typeof attributes !== "object")
      return {
        status: 400,
        body: problem("parameter_required", "data.attributes is required.", "data.attributes"),
        validation: true,
      };
    const unknown = Object.keys(attributes).filter((key) => !REFUND_FIELDS.has(key));
    if (unknown.length > 0)
      return {
        status: 400,
        body: problem("parameter_invalid", `${unknown[0]} is not a valid attribute.`, unknown[0]),
        validation: true,
      };
    const { amount, payment_id: paymentId, reason, notes, metadata } = attributes;
    if (amount === undefined)
      return { status: 400, body: problem("parameter_required", "amount is required.", "amount"), validation: true };
    if (!Number.isInteger(amount))
      return {
        status: 400,
        body: problem("parameter_data_type_invalid", "amount should be an integer.", "amount"),
        validation: true,
      };
    if (amount < 100)
      return {
        status: 400,
        body: problem("parameter_below_minimum", "The minimum value for the amount is 100.", "amount"),
        validation: true,
      };
    if (typeof paymentId !== "string" || !paymentId)
      return {
        status: 400,
        body: problem("parameter_required", "payment_id is required.", "payment_id"),
        validation: true,
      };
    if (typeof reason !== "string")
      return { status: 400, body: problem("parameter_required", "reason is required.", "reason"), validation: true };
    if (!REFUND_REASONS.has(reason))
      return {
        status: 400,
        body: problem(
          "parameter_invalid",
          "reason must be duplicate, fraudulent, requested_by_customer or others.",
          "reason",
        ),
        validation: true,
      };
    if (notes !== undefined && (typeof notes !== "string" || notes.length > 255))
      return {
        status: 400,
        body: problem("parameter_above_maximum", "notes cannot be longer than 255 characters.", "notes"),
        validation: true,
      };
    if (metadata !== undefined && !isStringRecord(metadata))
      return {
        status: 400,
        body: problem("parameter_invalid", "metadata values must be strings.", "metadata"),
        validation: true,
      };
    const entry = payments.get(paymentId);
    if (!entry || entry.secretKey !== secretKey)
      return {
        status: 404,
        body: problem("resource_not_found", `Payment with id ${paymentId} cannot be found.`, "payment_id"),
      };
    if (entry.payment.attributes.status !== "paid")
      return {
        status: 400,
        body: problem("resource_failed_state", "Only payment in paid state can be refunded.", "payment_id"),
      };
    const left = entry.payment.attributes.amount - entry.refunded;
    if (amount > left)
      return {
        status: 400,
        body: problem("parameter_above_maximum", "Amount is greater than the remaining refundable value.", "amount"),
      };
    entry.refunded += amount;
    const now = seconds();
    const refund = {
      id: randomId("ref"),
      type: "refund",
      attributes: {
        amount,
        currency: "PHP",
        livemode: merchants.get(secretKey).live,
        notes: notes ?? null,
        payment_id: paymentId,
        payout_id: null,
        reason,
        status: "succeeded",
        metadata: metadata ?? null,
        created_at: now,
        updated_at: now,
      },
    };
    entry.payment.attributes.refunds.push(refund);
    send(context, secretKey, "payment.refunded", entry.payment).catch(() => undefined);
    return { status: 200, body: { data: refund } };
  }

  /**
   * Runs a creation once per Idempotency-Key, as the idempotency page says. `run` answers `{ status,
   * body }`, with `validation: true` (or a ready `refused` Response) for a refusal by validation,
   * which stores nothing.
   */
  async function idempotent(secretKey, path, request, parsed, run) {
    const key = request.headers.get("idempotency-key");
    if (key !== null && (!key || key.length > 255))
      return failure(400, "parameter_invalid", "Idempotency-Key must be 1 to 255 characters.", "Idempotency-Key");
    const id = `${secretKey} ${path} ${key}`;
    const stored = key === null ? undefined : idempotency.get(id);
    if (stored && Date.now() - stored.at < IDEMPOTENCY_TTL_MS) {
      if (stored.body !== canonical(parsed))
        return failure(
          400,
          "parameter_invalid",
          "The Idempotency-Key was already used with different parameters.",
          "Idempotency-Key",
        );
      return json(stored.answer, stored.status, { "Idempotent-Replayed": "true" });
    }
    const result = await run();
    if (result.refused) return result.refused;
    if (result.validation) return json(result.body, result.status);
    if (key !== null)
      idempotency.set(id, { body: canonical(parsed), status: result.status, answer: result.body, at: Date.now() });
    return json(result.body, result.status);
  }

  async function pay(context, id, outcome) {
    const entry = sessions.get(id);
    if (!entry) return null;
    const { session, secretKey } = entry;
    if (session.attributes.status !== "active") return { session, callbacks: [] };
    const amount = session.attributes.payment_intent.attributes.amount;
    const now = seconds();
    const payment = {
      id: randomId("pay"),
      type: "payment",
      attributes: {
        amount,
        billing: session.attributes.billing,
        currency: "PHP",
        description: session.attributes.description,
        fee: Math.round(amount * 0.025),
        livemode: session.attributes.livemode,
        net_amount: amount - Math.round(amount * 0.025),
        payout: null,
        source: { id: randomId("src"), type: session.attributes.payment_method_types[0] },
        statement_descriptor: "Hatid contract fake",
        status: outcome === "paid" ? "paid" : "failed",
        ...(outcome === "failed" ? { failed_code: "generic_decline", failed_message: "The payment failed." } : {}),
        metadata: session.attributes.metadata,
        payment_intent_id: session.attributes.payment_intent.id,
        refunds: [],
        taxes: [],
        created_at: now,
        paid_at: outcome === "paid" ? now : null,
        updated_at: now,
      },
    };
    payments.set(payment.id, { secretKey, payment, refunded: 0 });
    const callbacks = [];
    if (outcome === "paid") {
      session.attributes.status = "paid";
      session.attributes.payments = [payment];
      session.attributes.payment_intent.attributes.status = "succeeded";
      session.attributes.updated_at = now;
      callbacks.push(
        await send(context, secretKey, "payment.paid", payment),
        await send(context, secretKey, "checkout_session.payment.paid", session),
      );
    } else {
      callbacks.push(await send(context, secretKey, "payment.failed", payment));
    }
    return { session, payment, callbacks: callbacks.filter(Boolean) };
  }

  return {
    name: "paymongo",
    documentation: [
      "https://developers.paymongo.com/docs/checkout-implementation",
      "https://developers.paymongo.com/reference/checkout-session-resource",
      "https://developers.paymongo.com/reference/refund-resource",
      "https://developers.paymongo.com/docs/refund-errors",
      "https://developers.paymongo.com/reference/idempotent-requests",
      "https://developers.paymongo.com/docs/errors",
      "https://developers.paymongo.com/docs/webhooks",
      "https://developers.paymongo.com/docs/securing-webhook",
    ],
    accountOf(request) {
      return basicUser(request);
    },
    async handle(request, body, context) {
      const url = new URL(request.url);
      const page = url.pathname.match(/^\/checkout\/([^/]+)(?:\/(pay|fail))?$/);
      if (page) return checkoutPage(context, page[1], page[2], request, sessions, pay);
      const secretKey = basicUser(request);
      if (!secretKey || !merchants.has(secretKey))
        return failure(401, "unauthorized", "API key is invalid or missing.");
      if (request.method !== "POST" || !["/v1/checkout_sessions", "/v1/refunds"].includes(url.pathname))
        return failure(404, "resource_not_found", "The requested resource or endpoint does not exist.");
      let parsed;
      try {
        parsed = JSON.parse(body);
      } catch {
        return failure(400, "parameter_invalid", "The request body is not valid JSON.");
      }
      const attributes = parsed?.data?.attributes;
      if (url.pathname === "/v1/checkout_sessions")
        return idempotent(secretKey, url.pathname, request, parsed, () =>
          createCheckout(context, secretKey, attributes),
        );
      return idempotent(secretKey, url.pathname, request, parsed, () => createRefund(context, secretKey, attributes));
    },
    async control(request, body, context) {
      const url = new URL(request.url);
      if (url.pathname === "/__fake/merchants" && request.method === "POST") {
        const { secretKey, webhookSecret, webhookPath, events } = JSON.parse(body);
        addMerchant(secretKey, { webhookSecret, webhookPath, events });
        return json({ secretKey });
      }
      const acting = url.pathname.match(/^\/__fake\/checkout_sessions\/([^/]+)\/(pay|fail)$/);
      if (acting && request.method === "POST") {
        const done = await pay(context, decodeURIComponent(acting[1]), acting[2] === "pay" ? "paid" : "failed");
        return done ? json(done) : json({ error: "no such checkout session" }, 404);
      }
      return null;
    },
  };
}

/** The customer's checkout page (`checkout_url`): Pay or Fail, then back to the merchant's page. */
async function checkoutPage(context, id, action, request, sessions, pay) {
  const entry = sessions.get(id);
  if (!entry) return new Response("Not found", { status: 404 });
  const { session } = entry;
  if (action && request.method === "POST") {
    await pay(context, id, action === "pay" ? "paid" : "failed");
    const back = action === "pay" ? session.attributes.success_url : null;
    return new Response(null, { status: 303, headers: { Location: back ?? `/checkout/${id}?failed=1` } });
  }
  const escape = (text) =>
    String(text ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const amount = session.attributes.payment_intent.attributes.amount;
  const pesos = `₱${(amount / 100).toFixed(2)}`;
  const failed = new URL(request.url).searchParams.get("failed") === "1";
  const payable = session.attributes.status === "active";
  return new Response(
    `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>PayMongo checkout (contract fake)</title>
<main style="font-family:sans-serif;max-width:28rem;margin:2rem auto">
<p><strong>PayMongo checkout</strong> · contract fake, no real money moves</p>
<h1>${escape(session.attributes.description ?? "Payment")}</h1>
<p>Amount: <strong data-testid="fake-amount">${pesos}</strong> · ${escape(session.attributes.payment_method_types.join(", "))}</p>
${failed ? "<p role=alert>The payment failed. You can try again.</p>" : ""}
${
  payable
    ? `<form method="post" action="/checkout/${id}/pay"><button>Pay ${pesos}</button></form><form method="post" action="/checkout/${id}/fail"><button>Fail</button></form>`
    : `<p>This checkout is ${escape(session.attributes.status)}.</p>`
}
${session.attributes.cancel_url ? `<p><a href="${escape(session.attributes.cancel_url)}">Back to the shop</a></p>` : ""}
</main>`,
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  );
}
