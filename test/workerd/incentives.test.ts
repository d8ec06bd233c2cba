import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/i18n/i18n.server";
import { decodeMessage } from "~/i18n/message";
import { awardsFor, closePeriod, type RiderTally } from "~/ledger/incentives.server";
import worker from "../../workers/app";
import { insertDelivery } from "./delivery-fixtures";
import { adminOnlyCallers, api, createUser, signedIn } from "./helpers";
import { ledgerOf } from "./ledger-fixtures";

const tally = (riderId: string, delivered: number, rating: number | null = null, lastDeliveredAt = 0): RiderTally => ({
  riderId,
  delivered,
  rating,
  lastDeliveredAt,
});
const amounts = (awards: ReturnType<typeof awardsFor>) => awards.map((a) => [a.riderId, a.kind, a.amount]);

describe("incentive rules (docs/guide/money.md#incentives)", () => {
  it("per day: nothing at 14, ₱100 at 15 and 19, ₱200 at 20; ₱50 more at rating 4.8 only on a day that earned one", () => {
    const day = awardsFor("day", "2026-11-20", [
      tally("r14", 14, 5),
      tally("r15", 15, 4.7),
      tally("r19", 19, 4.8),
      tally("r20", 20, 4.9),
    ]);
    expect(amounts(day)).toEqual([
      ["r15", "tier", 10000],
      ["r19", "tier", 10000],
      ["r19", "rating", 5000],
      ["r20", "tier", 20000],
      ["r20", "rating", 5000],
    ]);
  });

  it("per week: nothing at 39, ₱500 at 40 and 59, ₱1,000 at 60, and ₱2,000 to each of the top 10", () => {
    const week = awardsFor("week", "week", [tally("r39", 39), tally("r40", 40), tally("r59", 59), tally("r60", 60)]);
    expect(amounts(week.filter((a) => a.kind === "tier"))).toEqual([
      ["r40", "tier", 50000],
      ["r59", "tier", 50000],
      ["r60", "tier", 100000],
    ]);
    expect(week.filter((a) => a.kind === "top").map((a) => a.riderId)).toEqual(["r60", "r59", "r40", "r39"]);
  });

  it("top 10 ties: more deliveries, then higher rating, then the earlier last delivery", () => {
    const riders = [
      ...Array.from({ length: 8 }, (_, i) => tally(`lead${i}`, 30 + i, 4)),
      tally("tie-low-rating", 10, 4.1, 1000),
      tally("tie-no-rating", 10, null, 500),
      tally("tie-late", 10, 4.9, 3000),
      tally("tie-early", 10, 4.9, 2000),
    ];
    const top = awardsFor("week", "2026-11-16", riders).filter((a) => a.kind === "top");
    expect(top).toHaveLength(10);
    expect(top.slice(8).map((a) => a.riderId)).toEqual(["tie-early", "tie-late"]);
    // The note is a message by id, put into words where it is read.
    const last = decodeMessage(top.at(-1)!.note)!;
    expect(translateMessage("en", last)).toBe("Weekly top 10 for the week of 2026-11-16: #10 with 10 deliveries");
    expect(translateMessage("fil", last)).toBe("Weekly top 10 para sa linggo ng 2026-11-16: #10, may 10 delivery");
  });
});

/** `count` delivered deliveries of one rider inside the Manila day of `dayIso` (at 10:00 and on, a minute apart). */
async function deliveredOn(riderId: string, customerId: string, dayIso: string, count: number) {
  const start = Date.parse(`${dayIso}T10:00:00+08:00`);
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * 60_000);
    await insertDelivery({
      customerId,
      riderId,
      status: "delivered",
      createdAt: new Date(at.getTime() - 3600_000),
      assignedAt: at,
      pickedUpAt: at,
      deliveredAt: at,
    });
  }
}

async function rate(riderId: string, customerId: string, dayIso: string, stars: number) {
  const at = Date.parse(`${dayIso}T09:00:00+08:00`);
  const rated = await insertDelivery({
    customerId,
    riderId,
    status: "delivered",
    createdAt: new Date(at - 3600_000),
    deliveredAt: new Date(at - 86_400_000 * 3),
  });
  await env.DB.prepare(
    "INSERT INTO delivery_ratings (delivery_id, customer_id, rider_id, stars, rated_at) VALUES (?1, ?2, ?3, ?4, ?5)",
  )
    .bind(rated.id, customerId, riderId, stars, at)
    .run();
}

describe("closing a period", () => {
  it("POST /api/admin/payroll/close awards a past day once; closing it again awards nothing more and answers the same awards", async () => {
    const admin = await signedIn("admin");
    const customer = await createUser("user");
    const star = await createUser("rider");
    const steady = await createUser("rider");
    const day = "2025-02-11";
    await deliveredOn(star.id, customer.id, day, 20);
    await deliveredOn(steady.id, customer.id, day, 14);
    await rate(star.id, customer.id, day, 5);

    const first = await api("/api/admin/payroll/close", { cookie: admin.cookie, body: { period: "day", date: day } });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ period: "day", startDate: day, endDate: day, closedNow: true });
    expect(first.json.awards.map((a: { riderId: string; amount: number }) => [a.riderId, a.amount])).toEqual(
      expect.arrayContaining([
        [star.id, 200],
        [star.id, 50],
      ]),
    );
    expect(first.json.awards.filter((a: { riderId: string }) => a.riderId === steady.id)).toEqual([]);

    const again = await api("/api/admin/payroll/close", { cookie: admin.cookie, body: { period: "day", date: day } });
    expect(again.json).toMatchObject({ closedNow: false, closedAt: first.json.closedAt });
    expect(again.json.awards).toEqual(first.json.awards);
    const { results } = await env.DB.prepare(
      "SELECT sum(amount) AS total, count(*) AS n FROM ledger_entries WHERE rider_id = ?1 AND kind = 'incentive'",
    )
      .bind(star.id)
      .all<{ total: number; n: number }>();
    expect(results[0]).toEqual({ total: 25000, n: 2 });
    // The answer's notes are in the admin's language.
    expect(
      first.json.awards
        .filter((a: { riderId: string }) => a.riderId === star.id)
        .map((a: { note: string }) => a.note)
        .sort(),
    ).toEqual(["Daily incentive for 2025-02-11: 20 deliveries", "Daily rating bonus for 2025-02-11: rated 5.0"]);
    const inFilipino = await api("/api/admin/payroll/close", {
      cookie: admin.cookie,
      body: { period: "day", date: day },
      headers: { "Accept-Language": "fil" },
    });
    expect(
      inFilipino.json.awards
        .filter((a: { riderId: string }) => a.riderId === star.id)
        .map((a: { note: string }) => a.note)
        .sort(),
    ).toEqual([
      "Daily incentive para sa 2025-02-11: 20 delivery",
      "Daily rating bonus para sa 2025-02-11: 5.0 ang rating",
    ]);
  });

  it("the rider's ledger shows an incentive's note in the rider's language; a note written before notes had ids reads as written", async () => {
    const customer = await createUser("user");
    const rider = await signedIn("rider");
    const day = "2025-04-15";
    await deliveredOn(rider.user.id, customer.id, day, 15);
    await closePeriod(env.DB, { period: "day", date: day, closedBy: null });
    await env.DB.prepare(
      "INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note) VALUES (?1, 'incentive', 100, 'old-note', ?2, 'Daily incentive 2025-04-01: 15 deliveries')",
    )
      .bind(rider.user.id, Date.parse("2025-04-01T23:59:00+08:00"))
      .run();
    const notes = (entries: { kind: string; note: string | null }[]) =>
      entries.filter((e) => e.kind === "incentive").map((e) => e.note);
    expect(notes((await ledgerOf(rider, "2025-04")).entries)).toEqual([
      "Daily incentive for 2025-04-15: 15 deliveries",
      "Daily incentive 2025-04-01: 15 deliveries",
    ]);
    const inFilipino = await api("/api/rider/ledger?month=2025-04", {
      cookie: rider.cookie,
      headers: { "Accept-Language": "fil" },
    });
    expect(notes(inFilipino.json.entries)).toEqual([
      "Daily incentive para sa 2025-04-15: 15 delivery",
      "Daily incentive 2025-04-01: 15 deliveries",
    ]);
    // The rider's own language setting wins over the browser's.
    await env.DB.prepare("UPDATE users SET language = 'fil' WHERE id = ?1").bind(rider.user.id).run();
    expect(notes((await ledgerOf(rider, "2025-04")).entries)[0]).toBe(
      "Daily incentive para sa 2025-04-15: 15 delivery",
    );
  });

  it("two closes at the same moment award once", async () => {
    const customer = await createUser("user");
    const rider = await createUser("rider");
    const day = "2025-03-04";
    await deliveredOn(rider.id, customer.id, day, 15);
    const both = await Promise.all([
      closePeriod(env.DB, { period: "day", date: day, closedBy: null }),
      closePeriod(env.DB, { period: "day", date: day, closedBy: null }),
    ]);
    expect(both.filter((r) => r.closedNow)).toHaveLength(1);
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM ledger_entries WHERE rider_id = ?1 AND kind = 'incentive'",
    )
      .bind(rider.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
  });

  it("a week closes by any of its dates (Monday to Sunday Manila); today and this week are still open (409); bad bodies are 400", async () => {
    const admin = await signedIn("admin");
    const customer = await createUser("user");
    const rider = await createUser("rider");
    // Monday 2025-05-05 .. Sunday 2025-05-11: 40 deliveries over two days of it.
    await deliveredOn(rider.id, customer.id, "2025-05-05", 20);
    await deliveredOn(rider.id, customer.id, "2025-05-11", 20);
    const week = await api("/api/admin/payroll/close", {
      cookie: admin.cookie,
      body: { period: "week", date: "2025-05-08" },
    });
    expect(week.json).toMatchObject({ startDate: "2025-05-05", endDate: "2025-05-11", closedNow: true });
    const mine = week.json.awards
      .filter((a: { riderId: string }) => a.riderId === rider.id)
      .map((a: { amount: number }) => a.amount);
    expect(mine.sort()).toEqual([2000, 500]);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const period of ["day", "week"]) {
      const open = await api("/api/admin/payroll/close", { cookie: admin.cookie, body: { period, date: today } });
      expect(open.status).toBe(409);
      expect(open.json.message).toMatch(/still open/);
    }
    for (const body of [
      { period: "month", date: "2025-05-05" },
      { period: "day", date: "2025-02-30" },
      { period: "day" },
      { date: "2025-05-05" },
    ]) {
      expect((await api("/api/admin/payroll/close", { cookie: admin.cookie, body })).status).toBe(400);
    }
  });

  it("the cron closes yesterday once Manila is past 00:05, and not before", async () => {
    const customer = await createUser("user");
    const rider = await createUser("rider");
    await deliveredOn(rider.id, customer.id, "2025-07-01", 15);
    const run = async (iso: string) => {
      const ctx = createExecutionContext();
      await worker.scheduled!(
        createScheduledController({ scheduledTime: Date.parse(iso), cron: "* * * * *" }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    };
    const awarded = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE rider_id = ?1 AND kind = 'incentive'")
        .bind(rider.id)
        .first<{ n: number }>())!.n;
    await run("2025-07-02T00:03:00+08:00");
    expect(await awarded()).toBe(0);
    await run("2025-07-02T00:06:00+08:00");
    expect(await awarded()).toBe(1);
    await run("2025-07-02T00:07:00+08:00");
    expect(await awarded()).toBe(1);
  });

  it("permission matrix: 401 anonymous, 403 customers and riders", async () => {
    const callers = await adminOnlyCallers();
    for (const [who, cookie, expected] of callers) {
      expect(
        (await api("/api/admin/payroll/close", { cookie, body: { period: "day", date: "2024-01-01" } })).status,
        who,
      ).toBe(expected);
    }
  });
});
