import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminStats } from "~/admin/stats.server";
import { deliveryEvents, deliveryRatings, type DeliveryEventKind, type User } from "~/db/schema";
import { RIDER_FIGURE_SQL, riderFigures, riderRatings } from "~/ledger/rider-figures.server";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { api, createUser, db, signedIn } from "./helpers";

/**
 * Rider figures and admin metrics from hand-made histories (docs/guide/README.md, Delivery history and
 * ratings). Each test uses its own riders, so the figures are exactly what the test wrote.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Manila wall-clock time (UTC+8) as UTC ms, written out without the code under test. */
const manila = (local: string) => Date.parse(`${local}+08:00`);

async function event(
  deliveryId: string,
  kind: DeliveryEventKind,
  riderId: string | null,
  at: number,
  actorId: string | null = riderId,
) {
  await db()
    .insert(deliveryEvents)
    .values({ deliveryId, kind, fromStatus: null, toStatus: null, actorId, riderId, at: new Date(at) });
}

/** A delivered delivery: accepted at `assignedAt`, delivered at `deliveredAt`, with its events. */
async function delivered(
  customer: User,
  rider: User,
  { assignedAt, deliveredAt, estimate = "24 mins" }: { assignedAt: number; deliveredAt: number; estimate?: string },
) {
  const delivery = await insertDelivery({
    customerId: customer.id,
    riderId: rider.id,
    status: "delivered",
    estimatedDuration: estimate,
    createdAt: new Date(assignedAt - 5 * MINUTE),
    assignedAt: new Date(assignedAt),
    pickedUpAt: new Date(assignedAt + MINUTE),
    deliveredAt: new Date(deliveredAt),
  });
  await event(delivery.id, "accepted", rider.id, assignedAt);
  await event(delivery.id, "delivered", rider.id, deliveredAt);
  return delivery;
}

async function rate(
  delivery: { id: string; customerId: string; riderId: string | null },
  stars: number,
  ratedAt: number,
) {
  await db()
    .insert(deliveryRatings)
    .values({
      deliveryId: delivery.id,
      customerId: delivery.customerId,
      riderId: delivery.riderId!,
      stars,
      ratedAt: new Date(ratedAt),
    });
}

describe("on-time: within the estimate + 15 minutes of accepting", () => {
  it("counts exactly 15 minutes over the estimate as on time and one minute later as late", async () => {
    const [customer, rider] = await Promise.all([createUser("user"), createUser("rider")]);
    const now = Date.now();
    const t = now - 2 * DAY;
    expect((await riderFigures(env.DB, rider.id, now)).onTimeRate).toBeNull();
    // Estimate 24 mins: 24 + 15 = 39 minutes from accepting is the last on-time minute.
    await delivered(customer, rider, { assignedAt: t, deliveredAt: t + 39 * MINUTE });
    expect((await riderFigures(env.DB, rider.id, now)).onTimeRate).toBe(100);
    await delivered(customer, rider, { assignedAt: t, deliveredAt: t + 40 * MINUTE });
    expect((await riderFigures(env.DB, rider.id, now)).onTimeRate).toBe(50);
    // A third, quick one: 2 of 3 on time = 67%.
    await delivered(customer, rider, { assignedAt: t, deliveredAt: t + 10 * MINUTE, estimate: "5 mins" });
    expect((await riderFigures(env.DB, rider.id, now)).onTimeRate).toBe(67);
    // Deliveries from more than 30 days ago drop out.
    await delivered(customer, rider, { assignedAt: now - 31 * DAY, deliveredAt: now - 31 * DAY + 90 * MINUTE });
    expect((await riderFigures(env.DB, rider.id, now)).onTimeRate).toBe(67);
  });
});

describe("rating: mean stars of the last 90 days' deliveries, 1 decimal", () => {
  const ratingOf = async (riderId: string, now: number) => (await riderRatings(env.DB, [riderId], now)).get(riderId);
  it("drops ratings of deliveries older than 90 days and rounds to 1 decimal", async () => {
    const [customer, rider, other] = await Promise.all([createUser("user"), createUser("rider"), createUser("rider")]);
    const now = Date.now();
    expect(await ratingOf(rider.id, now)).toEqual({ rating: null, ratingCount: 0 });
    const old = await delivered(customer, rider, {
      assignedAt: now - 91 * DAY,
      deliveredAt: now - 91 * DAY + 20 * MINUTE,
    });
    await rate(old, 1, now - 91 * DAY + DAY);
    expect(await ratingOf(rider.id, now)).toEqual({ rating: null, ratingCount: 0 });
    const recent = await delivered(customer, rider, {
      assignedAt: now - 89 * DAY,
      deliveredAt: now - 89 * DAY + 20 * MINUTE,
    });
    await rate(recent, 5, now - 89 * DAY + MINUTE);
    expect(await ratingOf(rider.id, now)).toEqual({ rating: 5, ratingCount: 1 });
    for (const stars of [4, 4])
      await rate(
        await delivered(customer, rider, { assignedAt: now - DAY, deliveredAt: now - DAY + 20 * MINUTE }),
        stars,
        now - DAY + 30 * MINUTE,
      );
    // (5 + 4 + 4) / 3 = 4.333 -> 4.3; the 91-day-old 1 star is not in it.
    expect(await ratingOf(rider.id, now)).toEqual({ rating: 4.3, ratingCount: 3 });
    // The same from the many-rider function, with a rider without ratings.
    const many = await riderRatings(env.DB, [rider.id, other.id], now);
    expect(Object.fromEntries(many)).toEqual({
      [rider.id]: { rating: 4.3, ratingCount: 3 },
      [other.id]: { rating: null, ratingCount: 0 },
    });
    // Seen from 2 days later, the 89-day-old delivery is 91 days old: only the two 4s remain.
    expect(await ratingOf(rider.id, now + 2 * DAY)).toEqual({ rating: 4, ratingCount: 2 });
  });
});

describe("acceptance and completion through the API", () => {
  const book = async (cookie: string) => {
    const res = await api("/api/deliveries", { cookie, body: bookingBody() });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const post = (path: string, cookie: string, body?: unknown) => api(path, { method: "POST", cookie, body });

  it("a release lowers acceptance; a customer's cancellation does not lower completion, an admin's does", async () => {
    const [customer, rider, admin] = await Promise.all([signedIn("user"), signedIn("rider"), signedIn("admin")]);
    const figures = () => riderFigures(env.DB, rider.user.id);
    expect(await figures()).toEqual({
      rating: null,
      ratingCount: 0,
      acceptanceRate: null,
      completionRate: null,
      onTimeRate: null,
    });

    const [a, b, c] = [await book(customer.cookie), await book(customer.cookie), await book(customer.cookie)];
    for (const id of [a, b]) expect((await post(`/api/deliveries/${id}/accept`, rider.cookie)).status).toBe(200);
    expect((await figures()).acceptanceRate).toBe(100);
    expect((await post(`/api/deliveries/${b}/release`, rider.cookie)).status).toBe(200);
    expect((await figures()).acceptanceRate).toBe(50); // 2 accepted, 1 released

    // Delivers a: completion 100%.
    for (const status of ["picked_up", "in_transit", "delivered"])
      expect((await post(`/api/deliveries/${a}/status`, rider.cookie, { status })).status).toBe(200);
    expect(await figures()).toMatchObject({ completionRate: 100, onTimeRate: 100 });

    // Takes b again and the customer cancels it: not the rider's fault, completion stays 100%.
    expect((await post(`/api/deliveries/${b}/accept`, rider.cookie)).status).toBe(200);
    expect((await figures()).acceptanceRate).toBe(67); // 3 accepted, 1 released
    expect((await post(`/api/deliveries/${b}/status`, customer.cookie, { status: "cancelled" })).status).toBe(200);
    expect((await figures()).completionRate).toBe(100);

    // Takes c and an admin cancels it: that counts, 1 delivered of 2 kept = 50%.
    expect((await post(`/api/deliveries/${c}/accept`, rider.cookie)).status).toBe(200);
    expect((await post(`/api/deliveries/${c}/status`, admin.cookie, { status: "cancelled" })).status).toBe(200);
    expect(await figures()).toMatchObject({ acceptanceRate: 75, completionRate: 50 });

    // The stats call answers the same figures.
    const stats = await api("/api/earnings/rider/stats", { cookie: rider.cookie });
    expect(stats.json).toMatchObject({
      rating: null,
      ratingCount: 0,
      acceptanceRate: 75,
      completionRate: 50,
      onTimeRate: 100,
      online: true,
    });
  });

  it("counts only the last 30 days for acceptance and completion", async () => {
    const [customer, rider] = await Promise.all([createUser("user"), createUser("rider")]);
    const now = Date.now();
    const old = await insertDelivery({ customerId: customer.id, riderId: null, status: "pending" });
    await event(old.id, "accepted", rider.id, now - 31 * DAY);
    await event(old.id, "released", rider.id, now - 31 * DAY + MINUTE);
    expect(await riderFigures(env.DB, rider.id, now)).toMatchObject({ acceptanceRate: null, completionRate: null });
    await event(old.id, "accepted", rider.id, now - 29 * DAY);
    await event(old.id, "delivered", rider.id, now - 29 * DAY + 30 * MINUTE);
    expect(await riderFigures(env.DB, rider.id, now)).toMatchObject({ acceptanceRate: 100, completionRate: 100 });
  });
});

describe("admin Delivery Metrics over the last 7 Manila days", () => {
  it("starts at Manila midnight six days before today and answers null without data", async () => {
    // A year far from the other tests' rows, so only this test's rows are in range.
    const now = manila("2041-03-15T12:00:00");
    const empty = await adminStats(env.DB, now);
    expect(empty.metrics).toEqual({
      averageDeliveryMinutes: null,
      successRate: null,
      satisfaction: null,
      ratingCount: 0,
    });

    const [customer, rider] = await Promise.all([createUser("user"), createUser("rider")]);
    const firstMoment = manila("2041-03-09T00:00:00");
    const inside = [
      await delivered(customer, rider, { assignedAt: firstMoment - 30 * MINUTE, deliveredAt: firstMoment }), // booked 35 min before
      await delivered(customer, rider, {
        assignedAt: manila("2041-03-15T09:00:00"),
        deliveredAt: manila("2041-03-15T09:40:00"),
      }), // 45 min
    ];
    const outside = await delivered(customer, rider, {
      assignedAt: firstMoment - 60 * MINUTE,
      deliveredAt: firstMoment - 1,
    });
    await insertDelivery({
      customerId: customer.id,
      status: "cancelled",
      createdAt: new Date(firstMoment - 10 * MINUTE),
      cancelledAt: new Date(firstMoment),
    });
    await insertDelivery({
      customerId: customer.id,
      status: "cancelled",
      createdAt: new Date(firstMoment - 10 * MINUTE),
      cancelledAt: new Date(firstMoment - 1),
    });
    await rate(inside[0]!, 5, firstMoment);
    await rate(inside[1]!, 4, manila("2041-03-15T11:59:00"));
    await rate(outside, 1, firstMoment - 1);

    const { metrics } = await adminStats(env.DB, now);
    // (35 + 45) / 2 = 40 minutes; 2 delivered of 3 ended = 66.7%; (5 + 4) / 2 = 4.5 of 2 ratings.
    expect(metrics).toEqual({ averageDeliveryMinutes: 40, successRate: 66.7, satisfaction: 4.5, ratingCount: 2 });

    // At 23:59 on Mar 15 the window is the same; one minute after midnight it starts on Mar 10.
    expect((await adminStats(env.DB, manila("2041-03-15T23:59:59"))).metrics).toEqual(metrics);
    expect((await adminStats(env.DB, manila("2041-03-16T00:00:01"))).metrics).toEqual({
      averageDeliveryMinutes: 45,
      successRate: 100,
      satisfaction: 4,
      ratingCount: 1,
    });
  });

  it("shows each top rider's rating today", async () => {
    const now = manila("2042-06-10T12:00:00");
    const [customer, rider] = await Promise.all([createUser("user"), createUser("rider")]);
    const today = await delivered(customer, rider, { assignedAt: now - 60 * MINUTE, deliveredAt: now - 30 * MINUTE });
    const earlier = await delivered(customer, rider, {
      assignedAt: now - 10 * DAY,
      deliveredAt: now - 10 * DAY + 20 * MINUTE,
    });
    await rate(today, 5, now - 20 * MINUTE);
    await rate(earlier, 4, now - 10 * DAY + DAY);
    const { topRiders } = await adminStats(env.DB, now);
    expect(topRiders).toEqual([
      expect.objectContaining({
        rider: expect.objectContaining({ id: rider.id }),
        deliveryCount: 1,
        rating: 4.5,
        ratingCount: 2,
      }),
    ]);
  });
});

describe("the figure queries use indexes", () => {
  it("reads one rider's range of deliveries and events, never a scan", async () => {
    for (const [name, sql] of Object.entries(RIDER_FIGURE_SQL)) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind("rider", 0).all<{ detail: string }>();
      const plan = results.map((r) => r.detail).join("\n");
      expect(plan, name).not.toMatch(/\bSCAN (deliveries|d|delivery_events|a|e|r|delivery_ratings)\b/);
      expect(plan, name).toMatch(
        /USING (COVERING )?INDEX (deliveries_rider_delivered_idx|delivery_events_rider_at_idx)/,
      );
    }
  });
});
