import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import { adminStats, adminStatsQueries } from "~/admin/stats.server";
import { deliveries, type DeliveryStatus, type User } from "~/db/schema";
import { totalsForInsertedDeliveryStatement } from "~/deliveries/daily-totals.server";
import { api, createUser, db, signedIn } from "./helpers";

/**
 * Admin stats and live deliveries. Storage is isolated per test file, so every test starts from
 * no deliveries and an empty ledger and knows every row. Expected figures are computed here with
 * plain loops over the fixture list, never by the code under test.
 */

interface Fixture {
  id: string;
  status: DeliveryStatus;
  riderId: string | null;
  /** Centavos. */
  fee: number;
  createdAt: number;
  deliveredAt?: number;
  pickupAddress?: string;
}

/** Manila wall-clock time (UTC+8) as UTC ms, written out without the code under test. */
const manila = (local: string) => Date.parse(`${local}+08:00`);

let customer: User;

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM deliveries"), env.DB.prepare("DELETE FROM daily_totals")]);
  customer ??= await createUser("user");
});

/** Inserts with drizzle; a delivered row also books its fee in daily_totals, in the same batch, first. */
async function insert(fixtures: Fixture[]) {
  for (const f of fixtures) {
    const { sql, params } = db()
      .insert(deliveries)
      .values({
        id: f.id,
        customerId: customer.id,
        riderId: f.riderId,
        status: f.status,
        pickupAddress: f.pickupAddress ?? `${f.id} Pickup St`,
        pickupCity: "Makati, Metro Manila",
        pickupPhone: "09171234567",
        dropoffAddress: `${f.id} Dropoff Ave`,
        dropoffCity: "Quezon City, Metro Manila",
        dropoffPhone: "09181234567",
        packageType: "documents",
        packageSize: "small",
        packageDescription: "Papers",
        baseFare: 4000,
        distanceFee: f.fee - 4000,
        sizeFee: 0,
        totalFee: f.fee,
        distance: "11.6",
        estimatedDuration: "24 mins",
        createdAt: new Date(f.createdAt),
        assignedAt: f.riderId ? new Date(f.createdAt + 60_000) : null,
        pickedUpAt: ["picked_up", "in_transit", "delivered"].includes(f.status)
          ? new Date(f.createdAt + 120_000)
          : null,
        deliveredAt: f.deliveredAt ? new Date(f.deliveredAt) : null,
        cancelledAt: f.status === "cancelled" ? new Date(f.createdAt + 60_000) : null,
      })
      .toSQL();
    const statements = [env.DB.prepare(sql).bind(...params)];
    if (f.deliveredAt)
      statements.unshift(
        totalsForInsertedDeliveryStatement(env.DB, { deliveryId: f.id, totalFee: f.fee, deliveredAt: f.deliveredAt }),
      );
    await env.DB.batch(statements);
  }
}

const pesos = (centavos: number) => Math.round(centavos) / 100;

/** The expected answer, by plain loops: ranges are [start, end) in UTC ms. */
function expectedStats(
  fixtures: Fixture[],
  riders: Map<string, User>,
  today: { start: number; end: number },
  month: { start: number; end: number },
) {
  const riderCut = (fee: number) => Math.round((fee * 85) / 100);
  const opsCut = (fee: number) => Math.round((fee * 10) / 100);
  let booked = 0;
  let todayRevenue = 0;
  let todayRider = 0;
  let monthRevenue = 0;
  let monthRider = 0;
  let fund = 0;
  let monthIntake = 0;
  const perRider = new Map<string, { n: number; earnings: number }>();
  for (const f of fixtures) {
    if (f.createdAt >= today.start && f.createdAt < today.end) booked += 1;
    if (f.status !== "delivered" || f.deliveredAt === undefined) continue;
    // The Member Benefits Fund takes the 5% and the ₱1 insurance of every delivery (decision 0183).
    fund += f.fee - riderCut(f.fee) - opsCut(f.fee) + 100;
    if (f.deliveredAt >= month.start && f.deliveredAt < month.end) {
      monthIntake += f.fee - riderCut(f.fee) - opsCut(f.fee) + 100;
      monthRevenue += f.fee;
      monthRider += riderCut(f.fee);
    }
    if (f.deliveredAt >= today.start && f.deliveredAt < today.end) {
      todayRevenue += f.fee;
      todayRider += riderCut(f.fee);
      if (f.riderId) {
        const r = perRider.get(f.riderId) ?? { n: 0, earnings: 0 };
        r.n += 1;
        r.earnings += riderCut(f.fee);
        perRider.set(f.riderId, r);
      }
    }
  }
  const top = [...perRider.entries()]
    .sort(([idA, a], [idB, b]) => b.n - a.n || b.earnings - a.earnings || (idA < idB ? -1 : 1))
    .slice(0, 5)
    .map(([id, r]) => ({
      rider: { id, firstName: riders.get(id)!.firstName, lastName: riders.get(id)!.lastName },
      deliveryCount: r.n,
      earnings: pesos(r.earnings),
      rating: null,
      ratingCount: 0,
    }));
  return {
    todayDeliveries: booked,
    todayRevenue: pesos(todayRevenue),
    todayRiderShare: pesos(todayRider),
    todayCoopShare: pesos(todayRevenue - todayRider),
    monthRevenue: pesos(monthRevenue),
    monthRiderShare: pesos(monthRider),
    monthCoopShare: pesos(monthRevenue - monthRider),
    // No ID discounts, promos, peak surcharges or fees in these fixtures: revenue is the fares.
    today: lines(fixtures, today),
    month: lines(fixtures, month),
    memberBenefitsFund: pesos(fund),
    monthFundIntake: pesos(monthIntake),
    topRiders: top,
  };
}

/** A period's lines for fixtures without discounts, peak surcharges or fees. */
function lines(fixtures: Fixture[], period: { start: number; end: number }) {
  let revenue = 0;
  let rider = 0;
  let operations = 0;
  for (const f of fixtures) {
    if (
      f.status !== "delivered" ||
      f.deliveredAt === undefined ||
      f.deliveredAt < period.start ||
      f.deliveredAt >= period.end
    )
      continue;
    revenue += f.fee;
    rider += Math.round((f.fee * 85) / 100);
    operations += Math.round((f.fee * 10) / 100);
  }
  return {
    grossFares: pesos(revenue),
    idDiscounts: 0,
    promoCost: 0,
    peakBonuses: 0,
    cancellationFees: 0,
    revenue: pesos(revenue),
    riderShare: pesos(rider),
    operations: pesos(operations),
    memberBenefits: pesos(revenue - rider - operations),
  };
}

/** The money and booking figures: online riders and delivery metrics have their own tests (rider-figures.test.ts). */
const moneyFigures = ({
  activeRiders: _a,
  metrics: _m,
  onlineRiders: _o,
  ...rest
}: Awaited<ReturnType<typeof adminStats>>) => rest;

/** Fees that exercise rounding: x.5 centavo rider shares and odd amounts. */
let seed = 11;
const nextFee = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return 4000 + (seed % 150_000);
};

async function makeRiders(n: number) {
  const riders = new Map<string, User>();
  for (let i = 0; i < n; i++) {
    const rider = await createUser("rider", { firstName: `Rider${i}`, lastName: `Number${i}` });
    riders.set(rider.id, rider);
  }
  return [...riders.values()];
}

describe("adminStats around Manila midnight", () => {
  it("counts 00:10 as today and 23:30 as yesterday, every figure to the centavo", async () => {
    const riders = await makeRiders(8);
    const ridersById = new Map(riders.map((r) => [r.id, r]));
    const now = manila("2035-03-15T00:20:00");
    const fixtures: Fixture[] = [
      // Yesterday 23:30 (same month): in the month, not today.
      {
        id: "late-yesterday",
        status: "delivered",
        riderId: riders[0]!.id,
        fee: 13610,
        createdAt: manila("2035-03-14T22:50:00"),
        deliveredAt: manila("2035-03-14T23:30:00"),
      },
      // Booked yesterday 23:30, delivered today 00:10.
      {
        id: "early-today",
        status: "delivered",
        riderId: riders[0]!.id,
        fee: 15610,
        createdAt: manila("2035-03-14T23:30:00"),
        deliveredAt: manila("2035-03-15T00:10:00"),
      },
      // Booked at 00:10 today: pending, cancelled.
      { id: "booked-0010", status: "pending", riderId: null, fee: 5000, createdAt: manila("2035-03-15T00:10:00") },
      { id: "cancelled-0005", status: "cancelled", riderId: null, fee: 4000, createdAt: manila("2035-03-15T00:05:00") },
      // Exactly midnight belongs to today; one millisecond before does not.
      { id: "booked-midnight", status: "pending", riderId: null, fee: 4000, createdAt: manila("2035-03-15T00:00:00") },
      {
        id: "booked-before-midnight",
        status: "pending",
        riderId: null,
        fee: 4000,
        createdAt: manila("2035-03-15T00:00:00") - 1,
      },
      // Riders holding active deliveries booked days ago.
      {
        id: "assigned-old",
        status: "assigned",
        riderId: riders[6]!.id,
        fee: 8000,
        createdAt: manila("2035-03-13T10:00:00"),
      },
      {
        id: "transit",
        status: "in_transit",
        riderId: riders[7]!.id,
        fee: 8000,
        createdAt: manila("2035-03-14T23:40:00"),
      },
      {
        id: "picked",
        status: "picked_up",
        riderId: riders[0]!.id,
        fee: 8000,
        createdAt: manila("2035-03-14T23:45:00"),
      },
      // Last month: only in the fund.
      {
        id: "february",
        status: "delivered",
        riderId: riders[5]!.id,
        fee: 20010,
        createdAt: manila("2035-02-28T23:00:00"),
        deliveredAt: manila("2035-02-28T23:59:00"),
      },
    ];
    // Six riders deliver today: counts 4,3,3,2,1,1 so that the limit of 5 and the tie-break on earnings matter.
    const counts = [4, 3, 3, 2, 1, 1];
    counts.forEach((n, r) => {
      for (let i = 0; i < n; i++) {
        const deliveredAt = manila("2035-03-15T00:00:00") + (r * 3 + i + 1) * 60_000; // 00:01 .. 00:16, booked the day before
        fixtures.push({
          id: `today-${r}-${i}`,
          status: "delivered",
          riderId: riders[r]!.id,
          fee: nextFee(),
          createdAt: deliveredAt - 30 * 60_000,
          deliveredAt,
        });
      }
    });
    fixtures.push({
      id: "odd-85",
      status: "delivered",
      riderId: riders[3]!.id,
      fee: 10010,
      createdAt: manila("2035-03-15T00:00:30"),
      deliveredAt: manila("2035-03-15T00:15:00"),
    });
    await insert(fixtures);

    const stats = await adminStats(env.DB, now);
    expect(stats.activeRiders).toBe(0); // none went online
    const expected = expectedStats(
      fixtures,
      ridersById,
      { start: manila("2035-03-15T00:00:00"), end: manila("2035-03-16T00:00:00") },
      { start: manila("2035-03-01T00:00:00"), end: manila("2035-04-01T00:00:00") },
    );
    expect(moneyFigures(stats)).toEqual(expected);
    // Sanity of the fixture itself: the boundaries are what this test is about.
    expect(stats.todayDeliveries).toBe(4); // 00:00:00, 00:00:30, 00:05 and 00:10, not 23:59:59.999
    expect(stats.topRiders).toHaveLength(5);
    expect(stats.topRiders[0]!.rider.id).toBe(riders[0]!.id);
    // Rider + coop = revenue, to the centavo.
    expect(Math.round(stats.todayRiderShare * 100) + Math.round(stats.todayCoopShare * 100)).toBe(
      Math.round(stats.todayRevenue * 100),
    );
    expect(Math.round(stats.monthRiderShare * 100) + Math.round(stats.monthCoopShare * 100)).toBe(
      Math.round(stats.monthRevenue * 100),
    );

    // Ten minutes earlier (23:50 the day before), the same rows fall on the other side of midnight.
    const before = await adminStats(env.DB, manila("2035-03-14T23:50:00"));
    expect(moneyFigures(before)).toEqual(
      expectedStats(
        fixtures,
        ridersById,
        { start: manila("2035-03-14T00:00:00"), end: manila("2035-03-15T00:00:00") },
        { start: manila("2035-03-01T00:00:00"), end: manila("2035-04-01T00:00:00") },
      ),
    );
    expect(before.todayRevenue).toBe(136.1);
    expect(before.topRiders).toEqual([
      {
        rider: { id: riders[0]!.id, firstName: "Rider0", lastName: "Number0" },
        deliveryCount: 1,
        earnings: 115.69,
        rating: null,
        ratingCount: 0,
      },
    ]);
  });
});

describe("adminStats at a month boundary", () => {
  it("puts 23:59 on the last day in the old month and 00:01 on the first in the new one", async () => {
    const riders = await makeRiders(2);
    const ridersById = new Map(riders.map((r) => [r.id, r]));
    const fixtures: Fixture[] = [
      {
        id: "march-31-2359",
        status: "delivered",
        riderId: riders[0]!.id,
        fee: 12345,
        createdAt: manila("2035-03-31T23:20:00"),
        deliveredAt: manila("2035-03-31T23:59:00"),
      },
      {
        id: "april-1-0001",
        status: "delivered",
        riderId: riders[1]!.id,
        fee: 10010,
        createdAt: manila("2035-03-31T23:40:00"),
        deliveredAt: manila("2035-04-01T00:01:00"),
      },
      {
        id: "march-15",
        status: "delivered",
        riderId: riders[1]!.id,
        fee: 9999,
        createdAt: manila("2035-03-15T12:00:00"),
        deliveredAt: manila("2035-03-15T12:30:00"),
      },
      { id: "april-booked", status: "pending", riderId: null, fee: 4000, createdAt: manila("2035-04-01T00:01:00") },
    ];
    await insert(fixtures);

    const march = { start: manila("2035-03-01T00:00:00"), end: manila("2035-04-01T00:00:00") };
    const april = { start: manila("2035-04-01T00:00:00"), end: manila("2035-05-01T00:00:00") };
    const lastMinuteOfMarch = await adminStats(env.DB, manila("2035-03-31T23:59:30"));
    expect(moneyFigures(lastMinuteOfMarch)).toEqual(
      expectedStats(fixtures, ridersById, { start: manila("2035-03-31T00:00:00"), end: march.end }, march),
    );
    const firstMinutesOfApril = await adminStats(env.DB, manila("2035-04-01T00:30:00"));
    expect(moneyFigures(firstMinutesOfApril)).toEqual(
      expectedStats(fixtures, ridersById, { start: april.start, end: manila("2035-04-02T00:00:00") }, april),
    );

    // Written out, for a reader: 12,345 + 9,999 centavos in March (rider 10,493 + 8,499); 10,010 in April; two booked on March 31.
    expect(lastMinuteOfMarch).toMatchObject({ todayRevenue: 123.45, monthRiderShare: 189.92, todayDeliveries: 2 });
    expect(firstMinutesOfApril).toMatchObject({
      todayRevenue: 100.1,
      todayRiderShare: 85.09,
      todayCoopShare: 15.01,
      monthRiderShare: 85.09,
      monthCoopShare: 15.01,
      todayDeliveries: 1,
    });
    // The fund is all time: the same at both instants.
    expect(firstMinutesOfApril.memberBenefitsFund).toBe(lastMinuteOfMarch.memberBenefitsFund);
  });

  it("answers zeros and no top riders for an empty day", async () => {
    const stats = await adminStats(env.DB, manila("2036-01-01T12:00:00"));
    expect(stats).toEqual({
      todayDeliveries: 0,
      activeRiders: 0,
      todayRevenue: 0,
      todayRiderShare: 0,
      todayCoopShare: 0,
      monthRevenue: 0,
      monthRiderShare: 0,
      monthCoopShare: 0,
      today: {
        grossFares: 0,
        idDiscounts: 0,
        promoCost: 0,
        peakBonuses: 0,
        cancellationFees: 0,
        revenue: 0,
        riderShare: 0,
        operations: 0,
        memberBenefits: 0,
      },
      month: {
        grossFares: 0,
        idDiscounts: 0,
        promoCost: 0,
        peakBonuses: 0,
        cancellationFees: 0,
        revenue: 0,
        riderShare: 0,
        operations: 0,
        memberBenefits: 0,
      },
      memberBenefitsFund: 0,
      monthFundIntake: 0,
      topRiders: [],
      metrics: { averageDeliveryMinutes: null, successRate: null, satisfaction: null, ratingCount: 0 },
      onlineRiders: [],
    });
  });
});

describe("the stats queries use indexes, not a scan of every delivery", () => {
  it("EXPLAIN QUERY PLAN shows index searches for every deliveries query and no full scan", async () => {
    const queries = adminStatsQueries(manila("2035-03-15T12:00:00"));
    const plans: Record<string, string[]> = {};
    for (const [name, { sql, params }] of Object.entries(queries)) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      plans[name] = results.map((r) => r.detail);
    }
    const all = Object.values(plans).flat();
    expect(all.filter((d) => /^SCAN deliveries\b/.test(d) || /^SCAN d\b/.test(d))).toEqual([]);
    expect(plans.bookedToday).toEqual([
      expect.stringMatching(
        /SEARCH deliveries USING COVERING INDEX deliveries_created_at_idx \(created_at>\? AND created_at<\?\)/,
      ),
    ]);
    for (const name of ["deliveredToday", "deliveredThisMonth"]) {
      expect(plans[name]).toEqual([
        expect.stringMatching(
          /SEARCH deliveries USING COVERING INDEX deliveries_delivered_fee_idx \(delivered_at>\? AND delivered_at<\?\)/,
        ),
      ]);
    }
    expect(plans.onlineRiders!.join("\n")).toMatch(
      /SEARCH users USING INDEX users_rider_online_seen_idx \(rider_online=\?\)/,
    );
    expect(plans.metricsDelivered!.join("\n")).toMatch(
      /SEARCH deliveries USING INDEX deliveries_delivered_(at|fee)_idx \(delivered_at>\? AND delivered_at<\?\)/,
    );
    expect(plans.metricsCancelled!.join("\n")).toMatch(
      /SEARCH deliveries USING COVERING INDEX deliveries_cancelled_at_idx \(cancelled_at>\? AND cancelled_at<\?\)/,
    );
    expect(plans.metricsRatings!.join("\n")).toMatch(
      /SEARCH delivery_ratings USING INDEX delivery_ratings_rated_at_idx \(rated_at>\? AND rated_at<\?\)/,
    );
    expect(plans.topRiders!.join("\n")).toMatch(/SEARCH deliveries USING COVERING INDEX deliveries_delivered_fee_idx/);
    // The fund reads the ledger: one row per Manila day; this month's intake a range of those days.
    expect(plans.fundBalance!.join("\n")).toMatch(/SCAN daily_totals/);
    // Less the claims paid (ledger entries of one kind, on their index) and the payouts (a row per passed payout proposal).
    expect(plans.fundBalance!.join("\n")).toMatch(
      /SEARCH ledger_entries USING COVERING INDEX ledger_entries_kind_at_idx \(kind=\?\)/,
    );
    expect(plans.fundBalance!.join("\n")).toMatch(/SCAN fund_payouts/);
    expect(plans.fundIntakeThisMonth!.join("\n")).toMatch(
      /SEARCH daily_totals USING INDEX sqlite_autoindex_daily_totals_1 \(day>\? AND day<\?\)/,
    );
  });
});

describe("GET /api/admin/stats", () => {
  it("answers an admin with today's figures on the real clock", async () => {
    const { cookie } = await signedIn("admin");
    const rider = await createUser("rider", { firstName: "Rico", lastName: "Rider" });
    const now = Date.now();
    await insert([
      {
        id: "live-delivered",
        status: "delivered",
        riderId: rider.id,
        fee: 15600,
        createdAt: now - 1,
        deliveredAt: now,
      },
      { id: "live-pending", status: "pending", riderId: null, fee: 13600, createdAt: now },
    ]);
    const res = await api("/api/admin/stats", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      todayDeliveries: 2,
      activeRiders: 0,
      todayRevenue: 156,
      todayRiderShare: 132.6,
      todayCoopShare: 23.4,
      monthRevenue: 156,
      monthRiderShare: 132.6,
      monthCoopShare: 23.4,
      today: {
        grossFares: 156,
        idDiscounts: 0,
        promoCost: 0,
        peakBonuses: 0,
        cancellationFees: 0,
        revenue: 156,
        riderShare: 132.6,
        operations: 15.6,
        memberBenefits: 7.8,
      },
      month: {
        grossFares: 156,
        idDiscounts: 0,
        promoCost: 0,
        peakBonuses: 0,
        cancellationFees: 0,
        revenue: 156,
        riderShare: 132.6,
        operations: 15.6,
        memberBenefits: 7.8,
      },
      // The Member Benefits Fund (decision 0183): 156 - 132.60 - 15.60 = 7.80, plus the ₱1 insurance.
      memberBenefitsFund: 8.8,
      monthFundIntake: 8.8,
      topRiders: [
        {
          rider: { id: rider.id, firstName: "Rico", lastName: "Rider" },
          deliveryCount: 1,
          earnings: 132.6,
          rating: null,
          ratingCount: 0,
        },
      ],
      metrics: { averageDeliveryMinutes: 0, successRate: 100, satisfaction: null, ratingCount: 0 },
      onlineRiders: [],
    });
  });

  it("answers 401 to the anonymous, 403 to customers and riders, 405 to a POST", async () => {
    expect(await api("/api/admin/stats")).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    for (const role of ["user", "rider"] as const) {
      const { cookie } = await signedIn(role);
      expect(await api("/api/admin/stats", { cookie })).toMatchObject({ status: 403, json: { message: "Forbidden" } });
    }
    const { cookie } = await signedIn("admin");
    expect((await api("/api/admin/stats", { cookie, method: "POST" })).status).toBe(405);
  });
});

describe("GET /api/admin/deliveries", () => {
  async function liveFixtures() {
    const rider = await createUser("rider", { firstName: "Rosa", lastName: "Rider" });
    const t = Date.now() - 60 * 60_000;
    const minute = 60_000;
    const fixtures: Fixture[] = [
      {
        id: "a-delivered",
        status: "delivered",
        riderId: rider.id,
        fee: 15600,
        createdAt: t,
        deliveredAt: t + 30 * minute,
      },
      { id: "b-cancelled", status: "cancelled", riderId: null, fee: 5000, createdAt: t + 1 * minute },
      { id: "c-pending", status: "pending", riderId: null, fee: 5000, createdAt: t + 2 * minute },
      { id: "d-assigned", status: "assigned", riderId: rider.id, fee: 6000, createdAt: t + 3 * minute },
      { id: "e-picked", status: "picked_up", riderId: rider.id, fee: 7000, createdAt: t + 4 * minute },
      { id: "f-transit", status: "in_transit", riderId: rider.id, fee: 8000, createdAt: t + 5 * minute },
      { id: "g-pending", status: "pending", riderId: null, fee: 9000, createdAt: t + 6 * minute },
    ];
    await insert(fixtures);
    return { rider };
  }

  it("lists newest first with the rider object and the count of every filter; All includes cancelled", async () => {
    const { cookie } = await signedIn("admin");
    const { rider } = await liveFixtures();
    const res = await api("/api/admin/deliveries", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.deliveries.map((d: { id: string }) => d.id)).toEqual([
      "g-pending",
      "f-transit",
      "e-picked",
      "d-assigned",
      "c-pending",
      "b-cancelled",
      "a-delivered",
    ]);
    expect(res.json.counts).toEqual({ all: 7, pending: 2, inProgress: 3, completed: 1 });
    const transit = res.json.deliveries[1];
    expect(transit).toMatchObject({
      status: "in_transit",
      totalFee: 80,
      distance: "11.6",
      rider: { id: rider.id, firstName: "Rosa", lastName: "Rider" },
    });
    expect(res.json.deliveries[0].rider).toBeNull();
  });

  it("filters Pending, In Progress and Completed, keeps the counts, and honours limit", async () => {
    const { cookie } = await signedIn("admin");
    await liveFixtures();
    const ids = async (query: string) => {
      const res = await api(`/api/admin/deliveries?${query}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.json.counts).toEqual({ all: 7, pending: 2, inProgress: 3, completed: 1 });
      return res.json.deliveries.map((d: { id: string }) => d.id);
    };
    expect(await ids("filter=pending")).toEqual(["g-pending", "c-pending"]);
    expect(await ids("filter=in_progress")).toEqual(["f-transit", "e-picked", "d-assigned"]);
    expect(await ids("filter=completed")).toEqual(["a-delivered"]);
    expect(await ids("filter=all&limit=2")).toEqual(["g-pending", "f-transit"]);
  });

  it("counts from the partial index without delivered rows and from the ledger, never the whole table", async () => {
    const { cookie } = await signedIn("admin");
    await liveFixtures();
    const { results } = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT status, count(*) FROM deliveries WHERE status != 'delivered' GROUP BY status",
    ).all<{ detail: string }>();
    expect(results.map((r) => r.detail).join(" | ")).toContain("COVERING INDEX deliveries_undelivered_status_idx");
    // A status change made by any code path shows in the counts (nothing to keep in step).
    await env.DB.prepare("UPDATE deliveries SET status = 'assigned' WHERE id = 'c-pending'").run();
    const res = await api("/api/admin/deliveries", { cookie });
    expect(res.json.counts).toEqual({ all: 7, pending: 1, inProgress: 4, completed: 1 });
  });

  it("answers pages of 20 by default, 100 at most, with the next page's cursor", async () => {
    const { cookie } = await signedIn("admin");
    const t = Date.now() - 10 * 60 * 60_000;
    await insert(
      Array.from({ length: 55 }, (_, i) => ({
        id: `many-${String(i).padStart(2, "0")}`,
        status: "pending" as const,
        riderId: null,
        fee: 5000,
        createdAt: t + i * 1000,
      })),
    );
    const res = await api("/api/admin/deliveries?filter=pending", { cookie });
    expect(res.json.deliveries).toHaveLength(20);
    expect(res.json.deliveries[0].id).toBe("many-54");
    expect(res.json.counts.pending).toBe(55);
    const next = await api(`/api/admin/deliveries?filter=pending&limit=100&cursor=${res.json.nextCursor}`, { cookie });
    expect(next.json.deliveries).toHaveLength(35);
    expect(next.json.deliveries[0].id).toBe("many-34");
    expect(next.json.nextCursor).toBeNull();
    expect((await api("/api/admin/deliveries?cursor=nonsense", { cookie })).status).toBe(400);
  });

  it("refuses an unknown filter or limit with 400 and a message", async () => {
    const { cookie } = await signedIn("admin");
    const bad = await api("/api/admin/deliveries?filter=everything", { cookie });
    expect(bad).toMatchObject({
      status: 400,
      json: { message: CATALOGS.server.en["admin.filterInvalid"], field: "filter" },
    });
    for (const limit of ["0", "101", "abc", "2.5"]) {
      expect(await api(`/api/admin/deliveries?limit=${limit}`, { cookie })).toMatchObject({
        status: 400,
        json: { message: translate("en", "server.admin.limitInvalid", { min: 1, max: 100 }), field: "limit" },
      });
    }
  });

  it("answers 401 to the anonymous and 403 to customers and riders", async () => {
    expect(await api("/api/admin/deliveries")).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    for (const role of ["user", "rider"] as const) {
      const { cookie } = await signedIn(role);
      expect(await api("/api/admin/deliveries", { cookie })).toMatchObject({
        status: 403,
        json: { message: "Forbidden" },
      });
    }
  });
});

describe("the /admin page", () => {
  it("shows the panel to an admin, Access Denied (403) to customers and riders, the landing page to visitors", async () => {
    const rider = await createUser("rider", { firstName: "Rico", lastName: "Rider" });
    const now = Date.now();
    await insert([
      {
        id: "page-delivered-0001",
        status: "delivered",
        riderId: rider.id,
        fee: 15600,
        createdAt: now - 60_000,
        deliveredAt: now,
      },
    ]);
    const { cookie } = await signedIn("admin");
    const page = await api("/admin", { cookie });
    expect(page.status).toBe(200);
    for (const text of [
      "Coop Admin Panel",
      "Total Deliveries Today",
      "Active Riders",
      "Revenue Today",
      "Member Benefits Fund",
      "Live Deliveries",
      "Auto-refresh",
      "Profit Sharing Model",
      "Top Riders Today",
      "Delivery Metrics",
      "1 mins",
      "100.0%",
      "No data yet",
      "Riders Online",
      "Coop Fund Allocation",
      "Quick Actions",
      "Manage Riders",
      "View Reports",
      "Business Partners",
      "Coop Settings",
      "Rico Rider",
      "#red-0001",
      "₱156.00",
      "₱132.60",
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).not.toContain("Access Denied");
    // The metrics are computed (booked a minute before delivery, none cancelled, none rated), never
    // a mock-up's fixed figures.
    for (const fixed of ["18 mins", "98.5%", "4.7/5.0"]) expect(page.text).not.toContain(fixed);
    for (const role of ["user", "rider"] as const) {
      const other = await signedIn(role);
      const denied = await api("/admin", { cookie: other.cookie });
      expect(denied.status).toBe(403);
      expect(denied.text).toContain("Access Denied: Admin access required for this page");
      expect(denied.text).not.toContain("Live Deliveries");
    }
    const visitor = await api("/admin");
    expect(visitor.status).toBe(200);
    expect(visitor.text).not.toContain("Coop Admin Panel</h1>");
    expect(visitor.text).not.toContain("Live Deliveries");
  });

  it("lists 10 deliveries of a filter and the rest a page at a time, through links the server answers", async () => {
    const t = Date.now() - 60 * 60_000;
    const pending: Fixture[] = Array.from({ length: 13 }, (_, i) => ({
      id: `paged-${String(i).padStart(2, "0")}`,
      status: "pending",
      riderId: null,
      fee: 5000,
      createdAt: t + i * 60_000,
    }));
    await insert([
      ...pending,
      {
        id: "paged-delivered",
        status: "delivered",
        riderId: null,
        fee: 5000,
        createdAt: t + 30 * 60_000,
        deliveredAt: t + 40 * 60_000,
      },
    ]);
    const { cookie } = await signedIn("admin");
    const listed = (html: string) =>
      [...html.matchAll(/data-testid="live-item" data-delivery-id="([^"]+)"/g)].map((m) => m[1]);
    // What the page shows (its data follows </main>, for the script).
    const shown = (html: string) => html.slice(0, html.indexOf("</main>"));
    const first = await api("/admin?filter=pending", { cookie });
    expect(listed(first.text)).toEqual([
      "paged-12",
      "paged-11",
      "paged-10",
      "paged-09",
      "paged-08",
      "paged-07",
      "paged-06",
      "paged-05",
      "paged-04",
      "paged-03",
    ]);
    expect(shown(first.text)).not.toContain("Back to the newest");
    const older = /href="(\/admin\?filter=pending&amp;cursor=[^"#]+)#live-deliveries"/
      .exec(first.text)?.[1]
      ?.replace(/&amp;/g, "&");
    expect(older).toBeDefined();
    const second = await api(older!, { cookie });
    expect(listed(second.text)).toEqual(["paged-02", "paged-01", "paged-00"]);
    expect(second.text).toContain('href="/admin?filter=pending#live-deliveries"');
    expect(shown(second.text)).not.toContain("Older deliveries");
    // All: the 14, over two pages; a cursor that is not one shows the first page.
    const all = await api("/admin", { cookie });
    expect(listed(all.text)[0]).toBe("paged-delivered");
    expect(all.text).toMatch(/href="\/admin\?cursor=[^"#]+#live-deliveries"/);
    const odd = await api("/admin?cursor=nonsense", { cookie });
    expect(odd.status).toBe(200);
    expect(listed(odd.text)).toEqual(listed(all.text));
  });
});
