import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { manilaDate } from "~/i18n/manila";
import { cancelUnpaidBookings } from "~/payments/payments.server";
import { bookingBody, insertDelivery, historyFor } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";
import {
  accept,
  ageBooking,
  book,
  bookUnpaid,
  deliver,
  holdUnpaid,
  ledgerOf,
  payOnline,
  type Caller,
} from "./ledger-fixtures";

/** docs/guide/money.md#owed-fees (decision 0217). */

type DayTotals = {
  revenue: number;
  rider_share: number;
  operations_share: number;
  member_benefits_share: number;
  cancellation_fees: number;
};
async function dayTotals(): Promise<DayTotals> {
  const row = await env.DB.prepare(
    "SELECT revenue, rider_share, operations_share, member_benefits_share, cancellation_fees FROM daily_totals WHERE day = ?1",
  )
    .bind(manilaDate(Date.now()))
    .first<DayTotals>();
  return row ?? { revenue: 0, rider_share: 0, operations_share: 0, member_benefits_share: 0, cancellation_fees: 0 };
}

const owedRow = (deliveryId: string) =>
  env.DB.prepare(
    "SELECT id, amount, status, rider_id, collected_by, waive_reason FROM owed_fees WHERE delivery_id = ?1",
  )
    .bind(deliveryId)
    .first<{
      id: string;
      amount: number;
      status: string;
      rider_id: string;
      collected_by: string | null;
      waive_reason: string | null;
    }>();

/** A cash booking the customer cancels (as the customer) for ₱20 while `rider` holds it. */
async function cashCancellation(customer: Caller, rider: Caller) {
  const booked = await book(customer);
  await accept(rider, booked.id);
  await ageBooking(booked.id);
  // The dialog's quote says the fee goes onto the next booking.
  expect((await api(`/api/deliveries/${booked.id}/cancellation`, { cookie: customer.cookie })).json).toMatchObject({
    fee: 20,
    owed: 20,
  });
  const cancelled = await api(`/api/deliveries/${booked.id}/status`, {
    cookie: customer.cookie,
    body: { status: "cancelled" },
  });
  expect(cancelled.json.cancellationFee).toBe(20);
  return booked.id;
}

const quote = async (customer: Caller) =>
  (
    await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { pickupCity: "Makati, Metro Manila", dropoffCity: "Quezon City, Metro Manila", packageSize: "small" },
    })
  ).json;

const balanceIsSum = async (rider: Caller) => {
  const ledger = await ledgerOf(rider);
  expect(ledger.balance).toBeCloseTo(
    ledger.entries.reduce((sum, e) => sum + e.amount, 0),
    2,
  );
  return ledger;
};

describe("fees owed are collected before they are paid out", () => {
  it("a cash cancellation with a fee credits the rider only when the next booking collects it (delivered)", async () => {
    const customer = await signedIn("user");
    const riderA = await signedIn("rider");
    const riderB = await signedIn("rider");
    const before = await dayTotals();
    const cancelledId = await cashCancellation(customer, riderA);
    // Nothing collected yet: no share, nothing in the day's totals, a fee owed.
    expect((await ledgerOf(riderA)).entries).toEqual([]);
    expect(await dayTotals()).toEqual(before);
    expect((await api("/api/earnings/rider/stats", { cookie: riderA.cookie })).json.todayEarnings).toBe(0);
    expect(await owedRow(cancelledId)).toMatchObject({
      amount: 2000,
      status: "owed",
      rider_id: riderA.user.id,
      collected_by: null,
    });

    // The booking estimate shows it as its own line and in the total; the customer may still book.
    const estimate = await quote(customer);
    expect(estimate.owedFee).toBe(20);
    expect(estimate.total).toBeCloseTo(estimate.fare + 20, 2);
    const next = await book(customer);
    expect(next).toMatchObject({ owedFee: 20, amountDue: next.totalFee + 20 });
    expect(await owedRow(cancelledId)).toMatchObject({ status: "owed", collected_by: next.id });
    expect((await quote(customer)).owedFee).toBe(0);
    // The tracking page (the receipt) shows the line.
    const page = await api(`/tracking/${next.id}`, { cookie: customer.cookie });
    expect(page.text).toMatch(/Unpaid cancellation fee<\/dt><dd data-testid="payment-owed-fee">₱20\.00</);

    await deliver(riderB, next.id);
    const ledgerA = await balanceIsSum(riderA);
    expect((await api("/api/earnings/rider/stats", { cookie: riderA.cookie })).json.todayEarnings).toBe(17);
    expect(ledgerA.entries).toEqual([
      { kind: "share", amount: 17, deliveryId: cancelledId, at: expect.any(String), note: "Cancellation fee" },
    ]);
    const ledgerB = await balanceIsSum(riderB);
    expect(ledgerB.entries.find((e) => e.kind === "cash_collected")!.amount).toBeCloseTo(-(next.totalFee + 20), 2);
    expect(await owedRow(cancelledId)).toMatchObject({ status: "collected", collected_by: next.id });
    const after = await dayTotals();
    expect(after.cancellation_fees - before.cancellation_fees).toBe(2000);
    expect([
      after.rider_share - before.rider_share - Math.round(next.totalFee * 85),
      after.operations_share - before.operations_share,
    ]).toEqual([1700, 200 + Math.round(next.totalFee * 10)]);
    const source = await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE source_id = ?1")
      .bind(`share:cancel:${cancelledId}`)
      .first<{ n: number }>();
    expect(source!.n).toBe(1);
  });

  it("an online booking collects an owed fee when it is paid, with the fare", async () => {
    const customer = await signedIn("user");
    const riderA = await signedIn("rider");
    const cancelledId = await cashCancellation(customer, riderA);
    const next = await book(customer, "gcash"); // paid by the fixture's webhook
    expect(next.amountDue).toBeCloseTo(next.totalFee + 20, 2);
    const payment = await env.DB.prepare("SELECT amount FROM payments WHERE delivery_id = ?1")
      .bind(next.id)
      .first<{ amount: number }>();
    expect(payment!.amount).toBe(Math.round(next.totalFee * 100) + 2000);
    expect(await owedRow(cancelledId)).toMatchObject({ status: "collected", collected_by: next.id });
    expect((await balanceIsSum(riderA)).entries.map((e) => [e.kind, e.amount])).toEqual([["share", 17]]);
  });

  it("an online paid cancellation takes the fee from the refund, counted at the cancellation; nothing is owed", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const booked = await book(customer, "gcash");
    await accept(rider, booked.id);
    await ageBooking(booked.id);
    expect((await api(`/api/deliveries/${booked.id}/cancellation`, { cookie: customer.cookie })).json).toMatchObject({
      fee: 20,
      owed: 0,
    });
    const cancelled = await api(`/api/deliveries/${booked.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.json).toMatchObject({
      cancellationFee: 20,
      payment: { status: "partially_refunded", refundedAmount: booked.amountDue - 20, refundPending: 0 },
    });
    expect(await owedRow(booked.id)).toBeNull();
    expect((await balanceIsSum(rider)).entries.map((e) => [e.kind, e.amount])).toEqual([["share", 17]]);
  });

  it("a refund smaller than the fee: the payment covers what it can, the remainder is owed", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const admin = await signedIn("admin");
    const paymentId = `pay_${crypto.randomUUID().replaceAll("-", "")}`;
    const delivery = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("assigned", rider.user.id),
      paymentMethod: "gcash",
      paymentStatus: "paid",
      promoCode: "TEST",
      promoDiscount: 12600,
      amountDue: 1000,
    });
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO payments (id, delivery_id, method, status, provider, amount, created_at, paid_at) VALUES (?1, ?2, 'gcash', 'paid', 'sandbox', 1000, ?3, ?3)`,
      ).bind(paymentId, delivery.id, Date.now()),
      env.DB.prepare(`UPDATE deliveries SET payment_id = ?1 WHERE id = ?2`).bind(paymentId, delivery.id),
    ]);
    const cancelled = await api(`/api/admin/deliveries/${delivery.id}/cancel`, {
      cookie: admin.cookie,
      body: { reason: "Rider waited", fee: 50 },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    // ₱10 paid covers ₱10 of the fee (counted now, nothing refunded); ₱40 is owed.
    expect(await owedRow(delivery.id)).toMatchObject({ amount: 4000, status: "owed" });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE delivery_id = ?1").bind(delivery.id).first(),
    ).toEqual({ n: 0 });
    expect((await balanceIsSum(rider)).entries.map((e) => [e.kind, e.amount])).toEqual([["share", 8.5]]);
    expect((await quote(customer)).owedFee).toBe(40);
  });

  it("if the collecting booking is cancelled first, the fee is owed again", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const cancelledId = await cashCancellation(customer, rider);
    const next = await book(customer);
    expect(await owedRow(cancelledId)).toMatchObject({ collected_by: next.id });
    expect(
      (await api(`/api/deliveries/${next.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }))
        .status,
    ).toBe(200);
    expect(await owedRow(cancelledId)).toMatchObject({ status: "owed", collected_by: null });
    expect((await ledgerOf(rider)).entries).toEqual([]);
    expect((await quote(customer)).owedFee).toBe(20);
  });

  it("an admin waives an owed fee with a reason: nobody is credited and the next booking carries none", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const admin = await signedIn("admin");
    const cancelledId = await cashCancellation(customer, rider);
    const owed = (await owedRow(cancelledId))!;
    const path = `/api/admin/owed-fees/${owed.id}/waive`;
    expect((await api(path, { cookie: customer.cookie, body: { reason: "x" } })).status).toBe(403);
    expect((await api(path, { cookie: admin.cookie, body: {} })).status).toBe(400);
    expect((await api(`/api/admin/owed-fees/nope/waive`, { cookie: admin.cookie, body: { reason: "x" } })).status).toBe(
      404,
    );
    // The admin page lists it.
    expect((await api("/admin/cashouts", { cookie: admin.cookie })).text).toContain(`data-owed-fee-id="${owed.id}"`);
    const waived = await api(path, { cookie: admin.cookie, body: { reason: "Rider was late" } });
    expect(waived).toMatchObject({ status: 200, json: { id: owed.id, status: "waived", reason: "Rider was late" } });
    expect((await api(path, { cookie: admin.cookie, body: { reason: "again" } })).status).toBe(409);
    expect(await owedRow(cancelledId)).toMatchObject({ status: "waived", waive_reason: "Rider was late" });
    const next = await book(customer);
    expect(next.owedFee).toBe(0);
    await deliver(rider, next.id);
    expect((await balanceIsSum(rider)).entries.filter((e) => e.deliveryId === cancelledId)).toEqual([]);
  });

  it("simultaneous bookings never both charge one owed fee", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const cancelledId = await cashCancellation(customer, rider);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api("/api/deliveries", { cookie: customer.cookie, body: bookingBody({ paymentMethod: "cash" }) }),
      ),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const booked = answers.filter((a) => a.status === 201).map((a) => a.json);
    expect(booked.reduce((sum, d) => sum + d.owedFee, 0)).toBe(20);
    const carrier = booked.find((d) => d.owedFee === 20)!;
    expect(await owedRow(cancelledId)).toMatchObject({ status: "owed", collected_by: carrier.id });
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json.message).toBe(
        "Your unpaid cancellation fee changed while you were booking. Please check the total and book again.",
      );
    }
  });

  it("an online booking left unpaid and cancelled by the 30-minute rule gives its owed fee back", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const cancelledId = await cashCancellation(customer, rider);
    const unpaid = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ paymentMethod: "gcash" }),
    });
    expect(unpaid.json.owedFee).toBe(20);
    await env.DB.prepare("UPDATE deliveries SET created_at = ?1 WHERE id = ?2")
      .bind(Date.now() - 31 * 60_000, unpaid.json.id)
      .run();
    expect(await cancelUnpaidBookings(env)).toContain(unpaid.json.id);
    expect(await owedRow(cancelledId)).toMatchObject({ status: "owed", collected_by: null });
    expect((await quote(customer)).owedFee).toBe(20);
  });

  it("an unpaid online booking cancelled with a fee and paid afterwards: the payment covers the fee once, and it is booked", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const booked = await bookUnpaid(customer);
    await holdUnpaid(booked.id, rider);
    await ageBooking(booked.id);
    const cancelled = await api(`/api/deliveries/${booked.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.json).toMatchObject({ cancellationFee: 20, payment: { status: "pending" } });
    // Nothing was paid: the fee is owed, nobody is credited.
    expect(await owedRow(booked.id)).toMatchObject({ amount: 2000, status: "owed", collected_by: null });
    expect((await ledgerOf(rider)).entries).toEqual([]);
    const before = await dayTotals();

    // The payment arrives after the cancellation: it pays the fee, and the rest is refunded.
    await payOnline(booked.id);
    const after = await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie });
    expect(after.json.payment).toMatchObject({
      status: "partially_refunded",
      refundedAmount: booked.amountDue - 20,
      refundPending: 0,
    });
    expect(await owedRow(booked.id)).toMatchObject({ status: "collected", collected_by: booked.id });
    // Charged once: the next booking carries no fee.
    expect((await quote(customer)).owedFee).toBe(0);
    expect((await book(customer)).owedFee).toBe(0);
    // The ₱20 kept is booked: the rider's 85%, and the day's revenue split 85/10/5.
    expect((await balanceIsSum(rider)).entries).toEqual([
      { kind: "share", amount: 17, deliveryId: booked.id, at: expect.any(String), note: "Cancellation fee" },
    ]);
    const totals = await dayTotals();
    expect({
      revenue: totals.revenue - before.revenue,
      rider: totals.rider_share - before.rider_share,
      operations: totals.operations_share - before.operations_share,
      benefits: totals.member_benefits_share - before.member_benefits_share,
      fees: totals.cancellation_fees - before.cancellation_fees,
    }).toEqual({ revenue: 2000, rider: 1700, operations: 200, benefits: 100, fees: 2000 });
    // Paid = refunded + kept.
    const refund = await env.DB.prepare("SELECT amount, status FROM refunds WHERE delivery_id = ?1")
      .bind(booked.id)
      .first();
    expect(refund).toEqual({ amount: Math.round(booked.amountDue * 100) - 2000, status: "refunded" });
  });

  it("paid after the cancellation when another booking already carries the fee: all of it is refunded, the fee is charged by that booking only", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const booked = await bookUnpaid(customer);
    await holdUnpaid(booked.id, rider);
    await ageBooking(booked.id);
    expect(
      (await api(`/api/deliveries/${booked.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }))
        .json.cancellationFee,
    ).toBe(20);
    const next = await book(customer);
    expect(next.owedFee).toBe(20);
    await payOnline(booked.id);
    expect((await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie })).json.payment).toMatchObject({
      status: "refunded",
      refundedAmount: booked.amountDue,
    });
    expect(await owedRow(booked.id)).toMatchObject({ status: "owed", collected_by: next.id });
    expect((await ledgerOf(rider)).entries).toEqual([]);
  });

  it("an unpaid online booking a rider held is credited nothing when delivered, and once when its payment arrives", async () => {
    const customer = await signedIn("user");
    const riderA = await signedIn("rider");
    const riderB = await signedIn("rider");
    // An owed fee the unpaid booking carries.
    const cancelledId = await cashCancellation(customer, riderA);
    const booked = await bookUnpaid(customer);
    expect(booked.owedFee).toBe(20);
    await holdUnpaid(booked.id, riderB);
    const before = await dayTotals();
    for (const status of ["picked_up", "delivered"]) {
      expect(
        (await api(`/api/deliveries/${booked.id}/status`, { cookie: riderB.cookie, body: { status } })).status,
      ).toBe(200);
    }
    // Delivered, but nothing arrived: no share, no insurance, no fee collected, nothing in the day's totals.
    expect((await ledgerOf(riderB)).entries).toEqual([]);
    expect((await ledgerOf(riderA)).entries).toEqual([]);
    expect(await owedRow(cancelledId)).toMatchObject({ status: "owed", collected_by: booked.id });
    expect(await dayTotals()).toEqual(before);

    await payOnline(booked.id);
    await payOnline(booked.id); // a second "paid" event for the same payment changes nothing
    const share = Math.round(booked.totalFee * 85);
    expect((await balanceIsSum(riderB)).entries.map((e) => [e.kind, e.amount]).sort()).toEqual(
      [
        ["insurance", -1],
        ["share", share / 100],
      ].sort(),
    );
    expect((await balanceIsSum(riderA)).entries.map((e) => [e.kind, e.amount])).toEqual([["share", 17]]);
    expect(await owedRow(cancelledId)).toMatchObject({ status: "collected", collected_by: booked.id });
    const totals = await dayTotals();
    expect(totals.revenue - before.revenue).toBe(Math.round(booked.amountDue * 100));
    expect(
      totals.rider_share +
        totals.operations_share +
        totals.member_benefits_share -
        (before.rider_share + before.operations_share + before.member_benefits_share),
    ).toBe(Math.round(booked.amountDue * 100));
  });
});
