import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { manilaMonth } from "~/i18n/manila";
import { ageBooking, accept, book, deliver, ledgerOf } from "./ledger-fixtures";
import { api, signedIn } from "./helpers";

const round85 = (pesos: number) => Math.round(pesos * 85) / 100;

describe("the riders' ledger: entries written with the change", () => {
  it("a cash delivery of fare F moves the balance by round(85% F) − ₱1 − F; an online one by round(85% F) − ₱1", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const cash = await book(customer, "cash");
    await deliver(rider, cash.id);
    const afterCash = await ledgerOf(rider);
    const F = cash.totalFee;
    expect(afterCash.balance).toBeCloseTo(round85(F) - 1 - F, 2);
    expect(afterCash.entries.map((e) => [e.kind, e.amount, e.deliveryId])).toEqual(
      expect.arrayContaining([
        ["share", round85(F), cash.id],
        ["insurance", -1, cash.id],
        ["cash_collected", -F, cash.id],
      ]),
    );
    expect(afterCash.entries).toHaveLength(3);

    const online = await book(customer, "gcash");
    await deliver(rider, online.id);
    const afterOnline = await ledgerOf(rider);
    expect(afterOnline.balance).toBeCloseTo(round85(F) - 1 - F + round85(online.totalFee) - 1, 2);
    expect(
      afterOnline.entries
        .filter((e) => e.deliveryId === online.id)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(["insurance", "share"]);
  });

  // Rule changed by decision 0217 (docs/guide/money.md#owed-fees): a
  // cash fee is owed by the customer and enters the rider's share only when a later booking collects it.
  it("a cash cancellation fee enters the rider's share when the customer's next booking collects it; a free one enters nothing", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const charged = await book(customer);
    await accept(rider, charged.id);
    await ageBooking(charged.id);
    const cancelled = await api(`/api/deliveries/${charged.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.json.cancellationFee).toBe(20);
    expect((await ledgerOf(rider)).entries).toEqual([]);
    // The next booking collects it (and the free cancellation of it gives it back, owed again).
    const free = await book(customer);
    expect(free.owedFee).toBe(20);
    await accept(rider, free.id);
    expect(
      (await api(`/api/deliveries/${free.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } })).json
        .cancellationFee,
    ).toBe(0);
    expect((await ledgerOf(rider)).entries).toEqual([]);
    const next = await book(customer);
    expect(next.owedFee).toBe(20);
    await deliver(rider, next.id);
    const ledger = await ledgerOf(rider);
    expect(ledger.entries.filter((e) => e.deliveryId === charged.id)).toEqual([
      { kind: "share", amount: 17, deliveryId: charged.id, at: expect.any(String), note: "Cancellation fee" },
    ]);
    expect(ledger.entries.find((e) => e.kind === "cash_collected")!.amount).toBe(-(next.totalFee + 20));
    expect(ledger.balance).toBeCloseTo(
      ledger.entries.reduce((sum, e) => sum + e.amount, 0),
      2,
    );
  });

  it("an admin's cash cancellation with a fee is owed, not credited; a refused change enters nothing", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const admin = await signedIn("admin");
    const delivery = await book(customer);
    await accept(rider, delivery.id);
    expect(
      (
        await api(`/api/admin/deliveries/${delivery.id}/cancel`, {
          cookie: admin.cookie,
          body: { reason: "Customer unreachable", fee: 50 },
        })
      ).status,
    ).toBe(200);
    // Delivering a cancelled delivery is refused and writes nothing.
    expect(
      (await api(`/api/deliveries/${delivery.id}/status`, { cookie: rider.cookie, body: { status: "delivered" } }))
        .status,
    ).toBe(409);
    expect((await ledgerOf(rider)).entries).toEqual([]);
    const owed = await env.DB.prepare("SELECT amount, status, rider_id FROM owed_fees WHERE delivery_id = ?1")
      .bind(delivery.id)
      .first();
    expect(owed).toEqual({ amount: 5000, status: "owed", rider_id: rider.user.id });
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE delivery_id = ?1")
      .bind(delivery.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });

  it("lists a month's entries newest first; month defaults to this Manila month; a bad month is a 400 naming it", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const first = await book(customer, "gcash");
    await deliver(rider, first.id);
    const second = await book(customer, "gcash");
    await deliver(rider, second.id);
    const ledger = await ledgerOf(rider);
    const month = new Date(manilaMonth(Date.now()).start + 8 * 3600_000).toISOString().slice(0, 7);
    expect(ledger.month).toBe(month);
    expect(ledger.entries[0]!.deliveryId).toBe(second.id);
    expect(ledger.entries.at(-1)!.deliveryId).toBe(first.id);
    expect((await ledgerOf(rider, "2020-01")).entries).toEqual([]);
    expect((await ledgerOf(rider, "2020-01")).balance).toBe(ledger.balance);
    for (const bad of ["2026-13", "26-01", "2026-1", "abc", "2026-01-01"]) {
      const answer = await api(`/api/rider/ledger?month=${bad}`, { cookie: rider.cookie });
      expect(answer.status).toBe(400);
      expect(answer.json.errors.month).toBeDefined();
    }
  });
});
