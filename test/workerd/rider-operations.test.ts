import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dailyTotals, deliveries, DELIVERY_STATUSES, type DeliveryStatus } from "~/db/schema";
import { isAllowedTransition } from "~/deliveries/state-machine";
import { splitFee } from "~/money/fee-split";
import { manilaDate } from "~/i18n/manila";
import { bookingBody, couldNotDeliver, historyFor, insertDelivery } from "./delivery-fixtures";
import { api, createUser, db, matrixCallers, signedIn } from "./helpers";

const book = async (cookie: string) => {
  const res = await api("/api/deliveries", { cookie, body: bookingBody() });
  expect(res.status).toBe(201);
  return res.json as { id: string; totalFee: number };
};
const accept = (id: string, cookie?: string) => api(`/api/deliveries/${id}/accept`, { method: "POST", cookie });
const setStatus = (id: string, status: unknown, cookie?: string) =>
  api(`/api/deliveries/${id}/status`, { cookie, body: { status } });
const stored = async (id: string) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

describe("who may call the rider routes", () => {
  it("GET /api/deliveries/available: 401 anonymous, 403 customer and admin, 200 riders with the new booking", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const booked = await book(customer.cookie);
    expect((await api("/api/deliveries/available")).status).toBe(401);
    expect((await api("/api/deliveries/available")).json).toMatchObject({
      error: "Unauthorized",
      code: "server.http.unauthorized",
    });
    for (const caller of [customer, otherCustomer, admin]) {
      const res = await api("/api/deliveries/available", { cookie: caller.cookie });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: "Forbidden", code: "server.http.forbidden" });
    }
    for (const caller of [rider, otherRider]) {
      const res = await api("/api/deliveries/available", { cookie: caller.cookie });
      expect(res.status).toBe(200);
      const item = res.json.find((d: { id: string }) => d.id === booked.id);
      expect(item).toMatchObject({
        status: "pending",
        riderId: null,
        distanceFromRider: null,
        totalFee: booked.totalFee,
      });
    }
    expect((await api("/api/deliveries/available", { method: "POST", cookie: rider.cookie })).status).toBe(405);
  });

  it("GET /api/deliveries/rider: 401 anonymous, 403 customer and admin, a rider sees only their own", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const booked = await book(customer.cookie);
    expect((await accept(booked.id, rider.cookie)).status).toBe(200);
    expect((await api("/api/deliveries/rider")).status).toBe(401);
    for (const caller of [customer, otherCustomer, admin])
      expect((await api("/api/deliveries/rider", { cookie: caller.cookie })).status).toBe(403);
    const mine = await api("/api/deliveries/rider", { cookie: rider.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json.map((d: { id: string }) => d.id)).toEqual([booked.id]);
    expect(mine.json[0]).toMatchObject({ status: "assigned", riderId: rider.user.id });
    const theirs = await api("/api/deliveries/rider", { cookie: otherRider.cookie });
    expect(theirs.json).toEqual([]);
  });

  it("GET /api/earnings/rider/stats: 401 anonymous, 403 customer and admin, 200 a rider", async () => {
    const { customer, otherCustomer, rider, admin } = await matrixCallers();
    expect((await api("/api/earnings/rider/stats")).status).toBe(401);
    for (const caller of [customer, otherCustomer, admin])
      expect((await api("/api/earnings/rider/stats", { cookie: caller.cookie })).status).toBe(403);
    const res = await api("/api/earnings/rider/stats", { cookie: rider.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ todayEarnings: 0, weekEarnings: 0, completedToday: 0 });
  });

  it("POST accept: 401 anonymous, 403 customers and admin, 404 unknown, 200 the rider, 409 the next rider", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const booked = await book(customer.cookie);
    expect((await accept(booked.id)).status).toBe(401);
    for (const caller of [customer, otherCustomer, admin]) {
      const res = await accept(booked.id, caller.cookie);
      expect(res.status).toBe(403);
    }
    expect((await accept("no-such-delivery", rider.cookie)).status).toBe(404);
    expect((await stored(booked.id)).status).toBe("pending");

    const won = await accept(booked.id, rider.cookie);
    expect(won.status).toBe(200);
    expect(won.json).toMatchObject({
      id: booked.id,
      status: "assigned",
      riderId: rider.user.id,
      rider: { id: rider.user.id, firstName: "Test" },
    });
    const row = await stored(booked.id);
    expect(row.riderId).toBe(rider.user.id);
    expect(row.assignedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const late = await accept(booked.id, otherRider.cookie);
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({
      error: "This delivery has already been accepted by another rider",
      code: "server.deliveries.alreadyTaken",
    });
    const again = await accept(booked.id, rider.cookie);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      error: "You have already accepted this delivery",
      code: "server.deliveries.alreadyYours",
    });
    expect((await api(`/api/deliveries/${booked.id}/accept`, { cookie: rider.cookie })).status).toBe(405);
  });

  it("POST accept: a delivery cancelled before any rider took it does not exist for riders (404)", async () => {
    const { customer, rider } = await matrixCallers();
    const booked = await book(customer.cookie);
    expect((await setStatus(booked.id, "cancelled", customer.cookie)).status).toBe(200);
    expect((await accept(booked.id, rider.cookie)).status).toBe(404);
  });

  it("POST status (a rider's step): 401, 403 customers and admin, 404 other rider, 200 the assigned rider", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const booked = await book(customer.cookie);
    await accept(booked.id, rider.cookie);
    expect((await setStatus(booked.id, "picked_up")).status).toBe(401);
    for (const caller of [customer, otherCustomer, admin]) {
      const res = await setStatus(booked.id, "picked_up", caller.cookie);
      expect(res.status).toBe(403);
    }
    const other = await setStatus(booked.id, "picked_up", otherRider.cookie);
    expect(other.status).toBe(404);
    expect(other.json).toMatchObject({ error: "Delivery not found", code: "server.deliveries.notFound" });
    expect((await stored(booked.id)).status).toBe("assigned");

    const res = await setStatus(booked.id, "picked_up", rider.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "picked_up", riderId: rider.user.id });
    expect((await stored(booked.id)).pickedUpAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("POST status (cancel): 404 other customer and other riders, 403 the assigned rider, 200 the customer or an admin", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const first = await book(customer.cookie);
    await accept(first.id, rider.cookie);
    expect((await setStatus(first.id, "cancelled")).status).toBe(401);
    expect((await setStatus(first.id, "cancelled", otherCustomer.cookie)).status).toBe(404);
    expect((await setStatus(first.id, "cancelled", otherRider.cookie)).status).toBe(404);
    const byRider = await setStatus(first.id, "cancelled", rider.cookie);
    expect(byRider.status).toBe(403);
    expect(byRider.json).toMatchObject({
      error: "Only the customer who booked it or an admin can cancel this delivery",
      code: "server.deliveries.onlyCustomerOrAdminCancels",
    });
    const byCustomer = await setStatus(first.id, "cancelled", customer.cookie);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.json).toMatchObject({ status: "cancelled", cancellationFee: 0 }); // within 2 minutes of booking
    expect((await stored(first.id)).cancelledAt).not.toBeNull();

    const second = await book(customer.cookie);
    const byAdmin = await setStatus(second.id, "cancelled", admin.cookie);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json.status).toBe("cancelled");
  });

  it("POST status: 400 for an unknown or missing status, before anything changes", async () => {
    const { customer, rider } = await matrixCallers();
    const booked = await book(customer.cookie);
    await accept(booked.id, rider.cookie);
    const unknown = await setStatus(booked.id, "teleported", rider.cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      error:
        "Choose a delivery status: pending, assigned, picked up, in transit, delivered, cancelled, returning or returned.",
      code: "server.deliveries.statusInvalid",
      field: "status",
    });
    expect((await api(`/api/deliveries/${booked.id}/status`, { cookie: rider.cookie, body: {} })).status).toBe(400);
    expect((await api(`/api/deliveries/${booked.id}/status`, { cookie: rider.cookie, rawBody: "{nope" })).status).toBe(
      400,
    );
    expect((await stored(booked.id)).status).toBe("assigned");
  });
});

describe("accepting", () => {
  it("lets exactly one of 10 riders accepting at the same moment win; the other nine get 409", async () => {
    const customer = await signedIn("user");
    const booked = await book(customer.cookie);
    const riders = await Promise.all(Array.from({ length: 10 }, () => signedIn("rider")));
    const answers = await Promise.all(riders.map((r) => accept(booked.id, r.cookie)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.json).toMatchObject({
        error: "This delivery has already been accepted by another rider",
        code: "server.deliveries.alreadyTaken",
      });
    }
    const winner = riders[answers.findIndex((a) => a.status === 200)]!;
    const row = await stored(booked.id);
    expect(row).toMatchObject({ status: "assigned", riderId: winner.user.id });
  });

  it("refuses a fourth active delivery, and allows it again once one is delivered", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const booked = [];
    for (let i = 0; i < 4; i++) booked.push(await book(customer.cookie));
    for (const b of booked.slice(0, 3)) expect((await accept(b.id, rider.cookie)).status).toBe(200);
    const fourth = await accept(booked[3]!.id, rider.cookie);
    expect(fourth.status).toBe(409);
    expect(fourth.json).toMatchObject({
      error: "You already have 3 active deliveries",
      code: "server.deliveries.tooManyActive",
    });
    expect(await stored(booked[3]!.id)).toMatchObject({ status: "pending", riderId: null });

    expect((await setStatus(booked[0]!.id, "picked_up", rider.cookie)).status).toBe(200);
    expect((await setStatus(booked[0]!.id, "delivered", rider.cookie)).status).toBe(200);
    expect((await accept(booked[3]!.id, rider.cookie)).status).toBe(200);
  });

  it("refuses a rider accepting their own booking", async () => {
    const rider = await signedIn("rider");
    const booked = await book(rider.cookie);
    const res = await accept(booked.id, rider.cookie);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      error: "You cannot accept your own booking",
      code: "server.deliveries.ownBooking",
    });
  });
});

describe("the lifecycle table, every (from, to) pair", () => {
  const pairs = DELIVERY_STATUSES.flatMap((from) => DELIVERY_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)("%s -> %s succeeds only if the table has it", async (from, to) => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const delivery = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor(from, from === "pending" ? null : rider.user.id),
    });
    const allowed = isAllowedTransition(from, to);

    // Accepting is the only way to "assigned" (by a rider holding nothing), Could not deliver the only
    // way to "returning" (decision 0222); the rest go through /status, cancelling by the customer who
    // booked, every other step by the assigned rider (a return with the fixture's return code).
    const res =
      to === "assigned"
        ? await accept(delivery.id, (await signedIn("rider")).cookie)
        : to === "returning"
          ? await couldNotDeliver(delivery.id, rider.cookie, { reason: "unsafe" })
          : to === "returned"
            ? await api(`/api/deliveries/${delivery.id}/status`, {
                cookie: rider.cookie,
                body: { status: to, returnCode: "4321" },
              })
            : await setStatus(delivery.id, to, to === "cancelled" ? customer.cookie : rider.cookie);
    const row = await stored(delivery.id);
    if (allowed) {
      expect(res.status).toBe(200);
      expect(res.json.status).toBe(to);
      expect(row.status).toBe(to);
      const stamp = {
        assigned: row.assignedAt,
        picked_up: row.pickedUpAt,
        delivered: row.deliveredAt,
        cancelled: row.cancelledAt,
        returning: row.couldNotDeliverAt,
        returned: row.returnedAt,
      }[to as "assigned" | "picked_up" | "delivered" | "cancelled" | "returning" | "returned"];
      if (to !== "in_transit") expect(stamp!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    } else {
      expect(res.status).toBe(409);
      expect(row.status).toBe(from);
      if (to !== "assigned") {
        expect(res.json.message).toMatch(new RegExp(`^Cannot change a delivery from ${label(from)} to ${label(to)}`));
      }
    }
  });

  it("names both statuses when a step is refused", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("picked_up", rider.user.id) });
    const res = await setStatus(delivery.id, "assigned", rider.cookie);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Cannot change a delivery from Picked Up to Assigned");
    const back = await setStatus(delivery.id, "pending", rider.cookie);
    expect(back.json.message).toBe("Cannot change a delivery from Picked Up to Pending");
  });
});

const label = (status: DeliveryStatus) =>
  ({
    pending: "Pending",
    assigned: "Assigned",
    picked_up: "Picked Up",
    in_transit: "In Transit",
    delivered: "Delivered",
    cancelled: "Cancelled",
    returning: "Returning",
    returned: "Returned",
  })[status];

describe("delivering", () => {
  it("adds exactly the fee's split to the day's coop totals, once", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const delivery = await insertDelivery({
      customerId: customer.user.id,
      totalFee: 13333,
      ...historyFor("in_transit", rider.user.id),
    });
    const day = manilaDate(Date.now());
    const read = async () =>
      (await db().select().from(dailyTotals).where(eq(dailyTotals.day, day)))[0] ?? {
        deliveredCount: 0,
        revenue: 0,
        riderShare: 0,
        operationsShare: 0,
        memberBenefitsShare: 0,
      };
    const before = await read();
    const res = await setStatus(delivery.id, "delivered", rider.cookie);
    expect(res.status).toBe(200);
    const after = await read();
    const split = splitFee(13333);
    expect(split).toEqual({ rider: 11333, operations: 1333, memberBenefits: 667 });
    // Only this test delivers in this file at this moment, so the day's row grew by exactly this delivery.
    expect(after.deliveredCount - before.deliveredCount).toBe(1);
    expect(after.revenue - before.revenue).toBe(13333);
    expect(after.riderShare - before.riderShare).toBe(split.rider);
    expect(after.operationsShare - before.operationsShare).toBe(split.operations);
    expect(after.memberBenefitsShare - before.memberBenefitsShare).toBe(split.memberBenefits);

    // Delivering again is refused and adds nothing.
    expect((await setStatus(delivery.id, "delivered", rider.cookie)).status).toBe(409);
    expect(await read()).toEqual(after);
  });

  // Rule changed by decision 0217 (docs/guide/money.md#cancellation-fees): a last position near the
  // pickup is no longer enough; the server's confirmed arrival is (test/workerd/pickup-arrival.test.ts).
  it("charges ₱20 to cancel an assigned delivery after 2 minutes, ₱50 once the server confirmed the rider's arrival at the pickup", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const far = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("assigned", rider.user.id),
      riderLatitude: 14.5505,
      riderLongitude: 121.03,
    });
    const res = await setStatus(far.id, "cancelled", customer.cookie);
    expect(res.json).toMatchObject({ status: "cancelled", cancellationFee: 20 });
    const arrived = new Date(Date.now() - 60_000);
    const near = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("assigned", rider.user.id),
      pickupArrivalFirstAt: new Date(arrived.getTime() - 20_000),
      pickupArrivalConfirmedAt: arrived,
    });
    const nearRes = await setStatus(near.id, "cancelled", customer.cookie);
    expect(nearRes.json).toMatchObject({ status: "cancelled", cancellationFee: 50 });
    expect((await stored(near.id)).cancellationFee).toBe(5000);
  });
});

describe("the available list", () => {
  it("puts the nearest pickup first from the rider's last position, with its distance", async () => {
    const customer = await createUser("user");
    const rider = await signedIn("rider", { lastLatitude: 14.55, lastLongitude: 121.03, lastLocatedAt: new Date() });
    const far = await insertDelivery({
      customerId: customer.id,
      pickupLatitude: 14.65,
      pickupLongitude: 121.03,
      createdAt: new Date(),
    });
    const near = await insertDelivery({
      customerId: customer.id,
      pickupLatitude: 14.56,
      pickupLongitude: 121.03,
      createdAt: new Date(Date.now() - 60_000),
    });
    const unknown = await insertDelivery({
      customerId: customer.id,
      pickupLatitude: null,
      pickupLongitude: null,
      createdAt: new Date(Date.now() + 1000),
    });
    const res = await api("/api/deliveries/available", { cookie: rider.cookie });
    const mine = res.json.filter((d: { id: string }) => [far.id, near.id, unknown.id].includes(d.id));
    expect(mine.map((d: { id: string; distanceFromRider: string | null }) => [d.id, d.distanceFromRider])).toEqual([
      [near.id, "1.1"],
      [far.id, "11.1"],
      [unknown.id, null],
    ]);
    // Every delivery with a known pickup comes before those without.
    const distances = res.json.map((d: { distanceFromRider: string | null }) => d.distanceFromRider);
    const firstNull = distances.indexOf(null);
    if (firstNull >= 0) expect(distances.slice(firstNull).every((d: string | null) => d === null)).toBe(true);
  });

  it("lists newest first when the rider's position is unknown, and leaves out taken deliveries", async () => {
    const customer = await createUser("user");
    const rider = await signedIn("rider");
    const older = await insertDelivery({ customerId: customer.id, createdAt: new Date(Date.now() - 120_000) });
    const newer = await insertDelivery({ customerId: customer.id, createdAt: new Date(Date.now() - 60_000) });
    const taken = await insertDelivery({
      customerId: customer.id,
      ...historyFor("assigned", (await createUser("rider")).id),
    });
    const res = await api("/api/deliveries/available", { cookie: rider.cookie });
    const ids = res.json.map((d: { id: string }) => d.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(taken.id);
    expect(
      res.json.every(
        (d: { status: string; distanceFromRider: null }) => d.status === "pending" && d.distanceFromRider === null,
      ),
    ).toBe(true);
  });
});

describe("the /rider-dashboard page", () => {
  const page = async (cookie?: string) => api("/rider-dashboard", { cookie, headers: { Accept: "text/html" } });

  it("answers 403 with the Access Denied notice to customers and admins, and none of the data", async () => {
    const { customer, admin } = await matrixCallers();
    for (const caller of [customer, admin]) {
      const res = await page(caller.cookie);
      expect(res.status).toBe(403);
      expect(res.text).toContain("Access Denied: Rider access required for this page");
      expect(res.text).not.toContain("Available Deliveries");
    }
  });

  it("renders a rider's dashboard on the server with their own figures and the empty texts", async () => {
    const { customer, rider } = await matrixCallers();
    const delivered = await insertDelivery({
      customerId: customer.user.id,
      totalFee: 15600,
      ...historyFor("delivered", rider.user.id),
    });
    const res = await page(rider.cookie);
    expect(res.status).toBe(200);
    for (const text of [
      "Rider Dashboard",
      "Today&#x27;s Earnings",
      "Completed Today",
      "Recent Delivery History",
      "No active deliveries at the moment",
    ]) {
      expect(res.text).toContain(text);
    }
    expect(res.text).toContain(delivered.id.slice(-8));
    expect(res.text).toContain("₱132.60"); // 85% of ₱156.00, in the stat card and the history row
    // The page's data carries its message catalog (every text it may show); what it shows is the markup before the scripts.
    expect(res.text.split("<script")[0]).not.toContain("No completed deliveries yet");
  });
});
