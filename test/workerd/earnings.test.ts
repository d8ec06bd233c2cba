import { describe, expect, it } from "vitest";
import { riderEarnings } from "~/ledger/earnings.server";
import { splitFee } from "~/money/fee-split";
import { bookingBody, historyFor, insertDelivery } from "./delivery-fixtures";
import { api, createUser, db, signedIn } from "./helpers";

const utc = (iso: string) => new Date(iso);

async function deliveredBy(riderId: string, customerId: string, deliveredAt: Date, totalFee = 13600) {
  return insertDelivery({
    customerId,
    riderId,
    status: "delivered",
    totalFee,
    createdAt: new Date(deliveredAt.getTime() - 45 * 60_000),
    assignedAt: new Date(deliveredAt.getTime() - 40 * 60_000),
    pickedUpAt: new Date(deliveredAt.getTime() - 30 * 60_000),
    deliveredAt,
  });
}

describe("rider earnings by Manila calendar day and week", () => {
  it("counts a delivery at 23:30 Manila on that day, and one at 00:10 on the next day, though both share a UTC date", async () => {
    const rider = await createUser("rider");
    const customer = await createUser("user");
    // Tuesday 10 March 2026, 23:30 Manila = 15:30 UTC; Wednesday 11 March, 00:10 Manila = 16:10 UTC on the 10th.
    await deliveredBy(rider.id, customer.id, utc("2026-03-10T15:30:00Z"), 10000);
    await deliveredBy(rider.id, customer.id, utc("2026-03-10T16:10:00Z"), 20000);

    const tuesdayNight = await riderEarnings(db(), rider.id, utc("2026-03-10T15:45:00Z")); // 23:45 Tuesday in Manila
    expect(tuesdayNight).toMatchObject({ today: 8500, completedToday: 1 });

    const wednesdayMorning = await riderEarnings(db(), rider.id, utc("2026-03-11T00:00:00Z")); // 08:00 Wednesday in Manila
    expect(wednesdayMorning).toMatchObject({ today: 17000, completedToday: 1, week: 25500, completedThisWeek: 2 });

    // A UTC calendar would put both on the 10th; Manila's Wednesday holds only the 00:10 one, to its last second.
    const wednesdayEvening = await riderEarnings(db(), rider.id, utc("2026-03-11T15:59:59Z")); // 23:59:59 Wednesday in Manila
    expect(wednesdayEvening).toMatchObject({ today: 17000, completedToday: 1 });
  });

  it("runs the week from Monday 00:00 Manila: Sunday 23:30 belongs to the week before", async () => {
    const rider = await createUser("rider");
    const customer = await createUser("user");
    // Sunday 8 March 2026 23:30 Manila = 15:30 UTC Sunday; Monday 9 March 00:10 Manila = 16:10 UTC, still Sunday in UTC.
    await deliveredBy(rider.id, customer.id, utc("2026-03-08T15:30:00Z"), 10000);
    await deliveredBy(rider.id, customer.id, utc("2026-03-08T16:10:00Z"), 20000);
    const friday = await riderEarnings(db(), rider.id, utc("2026-03-13T04:00:00Z")); // Friday noon in Manila
    expect(friday).toMatchObject({ week: 17000, completedThisWeek: 1, today: 0, completedToday: 0 });
    const sunday = await riderEarnings(db(), rider.id, utc("2026-03-08T15:45:00Z")); // Sunday 23:45 in Manila
    expect(sunday).toMatchObject({ week: 8500, today: 8500 });
  });

  it("equals the sum of each delivery's 85% share to the centavo, not 85% of the sum", async () => {
    const rider = await createUser("rider");
    const customer = await createUser("user");
    const fees = [13333, 4050, 10001];
    for (const [i, fee] of fees.entries())
      await deliveredBy(rider.id, customer.id, utc(`2026-04-07T0${i + 1}:00:00Z`), fee);
    const shares = fees.map((fee) => splitFee(fee).rider);
    expect(shares).toEqual([11333, 3443, 8501]);
    const earnings = await riderEarnings(db(), rider.id, utc("2026-04-07T10:00:00Z"));
    expect(earnings.today).toBe(23277);
    expect(Math.round(fees.reduce((a, b) => a + b, 0) * 0.85)).toBe(23276); // the figure a lazy sum would give
  });

  it("leaves out other riders' deliveries and deliveries not delivered", async () => {
    const rider = await createUser("rider");
    const other = await createUser("rider");
    const customer = await createUser("user");
    const at = utc("2026-05-05T03:00:00Z");
    await deliveredBy(rider.id, customer.id, at, 10000);
    await deliveredBy(other.id, customer.id, at, 50000);
    await insertDelivery({ customerId: customer.id, ...historyFor("in_transit", rider.id, at.getTime()) });
    expect(await riderEarnings(db(), rider.id, at)).toEqual({
      today: 8500,
      week: 8500,
      weekCoopShare: 1500,
      completedToday: 1,
      completedThisWeek: 1,
    });
  });
});

describe("GET /api/earnings/rider/stats", () => {
  it("answers today's and this week's 85% shares in pesos after a real delivery", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ packageSize: "medium" }),
    });
    expect(booked.status).toBe(201);
    const fee = Math.round(booked.json.totalFee * 100);
    for (const step of ["accept", "picked_up", "in_transit", "delivered"]) {
      const res =
        step === "accept"
          ? await api(`/api/deliveries/${booked.json.id}/accept`, { method: "POST", cookie: rider.cookie })
          : await api(`/api/deliveries/${booked.json.id}/status`, { cookie: rider.cookie, body: { status: step } });
      expect(res.status).toBe(200);
    }
    // A delivery from last month does not count.
    await deliveredBy(rider.user.id, customer.user.id, new Date(Date.now() - 40 * 24 * 60 * 60_000), 99900);

    const stats = await api("/api/earnings/rider/stats", { cookie: rider.cookie });
    expect(stats.status).toBe(200);
    const share = splitFee(fee).rider / 100;
    // Membership counts every delivery ever delivered: this one and last month's.
    expect(stats.json).toEqual({
      todayEarnings: share,
      weekEarnings: share,
      completedToday: 1,
      completedThisWeek: 1,
      rating: null,
      ratingCount: 0,
      acceptanceRate: 100,
      completionRate: 100,
      onTimeRate: 100,
      online: true,
      membership: { status: "rider", delivered: 2, needed: 100, memberSince: null },
    });
    expect(fee).toBe(15600); // 11.6 km medium: ₱156.00, so the share is ₱132.60
    expect(share).toBe(132.6);
  });
});
