import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminStats } from "~/admin/stats.server";
import { createSession } from "~/auth/session.server";
import { deliveries, deliveryEvents, deliveryRatings, users } from "~/db/schema";
import { CATALOGS } from "~/i18n/catalogs";
import { bookingBody, historyFor, insertDelivery } from "./delivery-fixtures";
import { api, createUser, db, matrixCallers, ORIGIN, signedIn } from "./helpers";

const post = (path: string, cookie?: string, body?: unknown) => api(path, { method: "POST", cookie, body });
const stored = async (id: string) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
const eventsOf = async (id: string) =>
  (
    await db().select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, id)).orderBy(asc(deliveryEvents.id))
  ).map((e) => ({
    kind: e.kind,
    from: e.fromStatus,
    to: e.toStatus,
    actorId: e.actorId,
    riderId: e.riderId,
  }));

describe("delivery events", () => {
  it("records booking, accept, each step and a rating with who, from and to; a refused change records nothing", async () => {
    const { customer, rider, otherRider } = await matrixCallers();
    const booked = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody() });
    const id = booked.json.id as string;
    expect((await post(`/api/deliveries/${id}/accept`, rider.cookie)).status).toBe(200);
    expect((await post(`/api/deliveries/${id}/accept`, otherRider.cookie)).status).toBe(409); // lost race: no event
    expect((await post(`/api/deliveries/${id}/status`, rider.cookie, { status: "delivered" })).status).toBe(409); // not from assigned
    for (const status of ["picked_up", "in_transit", "delivered"])
      expect((await post(`/api/deliveries/${id}/status`, rider.cookie, { status })).status).toBe(200);
    expect((await post(`/api/deliveries/${id}/rating`, customer.cookie, { stars: 5 })).status).toBe(201);
    const c = customer.user.id;
    const r = rider.user.id;
    expect(await eventsOf(id)).toEqual([
      { kind: "booked", from: null, to: "pending", actorId: c, riderId: null },
      { kind: "accepted", from: "pending", to: "assigned", actorId: r, riderId: r },
      { kind: "picked_up", from: "assigned", to: "picked_up", actorId: r, riderId: r },
      { kind: "in_transit", from: "picked_up", to: "in_transit", actorId: r, riderId: r },
      { kind: "delivered", from: "in_transit", to: "delivered", actorId: r, riderId: r },
      { kind: "rated", from: "delivered", to: "delivered", actorId: c, riderId: r },
    ]);
  });

  it("records a cancellation with the one who cancelled and the rider who held it", async () => {
    const { customer, rider, admin } = await matrixCallers();
    const held = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    expect((await post(`/api/deliveries/${held.id}/status`, admin.cookie, { status: "cancelled" })).status).toBe(200);
    expect(await eventsOf(held.id)).toEqual([
      { kind: "cancelled", from: "assigned", to: "cancelled", actorId: admin.user.id, riderId: rider.user.id },
    ]);
  });
});

describe("POST /api/deliveries/{id}/release", () => {
  it("answers the matrix: 401, 403 customers and admin, 404 another rider, 200 the assigned rider; then 409", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const held = await insertDelivery({
      customerId: customer.user.id,
      ...historyFor("assigned", rider.user.id),
      riderLatitude: 14.55,
      riderLongitude: 121.03,
    });
    const release = (cookie?: string) => post(`/api/deliveries/${held.id}/release`, cookie);
    expect(await release()).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    for (const caller of [customer, otherCustomer, admin])
      expect(await release(caller.cookie)).toMatchObject({ status: 403, json: { message: "Forbidden" } });
    expect(await release(otherRider.cookie)).toMatchObject({ status: 404, json: { message: "Delivery not found" } });
    expect((await stored(held.id)).status).toBe("assigned");

    const res = await release(rider.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: held.id,
      status: "pending",
      riderId: null,
      assignedAt: null,
      riderLatitude: null,
      rider: null,
    });
    expect(await stored(held.id)).toMatchObject({
      status: "pending",
      riderId: null,
      assignedAt: null,
      riderLatitude: null,
    });
    expect(await eventsOf(held.id)).toEqual([
      { kind: "released", from: "assigned", to: "pending", actorId: rider.user.id, riderId: rider.user.id },
    ]);

    // Offered again: the other rider sees it in the available list and can take it.
    const available = await api("/api/deliveries/available", { cookie: otherRider.cookie });
    expect(available.json.map((d: { id: string }) => d.id)).toContain(held.id);
    // Releasing again (it is pending now): 409, nothing recorded.
    expect(await release(rider.cookie)).toMatchObject({
      status: 409,
      json: { message: "Cannot change a delivery from Pending to Pending: only an assigned delivery can be released" },
    });
    expect(await eventsOf(held.id)).toHaveLength(1);
  });

  it("answers 409 from picked up, in transit, delivered and cancelled, and 404 for unknown ids; never 500", async () => {
    const { customer, rider } = await matrixCallers();
    for (const status of ["picked_up", "in_transit", "delivered", "cancelled"] as const) {
      const d = await insertDelivery({ customerId: customer.user.id, ...historyFor(status, rider.user.id) });
      const res = await post(`/api/deliveries/${d.id}/release`, rider.cookie);
      expect(res.status, status).toBe(409);
      expect((await stored(d.id)).status).toBe(status);
    }
    for (const id of ["no-such-delivery", "x".repeat(200), "%00"])
      expect((await post(`/api/deliveries/${id}/release`, rider.cookie)).status).toBe(404);
    expect((await api(`/api/deliveries/whatever/release`, { cookie: rider.cookie })).status).toBe(405);
    // A body is ignored, even a malformed one.
    const d = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    expect((await api(`/api/deliveries/${d.id}/release`, { cookie: rider.cookie, rawBody: "{not json" })).status).toBe(
      200,
    );
  });

  it("pushes status_update pending to the delivery's room", async () => {
    const { customer, rider } = await matrixCallers();
    const held = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    const upgrade = await SELF.fetch(`${ORIGIN}/ws?deliveryId=${held.id}`, {
      headers: { Upgrade: "websocket", Cookie: customer.cookie },
    });
    expect(upgrade.status).toBe(101);
    const socket = upgrade.webSocket!;
    const messages: any[] = [];
    socket.addEventListener("message", (event) => {
      messages.push(JSON.parse(String(event.data)));
    });
    socket.accept();
    socket.send(JSON.stringify({ type: "subscribe", deliveryId: held.id }));
    await waitUntil(() => messages.some((m) => m.type === "subscribed"));
    expect((await post(`/api/deliveries/${held.id}/release`, rider.cookie)).status).toBe(200);
    await waitUntil(() => messages.some((m) => m.type === "status_update"));
    expect(messages.find((m) => m.type === "status_update")).toMatchObject({
      type: "status_update",
      deliveryId: held.id,
      status: "pending",
    });
    socket.close(1000, "done");
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("POST /api/deliveries/{id}/rating", () => {
  const ratingsOf = async (id: string) => db().select().from(deliveryRatings).where(eq(deliveryRatings.deliveryId, id));

  it("answers the matrix: 401, 404 another customer and another rider, 403 the rider and admin, 201 the customer, then 409", async () => {
    const { customer, otherCustomer, rider, otherRider, admin } = await matrixCallers();
    const d = await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
    const rate = (cookie?: string, body: unknown = { stars: 4, comment: "Maingat at mabilis" }) =>
      post(`/api/deliveries/${d.id}/rating`, cookie, body);
    expect(await rate()).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    for (const caller of [otherCustomer, otherRider])
      expect(await rate(caller.cookie)).toMatchObject({ status: 404, json: { message: "Delivery not found" } });
    for (const caller of [rider, admin])
      expect(await rate(caller.cookie)).toMatchObject({
        status: 403,
        json: { message: "Only the customer who booked this delivery can rate it" },
      });
    expect(await ratingsOf(d.id)).toEqual([]);

    const res = await rate(customer.cookie);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ rating: { stars: 4, comment: "Maingat at mabilis", ratedAt: expect.any(String) } });
    expect(Math.abs(Date.parse(res.json.rating.ratedAt) - Date.now())).toBeLessThan(10_000);
    expect(await rate(customer.cookie, { stars: 1 })).toMatchObject({
      status: 409,
      json: { message: "You have already rated this delivery" },
    });
    expect((await ratingsOf(d.id)).map((r) => r.stars)).toEqual([4]);

    // GET carries the rating for the customer, the rider and admins.
    for (const caller of [customer, rider, admin]) {
      const got = await api(`/api/deliveries/${d.id}`, { cookie: caller.cookie });
      expect(got.json.rating).toEqual(res.json.rating);
    }
  });

  it("answers 409 unless delivered, and null rating before", async () => {
    const { customer, rider } = await matrixCallers();
    for (const status of ["pending", "assigned", "picked_up", "in_transit", "cancelled"] as const) {
      const d = await insertDelivery({
        customerId: customer.user.id,
        ...historyFor(status, status === "pending" ? null : rider.user.id),
      });
      const res = await post(`/api/deliveries/${d.id}/rating`, customer.cookie, { stars: 5 });
      expect(res, status).toMatchObject({ status: 409, json: { message: "Only a delivered delivery can be rated" } });
      expect((await api(`/api/deliveries/${d.id}`, { cookie: customer.cookie })).json.rating).toBeNull();
    }
  });

  it("answers 400 naming the field for every bad body, stores nothing, never 500", async () => {
    const { customer, rider } = await matrixCallers();
    const d = await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
    const starsMessage = "Choose a whole number of stars from 1 to 5.";
    const cases: [unknown, string, string][] = [
      [{}, "stars", "Choose a rating from 1 to 5 stars."],
      [{ stars: 0 }, "stars", starsMessage],
      [{ stars: 6 }, "stars", starsMessage],
      [{ stars: 4.5 }, "stars", starsMessage],
      [{ stars: -1 }, "stars", starsMessage],
      [{ stars: "5" }, "stars", starsMessage],
      [{ stars: null }, "stars", starsMessage],
      [{ stars: 5, comment: "x".repeat(501) }, "comment", "Keep the comment to at most 500 characters."],
      [{ stars: 5, comment: 42 }, "comment", "Write the comment as text."],
      [[5], "body", "The request is not valid. Check what you entered and try again."],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`/api/deliveries/${d.id}/rating`, customer.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
      expect(res.json.errors[field]).toContain(message);
    }
    expect(
      (await api(`/api/deliveries/${d.id}/rating`, { cookie: customer.cookie, rawBody: "{stars: 5" })).json,
    ).toMatchObject({ code: "server.http.invalidJson", message: CATALOGS.server.en["http.invalidJson"] });
    expect((await api(`/api/deliveries/${d.id}/rating`, { cookie: customer.cookie, rawBody: "" })).status).toBe(400);
    expect(await ratingsOf(d.id)).toEqual([]);
    expect(await eventsOf(d.id)).toEqual([]);
    // Exactly 500 characters, trimmed, is accepted; an empty comment is stored as none.
    const ok = await post(`/api/deliveries/${d.id}/rating`, customer.cookie, {
      stars: 3,
      comment: `  ${"y".repeat(500)}  `,
    });
    expect(ok.status).toBe(201);
    expect(ok.json.rating.comment).toHaveLength(500);
    const other = await insertDelivery({ customerId: customer.user.id, ...historyFor("delivered", rider.user.id) });
    expect(
      (await post(`/api/deliveries/${other.id}/rating`, customer.cookie, { stars: 2, comment: "   " })).json.rating
        .comment,
    ).toBeNull();
    expect((await api(`/api/deliveries/${d.id}/rating`, { cookie: customer.cookie })).status).toBe(405);
  });
});

describe("Go Online: POST /api/rider/availability", () => {
  it("answers the matrix and refuses bad bodies without changing anything", async () => {
    const { customer, admin } = await matrixCallers();
    const rider = await signedIn("rider", { riderOnline: false });
    const set = (cookie: string | undefined, body: unknown) => post("/api/rider/availability", cookie, body);
    expect(await set(undefined, { online: true })).toMatchObject({ status: 401, json: { message: "Unauthorized" } });
    for (const caller of [customer, admin])
      expect(await set(caller.cookie, { online: true })).toMatchObject({ status: 403 });
    for (const [body, message] of [
      [{}, CATALOGS.server.en["riders.onlineRequired"]],
      [{ online: "yes" }, CATALOGS.server.en["riders.onlineRequired"]],
      [{ online: 1 }, CATALOGS.server.en["riders.onlineRequired"]],
      [{ online: null }, CATALOGS.server.en["riders.onlineRequired"]],
    ] as const) {
      expect(await set(rider.cookie, body)).toMatchObject({
        status: 400,
        json: { message, errors: { online: [message] } },
      });
    }
    expect((await api("/api/rider/availability", { cookie: rider.cookie, rawBody: "online" })).status).toBe(400);
    const row = async () => (await db().select().from(users).where(eq(users.id, rider.user.id)))[0]!;
    expect((await row()).riderOnline).toBe(false);
    expect(await set(rider.cookie, { online: true })).toMatchObject({ status: 200, json: { online: true } });
    expect((await row()).riderOnline).toBe(true);
    expect((await api("/api/earnings/rider/stats", { cookie: rider.cookie })).json.online).toBe(true);
    expect(await set(rider.cookie, { online: false })).toMatchObject({ status: 200, json: { online: false } });
    expect((await api("/api/rider/availability", { cookie: rider.cookie })).status).toBe(405);
  });

  it("an offline rider gets 409 on the available list and on accept, but still finishes what they hold", async () => {
    const OFFLINE = CATALOGS.server.en["riders.offline"];
    const { customer } = await matrixCallers();
    const rider = await signedIn("rider", { riderOnline: false });
    const pending = await insertDelivery({ customerId: customer.user.id, ...historyFor("pending", null) });
    const held = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
    expect(await api("/api/deliveries/available", { cookie: rider.cookie })).toMatchObject({
      status: 409,
      json: { message: OFFLINE, code: "server.riders.offline" },
    });
    expect(await post(`/api/deliveries/${pending.id}/accept`, rider.cookie)).toMatchObject({
      status: 409,
      json: { message: OFFLINE, code: "server.riders.offline" },
    });
    expect((await stored(pending.id)).status).toBe("pending");
    expect((await post(`/api/deliveries/${held.id}/status`, rider.cookie, { status: "picked_up" })).status).toBe(200);
    expect((await api("/api/earnings/rider/stats", { cookie: rider.cookie })).json.online).toBe(false);
    // Online again: both work.
    expect((await post("/api/rider/availability", rider.cookie, { online: true })).status).toBe(200);
    expect((await api("/api/deliveries/available", { cookie: rider.cookie })).status).toBe(200);
    expect((await post(`/api/deliveries/${pending.id}/accept`, rider.cookie)).status).toBe(200);
  });

  it("a customer who becomes a rider starts offline, and leaving the rider role goes offline", async () => {
    // An approved applicant (docs/guide/deliveries.md: only approved riders take the rider role).
    const person = await signedIn("user", { riderApprovedAt: new Date() });
    expect(
      (await api("/api/auth/user/role", { method: "PATCH", cookie: person.cookie, body: { role: "rider" } })).status,
    ).toBe(200);
    expect((await api("/api/earnings/rider/stats", { cookie: person.cookie })).json.online).toBe(false);
    expect((await post("/api/rider/availability", person.cookie, { online: true })).status).toBe(200);
    expect(
      (await api("/api/auth/user/role", { method: "PATCH", cookie: person.cookie, body: { role: "user" } })).status,
    ).toBe(200);
    expect(
      (await api("/api/auth/user/role", { method: "PATCH", cookie: person.cookie, body: { role: "rider" } })).status,
    ).toBe(200);
    expect((await api("/api/deliveries/available", { cookie: person.cookie })).status).toBe(409);
  });

  it("admins see a rider as online until 10 minutes without a word; Active Riders counts them", async () => {
    const now = Date.now();
    const minute = 60_000;
    const fresh = await createUser("rider", {
      firstName: "Aaa Fresh",
      riderOnline: true,
      riderSeenAt: new Date(now - 9 * minute),
    });
    const located = await createUser("rider", {
      firstName: "Aab Located",
      riderOnline: true,
      riderSeenAt: new Date(now - 60 * minute),
      lastLocatedAt: new Date(now - minute),
    });
    const stale = await createUser("rider", {
      firstName: "Aac Stale",
      riderOnline: true,
      riderSeenAt: new Date(now - 10 * minute - 1000),
    });
    const offline = await createUser("rider", {
      firstName: "Aad Offline",
      riderOnline: false,
      riderSeenAt: new Date(now),
    });
    const stats = await adminStats(env.DB, now);
    const ids = stats.onlineRiders.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([fresh.id, located.id]));
    expect(ids).not.toContain(stale.id);
    expect(ids).not.toContain(offline.id);
    expect(stats.activeRiders).toBe(stats.onlineRiders.length);
    // A rider's own calls count as being heard from: the stale rider calls, and is online again.
    const { token } = await createSession(db(), stale.id);
    expect((await api("/api/deliveries/rider", { cookie: `hatid_session=${token}` })).status).toBe(200);
    expect((await adminStats(env.DB, Date.now())).onlineRiders.map((r) => r.id)).toContain(stale.id);
  });
});
