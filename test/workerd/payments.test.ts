import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries, payments } from "~/db/schema";
import { storedText } from "~/i18n/stored-text.server";
import { paymongoGateway } from "~/payments/gateway.server";
import { verifyPaymongoSignature } from "~/payments/signature";
import worker from "../../workers/app";
import { bookingBody } from "./delivery-fixtures";
import { api, db, signedIn } from "./helpers";
import { failedEventBody, hmacHex, paidEventBody, WEBHOOK_SECRET } from "./ledger-fixtures";

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function testModeHeader(body: string, { secret = WEBHOOK_SECRET, t = nowSeconds() } = {}) {
  return `t=${t},te=${await hmacHex(secret, `${t}.${body}`)},li=`;
}

const webhook = (body: string, signature: string | null) =>
  api("/api/payments/webhook", {
    rawBody: body,
    origin: null,
    headers: signature === null ? {} : { "Paymongo-Signature": signature },
  });

async function bookOnline(overrides: Record<string, unknown> = {}) {
  const customer = await signedIn("user");
  const booked = await api("/api/deliveries", {
    cookie: customer.cookie,
    body: bookingBody({ paymentMethod: "gcash", ...overrides }),
  });
  expect(booked.status).toBe(201);
  const [payment] = await db().select().from(payments).where(eq(payments.deliveryId, booked.json.id));
  return { customer, delivery: booked.json, payment: payment! };
}

const paymentStatus = async (deliveryId: string) =>
  (await db().select({ status: deliveries.paymentStatus }).from(deliveries).where(eq(deliveries.id, deliveryId)))[0]!
    .status;

describe("payment method at booking", () => {
  it("cash is the default: nothing to pay online, offered to riders at once", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const booked = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() });
    expect(booked.status).toBe(201);
    expect(booked.json.payment).toEqual({
      id: null,
      method: "cash",
      status: "not_required",
      checkoutUrl: null,
      amount: 136,
      refundedAmount: 0,
      refundPending: 0,
    });
    expect(booked.json.amountDue).toBe(136);
    const available = await api("/api/deliveries/available", { cookie: rider.cookie });
    expect(available.json.map((d: { id: string }) => d.id)).toContain(booked.json.id);
  });

  it("GCash: a pending payment with the sandbox checkout; riders neither list, see nor accept it until paid", async () => {
    const { delivery, payment } = await bookOnline();
    expect(delivery.payment).toEqual({
      id: payment.id,
      method: "gcash",
      status: "pending",
      checkoutUrl: `/dev/pay/${payment.id}`,
      amount: 136,
      refundedAmount: 0,
      refundPending: 0,
    });
    expect(payment).toMatchObject({ method: "gcash", status: "pending", provider: "sandbox", amount: 13600 });
    const rider = await signedIn("rider");
    const available = await api("/api/deliveries/available", { cookie: rider.cookie });
    expect(available.json.map((d: { id: string }) => d.id)).not.toContain(delivery.id);
    expect((await api(`/api/deliveries/${delivery.id}`, { cookie: rider.cookie })).status).toBe(404);
    expect((await api(`/api/deliveries/${delivery.id}/accept`, { cookie: rider.cookie, method: "POST" })).status).toBe(
      404,
    );

    const body = paidEventBody(payment.id, payment.checkoutId!, 13600);
    expect((await webhook(body, await testModeHeader(body))).status).toBe(200);
    expect(await paymentStatus(delivery.id)).toBe("paid");
    const after = await api("/api/deliveries/available", { cookie: rider.cookie });
    expect(after.json.map((d: { id: string }) => d.id)).toContain(delivery.id);
    expect((await api(`/api/deliveries/${delivery.id}/accept`, { cookie: rider.cookie, method: "POST" })).status).toBe(
      200,
    );
  });

  it("refuses an unknown method and invoice for a customer of no business partner (400, nothing booked)", async () => {
    const customer = await signedIn("user");
    const bad = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ paymentMethod: "bitcoin" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.paymentMethod).toEqual(["Choose a payment method: cash, GCash, Maya, card or invoice."]);
    const invoice = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ paymentMethod: "invoice" }),
    });
    expect(invoice.status).toBe(400);
    expect(invoice.json.message).toBe(
      "Invoice is only for customers of a business partner. Please choose another payment method.",
    );
    const mine = await api("/api/deliveries/my", { cookie: customer.cookie });
    expect(mine.json).toEqual([]);
  });
});

describe("POST /api/payments/webhook: Paymongo-Signature", () => {
  it("accepts a valid test-mode signature computed here, and refuses (401, nothing changed) every bad one", async () => {
    const { delivery, payment } = await bookOnline();
    const body = paidEventBody(payment.id, payment.checkoutId!, 13600);
    const t = nowSeconds();
    const refusals: [string, string | null, string][] = [
      ["missing header", null, body],
      ["wrong secret", await testModeHeader(body, { secret: "whsk_test_someone_else" }), body],
      ["one byte of body changed", await testModeHeader(body), body.replace('"livemode":false', '"livemode":fals3')],
      ["stale t (6 minutes ago)", await testModeHeader(body, { t: t - 360 }), body],
      ["future t (6 minutes ahead)", await testModeHeader(body, { t: t + 360 }), body],
      [
        "live-mode signature while in test mode",
        `t=${t},te=,li=${await hmacHex(WEBHOOK_SECRET, `${t}.${body}`)}`,
        body,
      ],
      ["garbage", "nonsense", body],
    ];
    for (const [what, header, sent] of refusals) {
      const answer = await webhook(sent, header);
      expect(answer.status, what).toBe(401);
      expect(await paymentStatus(delivery.id), what).toBe("pending");
    }
    const within = await webhook(body, await testModeHeader(body, { t: t - 240 }));
    expect(within.status).toBe(200);
    expect(within.json).toEqual({ received: true, outcome: "applied" });
    expect(await paymentStatus(delivery.id)).toBe("paid");
  });

  it("applies each event id once: a replay answers 200 and changes nothing", async () => {
    const { customer, delivery, payment } = await bookOnline();
    const body = paidEventBody(payment.id, payment.checkoutId!, 13600);
    expect((await webhook(body, await testModeHeader(body))).json.outcome).toBe("applied");
    // Cancelled while pending: free, refunded in full.
    const cancelled = await api(`/api/deliveries/${delivery.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.payment).toMatchObject({ status: "refunded", refundedAmount: 136 });
    const replay = await webhook(body, await testModeHeader(body));
    expect(replay.status).toBe(200);
    expect(replay.json.outcome).toBe("duplicate");
    expect(await paymentStatus(delivery.id)).toBe("refunded");
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE payment_id = ?")
      .bind(payment.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
  });

  it("the same event sent twice at once is applied once: the other answer is a duplicate", async () => {
    const { delivery, payment } = await bookOnline();
    const body = paidEventBody(payment.id, payment.checkoutId!, 13600);
    const answers = await Promise.all([
      webhook(body, await testModeHeader(body)),
      webhook(body, await testModeHeader(body)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.json.outcome).sort()).toEqual(["applied", "duplicate"]);
    expect(await paymentStatus(delivery.id)).toBe("paid");
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM delivery_events WHERE delivery_id = ?1 AND kind = 'paid'",
    )
      .bind(delivery.id)
      .first();
    expect(events).toEqual({ n: 1 });
  });

  it("a failed payment keeps the booking unoffered; paying afterwards offers it", async () => {
    const { delivery, payment } = await bookOnline();
    const failed = failedEventBody(payment.id);
    expect((await webhook(failed, await testModeHeader(failed))).status).toBe(200);
    expect(await paymentStatus(delivery.id)).toBe("failed");
    const paid = paidEventBody(payment.id, payment.checkoutId!, 13600);
    await webhook(paid, await testModeHeader(paid));
    expect(await paymentStatus(delivery.id)).toBe("paid");
  });

  it("an amount that is not the booking's does not mark it paid", async () => {
    const { delivery, payment } = await bookOnline();
    const body = paidEventBody(payment.id, payment.checkoutId!, 100);
    expect((await webhook(body, await testModeHeader(body))).json.outcome).toBe("ignored");
    expect(await paymentStatus(delivery.id)).toBe("pending");
  });

  it("a valid signature over a body that is no event is a 400; anything but POST a 405", async () => {
    const body = "not json";
    expect((await webhook(body, await testModeHeader(body))).status).toBe(400);
    const shapeless = JSON.stringify({ hello: "world" });
    expect((await webhook(shapeless, await testModeHeader(shapeless))).status).toBe(400);
    expect((await api("/api/payments/webhook")).status).toBe(405);
  });
});

describe("the verifier against independent vectors", () => {
  it("test mode checks te, live mode checks li", async () => {
    const body = '{"data":{"id":"evt_1"}}';
    const t = nowSeconds();
    const te = await hmacHex("whsk_a", `${t}.${body}`);
    const li = await hmacHex("whsk_b", `${t}.${body}`);
    const header = `t=${t},te=${te},li=${li}`;
    expect(await verifyPaymongoSignature(header, body, { secret: "whsk_a", mode: "test" })).toEqual({ ok: true });
    expect(await verifyPaymongoSignature(header, body, { secret: "whsk_b", mode: "live" })).toEqual({ ok: true });
    expect(await verifyPaymongoSignature(header, body, { secret: "whsk_a", mode: "live" })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    // A PayMongo gateway with a live key verifies against li.
    const live = paymongoGateway({
      secretKey: "sk_live_x",
      webhookSecret: "whsk_b",
      fetcher: () => Promise.reject(new Error("no network")),
    });
    expect(live.mode).toBe("live");
    expect(await live.verifyWebhook(header, body)).toEqual({ ok: true });
    const test = paymongoGateway({
      secretKey: "sk_test_x",
      webhookSecret: "whsk_a",
      fetcher: () => Promise.reject(new Error("no network")),
    });
    expect(await test.verifyWebhook(header, body)).toEqual({ ok: true });
  });

  it("PayMongo adapter: a Checkout Session and a Refund as the API documents them", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const gateway = paymongoGateway({
      secretKey: "sk_test_abc",
      webhookSecret: "whsk",
      fetcher: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        const id = url.endsWith("/checkout_sessions") ? "cs_123" : "ref_456";
        return Response.json({
          data: { id, type: "x", attributes: { checkout_url: "https://checkout.paymongo.com/cs_123" } },
        });
      }) as unknown as typeof fetch,
    });
    const checkout = await gateway.createCheckout({
      paymentId: "pay_1",
      deliveryId: "d1",
      amount: 8600,
      method: "maya",
      description: "Hatid delivery",
      returnUrl: "https://hatid.example/tracking/d1",
    });
    expect(checkout).toEqual({ checkoutId: "cs_123", checkoutUrl: "https://checkout.paymongo.com/cs_123" });
    expect(calls[0]!.url).toBe("https://api.paymongo.com/v1/checkout_sessions");
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe(`Basic ${btoa("sk_test_abc:")}`);
    const sent = JSON.parse(String(calls[0]!.init.body));
    expect(sent.data.attributes).toMatchObject({
      line_items: [{ amount: 8600, currency: "PHP", quantity: 1, name: "Hatid delivery" }],
      payment_method_types: ["paymaya"],
      success_url: "https://hatid.example/tracking/d1",
      metadata: { hatid_payment_id: "pay_1", hatid_delivery_id: "d1" },
    });
    expect(
      await gateway.refund({
        paymentId: "pay_1",
        providerPaymentId: "pay_gw",
        amount: 6600,
        reason: "cancelled",
        idempotencyKey: "hatid-refund-pay_1",
      }),
    ).toEqual({ refundId: "ref_456" });
    expect(JSON.parse(String(calls[1]!.init.body)).data.attributes).toMatchObject({
      amount: 6600,
      payment_id: "pay_gw",
      reason: "requested_by_customer",
    });
    expect((calls[1]!.init.headers as Record<string, string>)["Idempotency-Key"]).toBe("hatid-refund-pay_1");
  });
});

describe("paid before offered: the 30-minute rule and refunds", () => {
  async function runCron(at: number) {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("cancels online bookings unpaid after 30 minutes, without a fee; leaves younger and paid ones", async () => {
    const old = await bookOnline();
    const young = await bookOnline();
    const paid = await bookOnline();
    const now = Date.now();
    await env.DB.prepare("UPDATE deliveries SET created_at = ? WHERE id IN (?, ?)")
      .bind(now - 31 * 60_000, old.delivery.id, paid.delivery.id)
      .run();
    await env.DB.prepare("UPDATE deliveries SET created_at = ? WHERE id = ?")
      .bind(now - 29 * 60_000, young.delivery.id)
      .run();
    const body = paidEventBody(paid.payment.id, paid.payment.checkoutId!, 13600);
    await webhook(body, await testModeHeader(body));

    await runCron(now);
    const status = async (id: string) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
    expect(await status(old.delivery.id)).toMatchObject({ status: "cancelled", cancellationFee: 0 });
    expect(await status(young.delivery.id)).toMatchObject({ status: "pending" });
    expect(await status(paid.delivery.id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    const seen = await api(`/api/deliveries/${old.delivery.id}`, { cookie: old.customer.cookie });
    expect(seen.json.status).toBe("cancelled");
    const event = await env.DB.prepare("SELECT note FROM delivery_events WHERE delivery_id = ?1 AND kind = 'cancelled'")
      .bind(old.delivery.id)
      .first<{ note: string }>();
    expect(storedText("en", event!.note)).toBe("Not paid within 30 minutes");
    expect(storedText("fil", event!.note)).toBe("Hindi nabayaran sa loob ng 30 minuto");
  });

  it("a payment arriving after the unpaid booking was cancelled is refunded in full", async () => {
    const late = await bookOnline();
    await env.DB.prepare("UPDATE deliveries SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 40 * 60_000, late.delivery.id)
      .run();
    await runCron(Date.now());
    const body = paidEventBody(late.payment.id, late.payment.checkoutId!, 13600);
    await webhook(body, await testModeHeader(body));
    const view = await api(`/api/deliveries/${late.delivery.id}`, { cookie: late.customer.cookie });
    expect(view.json.payment).toMatchObject({ status: "refunded", refundedAmount: 136 });
  });

  it("cancelling a paid booking once a rider holds it refunds the fare minus the ₱20 fee", async () => {
    const { customer, delivery, payment } = await bookOnline();
    const body = paidEventBody(payment.id, payment.checkoutId!, 13600);
    await webhook(body, await testModeHeader(body));
    const rider = await signedIn("rider");
    expect((await api(`/api/deliveries/${delivery.id}/accept`, { cookie: rider.cookie, method: "POST" })).status).toBe(
      200,
    );
    await env.DB.prepare("UPDATE deliveries SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 10 * 60_000, delivery.id)
      .run();
    const cancelled = await api(`/api/deliveries/${delivery.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.cancellationFee).toBe(20);
    expect(cancelled.json.payment).toMatchObject({ status: "partially_refunded", refundedAmount: 116 });
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: "partially_refunded", refundedAmount: 11600 });
    expect(row!.refundId).toMatch(/^ref_sandbox_/);
  });
});

describe("the sandbox checkout /dev/pay/{paymentId}", () => {
  const devContext = {
    cloudflare: { env: { ...env, ENVIRONMENT: "development" }, ctx: createExecutionContext() },
    cspNonce: "n",
  };
  const post = (paymentId: string, cookie: string, outcome: string) =>
    new Request(`http://localhost/dev/pay/${paymentId}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams({ outcome }).toString(),
    });

  it("is 404 outside development (page and form post)", async () => {
    const { customer, payment } = await bookOnline();
    expect((await api(`/dev/pay/${payment.id}`, { cookie: customer.cookie })).status).toBe(404);
    expect(
      (
        await api(`/dev/pay/${payment.id}`, {
          cookie: customer.cookie,
          method: "POST",
          rawBody: "outcome=paid",
          headers: { Host: "localhost" },
        })
      ).status,
    ).toBe(404);
    expect(await paymentStatus(payment.deliveryId)).toBe("pending");
  });

  it("in development: Pay sends a signed webhook through the production verifier and redirects to tracking", async () => {
    const { action, loader } = await import("~/routes/dev.pay.$paymentId/route");
    const { customer, delivery, payment } = await bookOnline();
    const page = await loader({
      request: new Request(`http://localhost/dev/pay/${payment.id}`, { headers: { Cookie: customer.cookie } }),
      params: { paymentId: payment.id },
      context: devContext,
    } as never);
    expect(page).toMatchObject({ amount: 13600, method: "gcash", status: "pending" });

    const other = await signedIn("user");
    await expect(
      action({
        request: post(payment.id, other.cookie, "paid"),
        params: { paymentId: payment.id },
        context: devContext,
      } as never),
    ).rejects.toMatchObject({ status: 404 });

    const failed = (await action({
      request: post(payment.id, customer.cookie, "failed"),
      params: { paymentId: payment.id },
      context: devContext,
    } as never)) as Response;
    expect(failed.status).toBe(302);
    expect(await paymentStatus(delivery.id)).toBe("failed");
    const paid = (await action({
      request: post(payment.id, customer.cookie, "paid"),
      params: { paymentId: payment.id },
      context: devContext,
    } as never)) as Response;
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/tracking/${delivery.id}`);
    expect(await paymentStatus(delivery.id)).toBe("paid");
    const { results } = await env.DB.prepare(
      "SELECT type FROM payment_events WHERE payment_id = ? ORDER BY received_at",
    )
      .bind(payment.id)
      .all<{ type: string }>();
    expect(results.map((r) => r.type)).toEqual(["payment.failed", "checkout_session.payment.paid"]);
  });
});
