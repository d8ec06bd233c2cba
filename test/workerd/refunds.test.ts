import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeDeliveryStatus } from "~/deliveries/rider-operations.server";
import { paymentGatewayFromEnv, type PaymentGateway, type RefundRequest } from "~/payments/gateway.server";
import { attemptRefund, LOST_REFUNDS_SQL, refundOnCancellation, retryDueRefunds } from "~/payments/refunds.server";
import worker from "../../workers/app";
import { api, signedIn } from "./helpers";
import { accept, ageBooking, book, bookUnpaid, holdUnpaid, ledgerOf, paidEvent, type Caller } from "./ledger-fixtures";

/** docs/guide/money.md#refunds (decision 0217). */

const failingEnv = () => ({ ...env, SANDBOX_REFUNDS_FAIL: "1" }) as Env;

async function runCron(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const refundRow = (deliveryId: string) =>
  env.DB.prepare("SELECT payment_id, amount, status, attempts, next_at, last_error FROM refunds WHERE delivery_id = ?1")
    .bind(deliveryId)
    .first<{
      payment_id: string;
      amount: number;
      status: string;
      attempts: number;
      next_at: number;
      last_error: string | null;
    }>();

/** A paid GCash booking cancelled by its customer (free: pending) while the gateway's refunds fail. */
async function cancelledWhileGatewayFails() {
  const customer = await signedIn("user");
  const booked = await book(customer, "gcash");
  const at = new Date();
  await changeDeliveryStatus({ env: failingEnv() }, customer.user, booked.id, "cancelled", at);
  return { customer, booked, at: at.getTime() };
}

/** A gateway that counts its refunds (and answers after a pause, so calls can overlap). */
function countingGateway() {
  const gateway = {
    calls: 0,
    provider: "sandbox",
    mode: "test",
    async createCheckout() {
      throw new Error("unused");
    },
    async refund() {
      gateway.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { refundId: `ref_count_${gateway.calls}` };
    },
    async verifyWebhook() {
      return { ok: false, reason: "missing" } as const;
    },
  };
  return gateway as typeof gateway & PaymentGateway;
}

describe("refunds never get lost", () => {
  it("a failing gateway at cancellation leaves refund_pending, which the cron completes when due", async () => {
    const { customer, booked, at } = await cancelledWhileGatewayFails();
    // The refund is recorded as owed with the cancellation; the gateway's failure is kept.
    expect(await refundRow(booked.id)).toMatchObject({
      amount: 13600,
      status: "pending",
      attempts: 1,
      next_at: at + 60_000,
    });
    expect((await refundRow(booked.id))!.last_error).toMatch(/failing/);
    const seen = await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie });
    expect(seen.json).toMatchObject({
      status: "cancelled",
      payment: { status: "paid", refundPending: 136, refundedAmount: 0 },
    });
    const page = await api(`/tracking/${booked.id}`, { cookie: customer.cookie });
    expect(page.text).toMatch(/data-testid="payment-status">Refund pending</);
    expect(page.text).toContain('data-testid="payment-refund-pending"');

    // Not due yet at 30 s: nothing happens. At 1 min the cron refunds it.
    await runCron(at + 30_000);
    expect(await refundRow(booked.id)).toMatchObject({ status: "pending", attempts: 1 });
    await runCron(at + 61_000);
    expect(await refundRow(booked.id)).toMatchObject({ status: "refunded", attempts: 2, last_error: null });
    const after = await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie });
    expect(after.json.payment).toMatchObject({ status: "refunded", refundedAmount: 136, refundPending: 0 });
    const refundedPage = (await api(`/tracking/${booked.id}`, { cookie: customer.cookie })).text;
    expect(refundedPage).toMatch(/data-testid="payment-status">Refunded</);
    expect(refundedPage).not.toContain('data-testid="payment-refund-pending"');
  });

  it("retries at 1 min, 5 min, 30 min, 2 h, then daily while the gateway keeps failing", async () => {
    const { booked, at } = await cancelledWhileGatewayFails();
    const failing = failingEnv();
    let now = at;
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const row = (await refundRow(booked.id))!;
      waits.push(row.next_at - now);
      now = row.next_at;
      await retryDueRefunds(failing, new Date(now));
    }
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 86_400_000]);
    expect(await refundRow(booked.id)).toMatchObject({ status: "pending", attempts: 6 });
  });

  it("cancelling twice never refunds twice, however many retries run at once", async () => {
    const { customer, booked, at } = await cancelledWhileGatewayFails();
    expect(
      (await api(`/api/deliveries/${booked.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }))
        .status,
    ).toBe(409);
    const gateway = countingGateway();
    const later = new Date(at + 10 * 60_000);
    const outcomes = await Promise.all([
      refundOnCancellation(env, booked.id, later, gateway),
      retryDueRefunds(env, later, gateway),
      attemptRefund(env, (await refundRow(booked.id))!.payment_id, later, { gateway, byAdmin: true }),
      refundOnCancellation(env, booked.id, later, gateway),
    ]);
    expect(gateway.calls).toBe(1);
    expect(outcomes.filter((o) => o && (Array.isArray(o) ? o.length > 0 : true))).toHaveLength(1);
    expect(await refundOnCancellation(env, booked.id, new Date(at + 3 * 86_400_000), gateway)).toBeNull();
    expect(gateway.calls).toBe(1);
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM delivery_events WHERE delivery_id = ?1 AND kind = 'refunded'",
    )
      .bind(booked.id)
      .first();
    expect(events).toEqual({ n: 1 });
    // The database holds one refund per payment.
    const row = (await refundRow(booked.id))!;
    await expect(
      env.DB.prepare(
        "INSERT INTO refunds (payment_id, delivery_id, amount, next_at, created_at) VALUES (?1, ?2, 1, 0, 0)",
      )
        .bind(row.payment_id, booked.id)
        .run(),
    ).rejects.toThrow(/UNIQUE|PRIMARY/);
  });

  it("a customer's paid cancellation with a fee: the refund less the fee is recorded with the cancellation, even if the gateway never answers", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const booked = await book(customer, "gcash");
    await accept(rider, booked.id);
    await ageBooking(booked.id);
    // The gateway call "dies" (fails) right after the cancellation's batch: nothing is lost.
    const changed = await changeDeliveryStatus({ env: failingEnv() }, customer.user, booked.id, "cancelled");
    expect(changed.delivery).toMatchObject({ status: "cancelled", cancellationFee: 2000, refundPending: 11600 });
    expect(await refundRow(booked.id)).toMatchObject({ amount: 11600, status: "pending" });
  });

  it("admins see the refunds queue and Retry it: 403 for others, 404 unknown, 409 once refunded", async () => {
    const { booked, at } = await cancelledWhileGatewayFails();
    const admin = await signedIn("admin");
    const paymentId = (await refundRow(booked.id))!.payment_id;
    const page = await api("/admin/cashouts", { cookie: admin.cookie });
    expect(page.text).toContain(`data-refund-payment-id="${paymentId}"`);
    const path = `/api/admin/refunds/${paymentId}/retry`;
    expect((await api(path, { cookie: (await signedIn("user")).cookie, method: "POST" })).status).toBe(403);
    expect((await api("/api/admin/refunds/pay_nope/retry", { cookie: admin.cookie, method: "POST" })).status).toBe(404);
    // The first attempt (at the cancellation) started under a minute ago: an attempt may be under way.
    if (Date.now() - at < 60_000) expect((await api(path, { cookie: admin.cookie, method: "POST" })).status).toBe(409);
    await env.DB.prepare("UPDATE refunds SET claimed_at = claimed_at - 120000 WHERE payment_id = ?1")
      .bind(paymentId)
      .run();
    expect(await api(path, { cookie: admin.cookie, method: "POST" })).toMatchObject({
      status: 200,
      json: { paymentId, status: "refunded", error: null },
    });
    expect((await api(path, { cookie: admin.cookie, method: "POST" })).status).toBe(409);
    expect((await api("/admin/cashouts", { cookie: admin.cookie })).text).not.toContain(
      `data-refund-payment-id="${paymentId}"`,
    );
  });
});

/** The refunds the sandbox gateway made for a payment (it keeps one per idempotency key). */
const gatewayRefunds = async (paymentId: string) =>
  (
    await env.DB.prepare("SELECT idempotency_key, amount, refund_id FROM sandbox_refunds WHERE payment_id = ?1")
      .bind(paymentId)
      .all<{ idempotency_key: string; amount: number; refund_id: string }>()
  ).results;

const refundRows = async (deliveryId: string) =>
  (
    await env.DB.prepare("SELECT payment_id, amount, status, provider_refund_id FROM refunds WHERE delivery_id = ?1")
      .bind(deliveryId)
      .all<{ payment_id: string; amount: number; status: string; provider_refund_id: string | null }>()
  ).results;

/** A trigger on the refunds table for one payment only (this file shares its database with others), dropped after. */
async function withRefundWrites<T>(paymentId: string, action: "ABORT" | "IGNORE", run: () => Promise<T>): Promise<T> {
  const name = `refunds_fail_${paymentId.replace(/\W/g, "")}`;
  const raise = action === "ABORT" ? "RAISE(ABORT, 'refund write failed')" : "RAISE(IGNORE)";
  await env.DB.prepare(
    `CREATE TRIGGER ${name} BEFORE INSERT ON refunds WHEN NEW.payment_id = '${paymentId}' BEGIN SELECT ${raise}; END`,
  ).run();
  try {
    return await run();
  } finally {
    await env.DB.prepare(`DROP TRIGGER ${name}`).run();
  }
}

/** An online booking cancelled by its customer before it was paid (free while pending). */
async function cancelledUnpaid() {
  const customer = await signedIn("user");
  const booked = await bookUnpaid(customer);
  const cancelled = await api(`/api/deliveries/${booked.id}/status`, {
    cookie: customer.cookie,
    body: { status: "cancelled" },
  });
  expect(cancelled.json).toMatchObject({ status: "cancelled", cancellationFee: 0, payment: { status: "pending" } });
  return { customer, booked };
}

describe("a payment arriving after its booking was cancelled (decision 0217)", () => {
  it("its refund is written with its event: when that write fails nothing is recorded, and the gateway's retry applies both", async () => {
    const { customer, booked } = await cancelledUnpaid();
    const event = await paidEvent(booked.id);
    const failed = await withRefundWrites(event.payment.id, "ABORT", event.send);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // Nothing half done: not paid, the event not remembered, so the gateway's retry is not a "duplicate".
    expect((await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie })).json.payment.status).toBe(
      "pending",
    );
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE payment_id = ?1")
        .bind(event.payment.id)
        .first(),
    ).toEqual({ n: 0 });
    const retried = await event.send();
    expect(retried.json).toEqual({ received: true, outcome: "applied" });
    expect(await refundRows(booked.id)).toEqual([
      {
        payment_id: event.payment.id,
        amount: event.payment.amount,
        status: "refunded",
        provider_refund_id: expect.stringMatching(/^ref_sandbox_/),
      },
    ]);
    expect((await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie })).json.payment).toMatchObject({
      status: "refunded",
      refundedAmount: booked.amountDue,
      refundPending: 0,
    });
    expect(await gatewayRefunds(event.payment.id)).toHaveLength(1);
  });

  it("a refund lost between a late payment's event and its refund is repaired by the next cron run, exactly once", async () => {
    const { customer, booked } = await cancelledUnpaid();
    const admin = await signedIn("admin");
    const event = await paidEvent(booked.id);
    // The refund's write is lost while the event's batch commits: what a crash between the two left.
    const applied = await withRefundWrites(event.payment.id, "IGNORE", event.send);
    expect(applied.json).toEqual({ received: true, outcome: "applied" });
    expect(await refundRows(booked.id)).toEqual([]);
    expect((await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie })).json).toMatchObject({
      status: "cancelled",
      payment: { status: "paid", refundedAmount: 0 },
    });
    // What nobody could repair before: the gateway's retry is a duplicate, and there is no refund to Retry.
    expect((await event.send()).json.outcome).toBe("duplicate");
    expect(
      (await api(`/api/admin/refunds/${event.payment.id}/retry`, { cookie: admin.cookie, method: "POST" })).status,
    ).toBe(404);

    const at = Date.now();
    await runCron(at);
    await runCron(at + 60_000);
    expect(await refundRows(booked.id)).toEqual([
      {
        payment_id: event.payment.id,
        amount: event.payment.amount,
        status: "refunded",
        provider_refund_id: expect.stringMatching(/^ref_sandbox_/),
      },
    ]);
    const made = await gatewayRefunds(event.payment.id);
    expect(made).toEqual([
      {
        idempotency_key: expect.any(String),
        amount: event.payment.amount,
        refund_id: (await refundRows(booked.id))[0]!.provider_refund_id,
      },
    ]);
    expect((await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie })).json.payment).toMatchObject({
      status: "refunded",
      refundedAmount: booked.amountDue,
    });
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM delivery_events WHERE delivery_id = ?1 AND kind = 'refunded'",
    )
      .bind(booked.id)
      .first();
    expect(told).toEqual({ n: 1 });
  });

  it("the cron's sweep walks the partial index of cancelled, paid bookings, and searches the rest by key", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${LOST_REFUNDS_SQL}`)
      .bind(50)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(plan).toContain("SCAN d USING INDEX deliveries_cancelled_paid_idx");
    expect(plan.join("\n")).toMatch(/SEARCH o USING INDEX owed_fees_collected_by_idx \(collected_by=\?\)/);
    expect(plan.filter((line) => /^SCAN/.test(line))).toEqual(["SCAN d USING INDEX deliveries_cancelled_paid_idx"]);
    // Already in cancellation order: no sort.
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
  });

  it("a payment racing its booking's cancellation: one refund of what is owed, one at the gateway, whichever lands first", {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < 4; round++) {
      const customer = await signedIn("user");
      const booked = await bookUnpaid(customer);
      const event = await paidEvent(booked.id);
      const [cancelled, paid] = await Promise.all([
        api(`/api/deliveries/${booked.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }),
        event.send(),
      ]);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(paid.json.outcome).toBe("applied");
      expect(await refundRows(booked.id)).toEqual([
        {
          payment_id: event.payment.id,
          amount: event.payment.amount,
          status: "refunded",
          provider_refund_id: expect.any(String),
        },
      ]);
      expect(await gatewayRefunds(event.payment.id)).toHaveLength(1);
    }
  });

  it("a payment racing the cancellation of a booking a rider held unpaid: the ₱20 fee is charged once, booked once, and the rest refunded", {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < 4; round++) {
      const customer = await signedIn("user");
      const rider = await signedIn("rider");
      const booked = await bookUnpaid(customer);
      await holdUnpaid(booked.id, rider);
      await ageBooking(booked.id);
      const event = await paidEvent(booked.id);
      const [cancelled, paid] = await Promise.all([
        api(`/api/deliveries/${booked.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }),
        event.send(),
      ]);
      expect(cancelled.json, cancelled.text).toMatchObject({ status: "cancelled", cancellationFee: 20 });
      expect(paid.json.outcome).toBe("applied");
      expect(await refundRows(booked.id)).toEqual([
        {
          payment_id: event.payment.id,
          amount: event.payment.amount - 2000,
          status: "refunded",
          provider_refund_id: expect.any(String),
        },
      ]);
      expect(await gatewayRefunds(event.payment.id)).toHaveLength(1);
      // Nothing left owed for it, and the rider's 85% once (taken from the payment, or the owed fee it paid).
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM owed_fees WHERE delivery_id = ?1 AND status = 'owed'")
          .bind(booked.id)
          .first(),
      ).toEqual({ n: 0 });
      expect((await ledgerOf(rider as Caller)).entries.map((e) => [e.kind, e.amount, e.deliveryId])).toEqual([
        ["share", 17, booked.id],
      ]);
    }
  });
});

describe("refunds carry an idempotency key (decision 0217)", () => {
  it("the same key for every attempt at a refund: a crash after the gateway refunded, before our write, refunds once at the gateway", async () => {
    const { booked, at } = await cancelledWhileGatewayFails();
    const paymentId = (await refundRow(booked.id))!.payment_id;
    const sandbox = (await paymentGatewayFromEnv(env))!;
    const sent: RefundRequest[] = [];
    // The gateway refunds, then this worker dies before recording it (the call "throws" after the gateway's answer).
    const crashing: PaymentGateway = {
      ...sandbox,
      async refund(request) {
        sent.push(request);
        await sandbox.refund(request);
        throw new Error("the worker died after the gateway answered");
      },
    };
    expect(await attemptRefund(env, paymentId, new Date(at + 61_000), { gateway: crashing })).toBeNull();
    expect(await refundRow(booked.id)).toMatchObject({ status: "pending" });
    expect(await gatewayRefunds(paymentId)).toHaveLength(1);
    // The cron's retry, with the real gateway: the same key, so the refund the gateway already made.
    const recording: PaymentGateway = {
      ...sandbox,
      refund: (request) => (sent.push(request), sandbox.refund(request)),
    };
    expect(await retryDueRefunds(env, new Date(at + 10 * 60_000), recording)).toEqual([paymentId]);
    expect(sent.map((request) => request.idempotencyKey)).toEqual([sent[0]!.idempotencyKey, sent[0]!.idempotencyKey]);
    expect(sent[0]!.idempotencyKey).toContain(paymentId);
    const made = await gatewayRefunds(paymentId);
    expect(made).toHaveLength(1);
    expect(
      await env.DB.prepare("SELECT status, provider_refund_id FROM refunds WHERE payment_id = ?1")
        .bind(paymentId)
        .first(),
    ).toEqual({ status: "refunded", provider_refund_id: made[0]!.refund_id });
  });

  it("the sandbox honours it: the same key answers the same refund, a different refund under it is refused", async () => {
    const sandbox = (await paymentGatewayFromEnv(env))!;
    const paymentId = `pay_${crypto.randomUUID().replaceAll("-", "")}`;
    const request = {
      paymentId,
      providerPaymentId: null,
      amount: 5000,
      reason: "test",
      idempotencyKey: `key-${paymentId}`,
    };
    const first = await sandbox.refund(request);
    expect(await sandbox.refund(request)).toEqual(first);
    await expect(sandbox.refund({ ...request, amount: 4000 })).rejects.toThrow(/idempotency key/);
    expect(await sandbox.refund({ ...request, idempotencyKey: `other-${paymentId}` })).not.toEqual(first);
    expect(await gatewayRefunds(paymentId)).toHaveLength(2);
  });
});
