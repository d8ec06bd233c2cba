import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GatewayError, paymongoGateway, refundIdempotencyKey, type CheckoutRequest } from "~/payments/gateway.server";
import { attemptRefund } from "~/payments/refunds.server";
import { observedFetch } from "~/providers/provider-health.server";
import { bookingBody } from "../workerd/delivery-fixtures";
import { signedIn } from "../workerd/helpers";
import { appWith } from "./app";
import { armFailure, callbacksFrom, fakeControl, fakeUrl, requestsTo, uniqueKey, type FakeCallback } from "./fakes";

/**
 * The production PayMongo adapter (app/payments/gateway.server.ts) against the contract fake of
 * Checkout Sessions, Refunds and webhooks (test/contracts/fakes/paymongo.mjs, which names the
 * documentation it follows).
 */

/** A PayMongo merchant of our own at the fake: its secret key is the account our requests are recorded under. */
async function merchant() {
  const secretKey = uniqueKey("sk_test_");
  const webhookSecret = uniqueKey("whsk_");
  await fakeControl("paymongo", "merchants", { body: { secretKey, webhookSecret } });
  return { secretKey, webhookSecret };
}

const gatewayFor = (secretKey: string, webhookSecret = "whsk_unused", timeoutMs = 5_000) =>
  paymongoGateway({ secretKey, webhookSecret, baseUrl: fakeUrl("paymongo"), timeoutMs });
const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  paymentId: uniqueKey("pay_"),
  deliveryId: crypto.randomUUID(),
  amount: 13600,
  method: "gcash",
  description: "Hatid delivery 1a2b3c4d: Makati to Pasig",
  returnUrl: "https://hatid.example/tracking/d1",
  ...overrides,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as GatewayError,
  );

/** Documented Checkout Session attributes we send (developers.paymongo.com, checkout-session-resource); nothing else. */
const CHECKOUT_ATTRIBUTES = [
  "cancel_url",
  "description",
  "line_items",
  "metadata",
  "payment_method_types",
  "reference_number",
  "send_email_receipt",
  "show_description",
  "show_line_items",
  "success_url",
];
const REFUND_ATTRIBUTES = ["amount", "notes", "payment_id", "reason"];

/** A paid payment at the fake, for refunds: a checkout paid on its page. */
async function paidPayment(secretKey: string, amount = 13600) {
  const created = await gatewayFor(secretKey).createCheckout(checkout({ amount }));
  const paid = await fakeControl<{ payment: { id: string } }>(
    "paymongo",
    `checkout_sessions/${created.checkoutId}/pay`,
    { body: {} },
  );
  return paid.payment.id;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

describe("PayMongo's Checkout Sessions and Refunds, as PayMongo documents them", () => {
  it("creates a checkout session with only documented attributes: centavos, the method's payment_method_types value, our ids in metadata", async () => {
    const { secretKey } = await merchant();
    const gateway = gatewayFor(secretKey);
    const request = checkout();
    const created = await gateway.createCheckout(request);
    expect(created.checkoutId).toMatch(/^cs_/);
    expect(created.checkoutUrl).toBe(`${fakeUrl("paymongo")}/checkout/${created.checkoutId}`);
    for (const method of ["maya", "card"] as const) await gateway.createCheckout(checkout({ method }));
    const sent = await requestsTo("paymongo", secretKey);
    expect(sent.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/v1/checkout_sessions"],
      ["POST", "/v1/checkout_sessions"],
      ["POST", "/v1/checkout_sessions"],
    ]);
    expect(sent[0]!.headers.authorization).toBe(`Basic ${btoa(`${secretKey}:`)}`);
    const attributes = JSON.parse(sent[0]!.body).data.attributes;
    expect(Object.keys(JSON.parse(sent[0]!.body))).toEqual(["data"]);
    expect(Object.keys(attributes).sort()).toEqual(CHECKOUT_ATTRIBUTES);
    expect(attributes).toEqual({
      line_items: [{ name: request.description, amount: 13600, currency: "PHP", quantity: 1 }],
      payment_method_types: ["gcash"],
      success_url: request.returnUrl,
      cancel_url: request.returnUrl,
      description: request.description,
      reference_number: request.paymentId,
      send_email_receipt: false,
      show_description: true,
      show_line_items: true,
      metadata: { hatid_payment_id: request.paymentId, hatid_delivery_id: request.deliveryId },
    });
    expect(sent.slice(1).map((r) => JSON.parse(r.body).data.attributes.payment_method_types)).toEqual([
      ["paymaya"],
      ["card"],
    ]);
  });

  it("refuses with PayMongo's errors: an unknown key (401), an amount under the minimum (400 parameter_below_minimum), a server error; gives up on a hang", async () => {
    const { secretKey } = await merchant();
    expect(await failure(gatewayFor(uniqueKey("sk_test_")).createCheckout(checkout()))).toBeInstanceOf(GatewayError);
    const small = await failure(gatewayFor(secretKey).createCheckout(checkout({ amount: 1999 })));
    expect(small).toBeInstanceOf(GatewayError);
    expect(small!.message).toContain("The minimum value for the amount is 2000.");
    await armFailure("paymongo", secretKey, {
      status: 500,
      body: { errors: [{ code: "internal_server_error", detail: "Something went wrong" }] },
    });
    expect(await failure(gatewayFor(secretKey).createCheckout(checkout()))).toBeInstanceOf(GatewayError);
    await armFailure("paymongo", secretKey, { delayMs: 1_500 });
    const started = Date.now();
    expect(await failure(gatewayFor(secretKey, "whsk", 200).createCheckout(checkout()))).toBeInstanceOf(GatewayError);
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it("refunds with the documented attributes and reason, carrying the Idempotency-Key; PayMongo's refusals are errors", async () => {
    const { secretKey } = await merchant();
    const paymentId = await paidPayment(secretKey);
    const gateway = gatewayFor(secretKey);
    const refund = await gateway.refund({
      paymentId: "pay_ours",
      providerPaymentId: paymentId,
      amount: 11600,
      reason: "Hatid delivery d1 cancelled",
      idempotencyKey: refundIdempotencyKey("pay_ours"),
    });
    expect(refund.refundId).toMatch(/^ref_/);
    const sent = (await requestsTo("paymongo", secretKey)).filter((r) => r.path === "/v1/refunds");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers["idempotency-key"]).toBe("hatid-refund-pay_ours");
    const attributes = JSON.parse(sent[0]!.body).data.attributes;
    expect(Object.keys(attributes).sort()).toEqual(REFUND_ATTRIBUTES);
    expect(attributes).toEqual({
      amount: 11600,
      payment_id: paymentId,
      reason: "requested_by_customer",
      notes: "Hatid delivery d1 cancelled",
    });

    const more = await failure(
      gateway.refund({
        paymentId: "pay_other",
        providerPaymentId: paymentId,
        amount: 5000,
        reason: "again",
        idempotencyKey: refundIdempotencyKey("pay_other"),
      }),
    );
    expect(more!.message).toContain("Amount is greater than the remaining refundable value.");
    const unknown = await failure(
      gateway.refund({
        paymentId: "pay_x",
        providerPaymentId: "pay_not_at_paymongo",
        amount: 1000,
        reason: "x",
        idempotencyKey: refundIdempotencyKey("pay_x"),
      }),
    );
    expect(unknown!.message).toContain("answered 404");
    expect(
      await failure(
        gateway.refund({ paymentId: "pay_y", providerPaymentId: null, amount: 1000, reason: "x", idempotencyKey: "k" }),
      ),
    ).toBeInstanceOf(GatewayError);
  });

  it("a refund whose answer was lost is asked again with the same key and gets the first refund back, not a second; the same key with another amount is refused", async () => {
    const { secretKey } = await merchant();
    const paymentId = await paidPayment(secretKey, 20000);
    const request = {
      paymentId: "pay_ours",
      providerPaymentId: paymentId,
      amount: 8000,
      reason: "Hatid delivery d2 cancelled",
      idempotencyKey: refundIdempotencyKey(uniqueKey("pay_")),
    };
    await armFailure("paymongo", secretKey, { answerDelayMs: 800 });
    expect(await failure(gatewayFor(secretKey, "whsk", 300).refund(request))).toBeInstanceOf(GatewayError);
    const retried = await gatewayFor(secretKey).refund(request);
    const again = await gatewayFor(secretKey).refund(request);
    expect(again.refundId).toBe(retried.refundId);
    // Only one refund was made: 8,000 of 20,000 refunded, so 12,000 are left (a second 8,000 would leave 4,000).
    const rest = await failure(gatewayFor(secretKey).refund({ ...request, amount: 12001, idempotencyKey: "another" }));
    expect(rest!.message).toContain("remaining refundable value");
    expect(
      (await gatewayFor(secretKey).refund({ ...request, amount: 12000, idempotencyKey: "another-2" })).refundId,
    ).toMatch(/^ref_/);
    const other = await failure(gatewayFor(secretKey).refund({ ...request, amount: 100 }));
    expect(other!.message).toContain("already used with different parameters");
    const keys = (await requestsTo("paymongo", secretKey))
      .filter((r) => r.path === "/v1/refunds")
      .map((r) => r.headers["idempotency-key"]);
    expect(keys.slice(0, 3)).toEqual([request.idempotencyKey, request.idempotencyKey, request.idempotencyKey]);
  });

  it("records when PayMongo last answered, and its last failure, for the setup page", async () => {
    const { secretKey } = await merchant();
    const gateway = paymongoGateway({
      secretKey,
      webhookSecret: "whsk",
      baseUrl: fakeUrl("paymongo"),
      fetcher: observedFetch(env.DB, "paymongo"),
    });
    const before = Date.now();
    await gateway.createCheckout(checkout());
    await armFailure("paymongo", secretKey, {
      status: 500,
      body: { errors: [{ code: "internal_server_error", detail: "down" }] },
    });
    await failure(gateway.createCheckout(checkout()));
    const row = await env.DB.prepare("SELECT * FROM provider_health WHERE provider = 'paymongo'").first<
      Record<string, unknown>
    >();
    expect(row!.last_success_at).toBeGreaterThanOrEqual(before);
    expect(row!.last_failure).toBe("HTTP 500");
  });
});

describe("booking with PayMongo configured (the Worker, its production adapter, real D1)", () => {
  async function setUp() {
    const { secretKey, webhookSecret } = await merchant();
    const app = appWith({
      PAYMONGO_SECRET_KEY: secretKey,
      PAYMONGO_WEBHOOK_SECRET: webhookSecret,
      PAYMONGO_API_URL: fakeUrl("paymongo"),
    });
    const customer = await signedIn("user");
    const book = async () => {
      const booked = await app.api("/api/deliveries", {
        cookie: customer.cookie,
        body: bookingBody({ paymentMethod: "gcash" }),
      });
      expect(booked.status, booked.text).toBe(201);
      return booked.json as {
        id: string;
        payment: { id: string; checkoutUrl: string; status: string; amount: number };
      };
    };
    const deliver = (
      callback: FakeCallback,
      headers: Record<string, string> = callback.headers,
      body = callback.body,
    ) => app.api(callback.path, { rawBody: body, origin: null, headers });
    const checkoutIdOf = (url: string) => url.split("/checkout/")[1]!;
    return { secretKey, webhookSecret, app, customer, book, deliver, checkoutIdOf };
  }

  it("GCash booking → the fake's checkout → its signed paid webhook → the delivery is offered to riders; forged, stale and unsigned webhooks are refused", async () => {
    const { secretKey, webhookSecret, app, book, deliver, checkoutIdOf } = await setUp();
    const delivery = await book();
    expect(delivery.payment.status).toBe("pending");
    expect(delivery.payment.checkoutUrl).toMatch(new RegExp(`^${fakeUrl("paymongo")}/checkout/cs_`));
    const [sent] = await requestsTo("paymongo", secretKey);
    const attributes = JSON.parse(sent!.body).data.attributes;
    expect(Object.keys(attributes).sort()).toEqual(CHECKOUT_ATTRIBUTES);
    expect(attributes).toMatchObject({
      reference_number: delivery.payment.id,
      metadata: { hatid_payment_id: delivery.payment.id, hatid_delivery_id: delivery.id },
    });
    expect(attributes.line_items[0].amount).toBe(Math.round(delivery.payment.amount * 100));
    const page = await fetch(delivery.payment.checkoutUrl);
    expect(await page.text()).toContain(`Pay ₱${delivery.payment.amount.toFixed(2)}`);

    const rider = await signedIn("rider");
    const offered = async () =>
      ((await app.api("/api/deliveries/available", { cookie: rider.cookie })).json as { id: string }[]).some(
        (d) => d.id === delivery.id,
      );
    expect(await offered()).toBe(false);
    await fakeControl("paymongo", `checkout_sessions/${checkoutIdOf(delivery.payment.checkoutUrl)}/pay`, { body: {} });
    const [paid] = await callbacksFrom("paymongo", secretKey);
    expect(paid!.path).toBe("/api/payments/webhook");
    expect(JSON.parse(paid!.body).data.attributes.type).toBe("checkout_session.payment.paid");

    const t = Math.floor(Date.now() / 1000);
    const signed = async (body: string, at = t, secret = webhookSecret) =>
      `t=${at},te=${await hmacHex(secret, `${at}.${body}`)},li=`;
    const refusals: [string, Record<string, string>, string][] = [
      ["no signature", {}, paid!.body],
      [
        "another webhook's secret",
        { "Paymongo-Signature": await signed(paid!.body, t, uniqueKey("whsk_")) },
        paid!.body,
      ],
      [
        "a forged body",
        { "Paymongo-Signature": paid!.headers["Paymongo-Signature"]! },
        paid!.body.replace('"livemode":false', '"livemode":true'),
      ],
      ["a stale signature (6 minutes old)", { "Paymongo-Signature": await signed(paid!.body, t - 360) }, paid!.body],
    ];
    for (const [what, headers, body] of refusals) {
      expect((await deliver(paid!, headers, body)).status, what).toBe(401);
    }
    expect(await offered()).toBe(false);
    const accepted = await deliver(paid!);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({ received: true, outcome: "applied" });
    expect((await deliver(paid!)).json.outcome).toBe("duplicate");
    expect(await offered()).toBe(true);
  });

  it("a failed payment's webhook keeps the booking unoffered and marks it failed", async () => {
    const { secretKey, app, customer, book, deliver, checkoutIdOf } = await setUp();
    const delivery = await book();
    await fakeControl("paymongo", `checkout_sessions/${checkoutIdOf(delivery.payment.checkoutUrl)}/fail`, { body: {} });
    const [failed] = await callbacksFrom("paymongo", secretKey);
    expect(JSON.parse(failed!.body).data.attributes.type).toBe("payment.failed");
    expect((await deliver(failed!)).json.outcome).toBe("applied");
    expect((await app.api(`/api/deliveries/${delivery.id}`, { cookie: customer.cookie })).json.payment.status).toBe(
      "failed",
    );
  });

  it("cancelling a paid booking makes one refund at PayMongo, through a failed attempt and a lost answer, all with the same Idempotency-Key", async () => {
    const { secretKey, webhookSecret, app, customer, book, deliver, checkoutIdOf } = await setUp();
    const delivery = await book();
    await fakeControl("paymongo", `checkout_sessions/${checkoutIdOf(delivery.payment.checkoutUrl)}/pay`, { body: {} });
    const [paid] = await callbacksFrom("paymongo", secretKey);
    expect((await deliver(paid!)).json.outcome).toBe("applied");

    // PayMongo is down when the customer cancels: the refund waits for the cron.
    await armFailure("paymongo", secretKey, {
      status: 502,
      body: { errors: [{ code: "internal_server_error", detail: "Bad gateway" }] },
    });
    const cancelled = await app.api(`/api/deliveries/${delivery.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.payment).toMatchObject({ status: "paid", refundPending: delivery.payment.amount });
    const base = Date.now();

    // The cron's next attempt reaches PayMongo, which makes the refund, but its answer is lost (held past the timeout).
    await armFailure("paymongo", secretKey, { answerDelayMs: 1_000 });
    const slow = paymongoGateway({ secretKey, webhookSecret, baseUrl: fakeUrl("paymongo"), timeoutMs: 300 });
    expect(await attemptRefund(app.env, delivery.payment.id, new Date(base + 61_000), { gateway: slow })).toBeNull();
    expect(
      (await env.DB.prepare("SELECT status FROM refunds WHERE payment_id = ?1")
        .bind(delivery.payment.id)
        .first<{ status: string }>())!.status,
    ).toBe("pending");

    // The attempt after, as the cron makes it (the deployment's own adapter): the same key gets the first refund back.
    expect(await attemptRefund(app.env, delivery.payment.id, new Date(base + 61_000 + 301_000))).toMatchObject({
      status: "refunded",
    });
    const refunds = (await requestsTo("paymongo", secretKey)).filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(3);
    expect(new Set(refunds.map((r) => r.headers["idempotency-key"]))).toEqual(
      new Set([refundIdempotencyKey(delivery.payment.id)]),
    );
    expect(new Set(refunds.map((r) => r.body)).size).toBe(1);
    const view = await app.api(`/api/deliveries/${delivery.id}`, { cookie: customer.cookie });
    expect(view.json.payment).toMatchObject({ status: "refunded", refundedAmount: delivery.payment.amount });
    // One refund at PayMongo: nothing is left to refund there.
    const providerPaymentId = (await env.DB.prepare("SELECT provider_payment_id FROM payments WHERE id = ?1")
      .bind(delivery.payment.id)
      .first<{ provider_payment_id: string }>())!.provider_payment_id;
    const second = await failure(
      gatewayFor(secretKey).refund({
        paymentId: "x",
        providerPaymentId,
        amount: 100,
        reason: "x",
        idempotencyKey: "probe",
      }),
    );
    expect(second!.message).toContain("remaining refundable value");
  });
});
