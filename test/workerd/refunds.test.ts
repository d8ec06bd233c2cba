import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeDeliveryStatus } from "~/deliveries/rider-operations.server";
import type { PaymentGateway } from "~/payments/gateway.server";
import { attemptRefund, refundOnCancellation, retryDueRefunds } from "~/payments/refunds.server";
import worker from "../../workers/app";
import { api, signedIn } from "./helpers";
import { accept, ageBooking, book } from "./ledger-fixtures";

/** PRODUCT.md "Refunds never get lost" (issue 27, decision 0182). */

const failingEnv = () => ({ ...env, SANDBOX_REFUNDS_FAIL: "1" }) as Env;

async function runCron(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const refundRow = (deliveryId: string) =>
  env.DB.prepare("SELECT payment_id, amount, status, attempts, next_at, last_error FROM refunds WHERE delivery_id = ?1").bind(deliveryId).first<{
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
    expect(await refundRow(booked.id)).toMatchObject({ amount: 13600, status: "pending", attempts: 1, next_at: at + 60_000 });
    expect((await refundRow(booked.id))!.last_error).toMatch(/failing/);
    const seen = await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie });
    expect(seen.json).toMatchObject({ status: "cancelled", payment: { status: "paid", refundPending: 136, refundedAmount: 0 } });
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
    expect((await api(`/api/deliveries/${booked.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } })).status).toBe(409);
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
    const events = await env.DB.prepare("SELECT count(*) AS n FROM delivery_events WHERE delivery_id = ?1 AND kind = 'refunded'").bind(booked.id).first();
    expect(events).toEqual({ n: 1 });
    // The database holds one refund per payment.
    const row = (await refundRow(booked.id))!;
    await expect(
      env.DB.prepare("INSERT INTO refunds (payment_id, delivery_id, amount, next_at, created_at) VALUES (?1, ?2, 1, 0, 0)").bind(row.payment_id, booked.id).run(),
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
    await env.DB.prepare("UPDATE refunds SET claimed_at = claimed_at - 120000 WHERE payment_id = ?1").bind(paymentId).run();
    expect(await api(path, { cookie: admin.cookie, method: "POST" })).toMatchObject({ status: 200, json: { paymentId, status: "refunded", error: null } });
    expect((await api(path, { cookie: admin.cookie, method: "POST" })).status).toBe(409);
    expect((await api("/admin/cashouts", { cookie: admin.cookie })).text).not.toContain(`data-refund-payment-id="${paymentId}"`);
  });
});
