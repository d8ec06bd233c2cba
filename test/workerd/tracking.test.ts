import { runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries, users } from "~/db/schema";
import { ROOM_CLOSE, ROOM_CLOSE_REASONS, TRACKING_ERRORS } from "~/tracking/channel-messages";
import { notifyStatusChange } from "~/tracking/room.server";
import { CLEANUP_AFTER_END_MS, PERSIST_INTERVAL_MS, SESSION_CHECK_INTERVAL_MS } from "~/tracking/room-rules";
import { api, db, ORIGIN } from "./helpers";
import { DeliveryRoom } from "../../workers/delivery-room";
import { at, connect, expectServerTimestamp, room, scene, subscribe, update, upgrade } from "./room-fixtures";

// ---- the gate ---------------------------------------------------------------------------------------

describe("/ws upgrade", () => {
  it("refuses anonymous callers (401), unrelated users and riders (404), and bad requests", async () => {
    const { deliveryId, otherCustomer, otherRider, customer } = await scene();
    const anonymous = await upgrade(deliveryId);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: "Unauthorized", code: "server.http.unauthorized" });
    expect(anonymous.webSocket).toBeNull();

    expect((await upgrade(deliveryId, otherCustomer.cookie)).status).toBe(404);
    expect((await upgrade(deliveryId, otherRider.cookie)).status).toBe(404);
    expect((await upgrade("no-such-delivery", customer.cookie)).status).toBe(404);
    expect((await upgrade(null, customer.cookie)).status).toBe(400);
    const notUpgrade = await SELF.fetch(`${ORIGIN}/ws?deliveryId=${deliveryId}`, {
      headers: { Cookie: customer.cookie },
    });
    expect(notUpgrade.status).toBe(426);
  });

  it("ignores identity headers a client sends itself", async () => {
    const { deliveryId, customer, rider, otherCustomer } = await scene();
    const spoofed = {
      "X-Hatid-User-Id": customer.user.id,
      "X-Hatid-User-Role": "admin",
      "X-Hatid-Delivery-Id": deliveryId,
    };
    expect((await upgrade(deliveryId, undefined, spoofed)).status).toBe(401);
    expect((await upgrade(deliveryId, otherCustomer.cookie, spoofed)).status).toBe(404);

    // The customer claiming to be the rider is still the customer inside the room.
    const client = await connect(deliveryId, customer.cookie, {
      "x-hatid-user-id": rider.user.id,
      "X-HATID-USER-ROLE": "rider",
    });
    client.send(update(deliveryId, 14.6, 121));
    expect(await client.next()).toEqual({ type: "error", message: TRACKING_ERRORS.notAssignedRider });
    client.close();
  });

  it("lets the customer, the assigned rider and an admin subscribe", async () => {
    const { deliveryId, customer, rider, admin } = await scene();
    for (const who of [customer, rider, admin]) {
      const client = await connect(deliveryId, who.cookie);
      client.send({ type: "subscribe", deliveryId, userId: who.user.id });
      expect(await client.next()).toEqual({ type: "subscribed", deliveryId, status: "assigned" });
      client.close();
    }
  });

  it("lets any rider watch a pending delivery", async () => {
    const { deliveryId, otherRider } = await scene("pending");
    const client = await connect(deliveryId, otherRider.cookie);
    expect(await subscribe(client, deliveryId)).toEqual({ type: "subscribed", deliveryId, status: "pending" });
    client.close();
  });
});

// ---- messages -----------------------------------------------------------------------------------------

describe("location updates over the socket", () => {
  it("sends the assigned rider's update to every subscriber with the server's timestamp", async () => {
    const { deliveryId, customer, rider, admin } = await scene();
    const customerClient = await connect(deliveryId, customer.cookie);
    const adminClient = await connect(deliveryId, admin.cookie);
    const riderClient = await connect(deliveryId, rider.cookie);
    await subscribe(customerClient, deliveryId);
    await subscribe(adminClient, deliveryId);

    riderClient.send(update(deliveryId, 14.5764, 121.0851, rider.user.id));
    for (const client of [customerClient, adminClient]) {
      const message = await client.next();
      expect(message).toMatchObject({
        type: "location_update",
        deliveryId,
        latitude: 14.5764,
        longitude: 121.0851,
        riderId: rider.user.id,
      });
      expectServerTimestamp(message.timestamp);
    }
    for (const client of [customerClient, adminClient, riderClient]) client.close();
  });

  it("refuses a customer's or another rider's update and does not broadcast it", async () => {
    const { deliveryId, customer, rider, admin, otherRider } = await scene("pending");
    const adminClient = await connect(deliveryId, admin.cookie);
    await subscribe(adminClient, deliveryId);
    // Another rider could open the room while the delivery was pending; then `rider` accepted it.
    const otherRiderClient = await connect(deliveryId, otherRider.cookie);
    await db()
      .update(deliveries)
      .set({ status: "assigned", riderId: rider.user.id })
      .where(eq(deliveries.id, deliveryId));
    await notifyStatusChange(env, deliveryId, "assigned", rider.user.id);
    expect(await adminClient.next()).toMatchObject({ type: "status_update", deliveryId, status: "assigned" });

    // The other rider lost the right to see it: the room closed its socket before the status update.
    expect(await otherRiderClient.closed).toEqual({
      code: ROOM_CLOSE.hidden,
      reason: ROOM_CLOSE_REASONS.takenByAnotherRider,
    });

    const customerClient = await connect(deliveryId, customer.cookie);
    customerClient.send(update(deliveryId, 1, 1));
    expect(await customerClient.next()).toEqual({ type: "error", message: TRACKING_ERRORS.notAssignedRider });

    const riderClient = await connect(deliveryId, rider.cookie);
    riderClient.send(update(deliveryId, 14.6, 121.01, "someone-else"));
    expect(await riderClient.next()).toEqual({ type: "error", message: TRACKING_ERRORS.notAssignedRider });
    riderClient.send(update(deliveryId, 14.6, 121.02));
    // The admin's next message is the rider's update: none of the refused ones reached it.
    expect(await adminClient.next()).toMatchObject({ type: "location_update", latitude: 14.6, longitude: 121.02 });
    for (const client of [adminClient, otherRiderClient, customerClient, riderClient]) client.close();
  });

  it("refuses out-of-range coordinates; refusals take nothing from the bucket", async () => {
    const { deliveryId, rider, customer } = await scene("in_transit");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const riderClient = await connect(deliveryId, rider.cookie);

    riderClient.send(update(deliveryId, 91, 121));
    expect(await riderClient.next()).toEqual({ type: "error", message: TRACKING_ERRORS.latitude });
    riderClient.send(update(deliveryId, 14.6, -181));
    expect(await riderClient.next()).toEqual({ type: "error", message: TRACKING_ERRORS.longitude });
    // The refused updates took no token: a full burst of three still goes through.
    for (const latitude of [14.61, 14.62, 14.63]) riderClient.send(update(deliveryId, latitude, 121.01));
    for (const latitude of [14.61, 14.62, 14.63])
      expect(await watcher.next()).toMatchObject({ type: "location_update", latitude });
    watcher.close();
    riderClient.close();
  });

  it("takes a burst of 3 updates, refuses the 4th, and takes one more a second later (the room's bucket)", async () => {
    const { deliveryId, rider, customer } = await scene("in_transit");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const riderClient = await connect(deliveryId, rider.cookie);

    for (const latitude of [14.61, 14.62, 14.63, 14.64]) riderClient.send(update(deliveryId, latitude, 121.01));
    const burst = [await watcher.next(), await watcher.next(), await watcher.next()];
    expect(burst.map((message) => message.latitude)).toEqual([14.61, 14.62, 14.63]);
    for (const message of burst)
      expect(message).toMatchObject({ type: "location_update", deliveryId, riderId: rider.user.id });
    // The 4th is refused, as a second update within a second was before the bucket.
    expect(await riderClient.next()).toEqual({ type: "error", message: TRACKING_ERRORS.tooFrequent });

    // One more a second after the burst (explicit times, no sleeping); half a second is too soon.
    const lastAt = Date.parse(burst[2].timestamp);
    const actor = { userId: rider.user.id, role: "rider" as const };
    const results = await runInDurableObject(room(deliveryId), async (instance) => [
      await at(lastAt + 500, () => instance.publishLocation(deliveryId, actor, { latitude: 14.65, longitude: 121.05 })),
      await at(lastAt + 1000, () =>
        instance.publishLocation(deliveryId, actor, { latitude: 14.66, longitude: 121.06 }),
      ),
      await at(lastAt + 1001, () =>
        instance.publishLocation(deliveryId, actor, { latitude: 14.67, longitude: 121.07 }),
      ),
    ]);
    expect(results.map((result) => result.ok)).toEqual([false, true, false]);
    expect(results[0]).toMatchObject({ reason: "tooFrequent", message: TRACKING_ERRORS.tooFrequent });
    // The watcher's next message is that one: the refused 4th, 5th and 7th reached nobody.
    expect(await watcher.next()).toMatchObject({
      type: "location_update",
      latitude: 14.66,
      timestamp: new Date(lastAt + 1000).toISOString(),
    });
    watcher.close();
    riderClient.close();
  });
  it("gives a late subscriber the last position at once", async () => {
    const { deliveryId, rider, customer } = await scene("picked_up");
    const riderClient = await connect(deliveryId, rider.cookie);
    await subscribe(riderClient, deliveryId);
    riderClient.send(update(deliveryId, 14.55, 121.03));
    const sent = await riderClient.next();
    expect(sent).toMatchObject({ type: "location_update", latitude: 14.55 });

    const late = await connect(deliveryId, customer.cookie);
    expect(await subscribe(late, deliveryId)).toEqual({ type: "subscribed", deliveryId, status: "picked_up" });
    expect(await late.next()).toEqual(sent);
    late.close();
    riderClient.close();
  });

  it("stops sending to a socket after unsubscribe", async () => {
    const { deliveryId, rider, customer, admin } = await scene();
    const customerClient = await connect(deliveryId, customer.cookie);
    const adminClient = await connect(deliveryId, admin.cookie);
    await subscribe(customerClient, deliveryId);
    await subscribe(adminClient, deliveryId);
    customerClient.send({ type: "unsubscribe", deliveryId });
    expect(await customerClient.next()).toEqual({ type: "unsubscribed", deliveryId });
    const riderClient = await connect(deliveryId, rider.cookie);
    riderClient.send(update(deliveryId, 14.5, 121));
    expect(await adminClient.next()).toMatchObject({ type: "location_update", latitude: 14.5 });
    // The customer gets nothing more until it subscribes again (then it gets the last position).
    expect(await subscribe(customerClient, deliveryId)).toMatchObject({ type: "subscribed" });
    expect(await customerClient.next()).toMatchObject({ type: "location_update", latitude: 14.5 });
    for (const client of [customerClient, adminClient, riderClient]) client.close();
  });

  it("answers malformed, unknown and misdirected messages with an error", async () => {
    const { deliveryId, customer } = await scene();
    const client = await connect(deliveryId, customer.cookie);
    client.send("{oops");
    expect(await client.next()).toEqual({ type: "error", message: TRACKING_ERRORS.invalidJson });
    client.send({ type: "hello", deliveryId });
    expect(await client.next()).toEqual({ type: "error", message: TRACKING_ERRORS.unsupported });
    client.send({ type: "subscribe", deliveryId: "another-delivery" });
    expect(await client.next()).toEqual({ type: "error", message: TRACKING_ERRORS.wrongDelivery });
    client.send({ type: "subscribe", deliveryId, userId: "somebody-else" });
    expect(await client.next()).toEqual({ type: "error", message: TRACKING_ERRORS.wrongUser });
    client.close();
  });

  it("closes the socket (1008) on an oversized message", async () => {
    const { deliveryId, customer } = await scene();
    const client = await connect(deliveryId, customer.cookie);
    client.send(JSON.stringify({ type: "subscribe", deliveryId, userId: "x".repeat(5000) }));
    expect((await client.closed).code).toBe(1008);
  });

  it("closes the socket (1008) on flooding: more than 20 messages in 10 seconds", async () => {
    const { deliveryId, customer } = await scene();
    const client = await connect(deliveryId, customer.cookie);
    for (let i = 0; i < 20; i++) {
      client.send({ type: "unsubscribe", deliveryId });
      expect(await client.next()).toEqual({ type: "unsubscribed", deliveryId });
    }
    client.send({ type: "unsubscribe", deliveryId });
    expect((await client.closed).code).toBe(1008);
  });
});

// ---- status changes, persistence, cleanup ------------------------------------------------------------

describe("status changes and persistence", () => {
  it("pushes status changes and writes the last position to D1 on a status change", async () => {
    const { deliveryId, rider, customer } = await scene();
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const riderClient = await connect(deliveryId, rider.cookie);
    riderClient.send(update(deliveryId, 14.5512, 121.0234));
    const sent = await watcher.next();

    const changedAt = new Date();
    await notifyStatusChange(env, deliveryId, "picked_up", rider.user.id, changedAt);
    expect(await watcher.next()).toEqual({
      type: "status_update",
      deliveryId,
      status: "picked_up",
      timestamp: changedAt.toISOString(),
    });

    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(row).toMatchObject({
      riderLatitude: 14.5512,
      riderLongitude: 121.0234,
      riderLocatedAt: new Date(sent.timestamp),
    });
    const [riderRow] = await db().select().from(users).where(eq(users.id, rider.user.id));
    expect(riderRow).toMatchObject({
      lastLatitude: 14.5512,
      lastLongitude: 121.0234,
      lastLocatedAt: new Date(sent.timestamp),
    });
    watcher.close();
    riderClient.close();
  });

  it("keeps the last position through a loss of memory (hibernation) and stores it when the rider leaves", async () => {
    const { deliveryId, rider, customer } = await scene("in_transit");
    const riderClient = await connect(deliveryId, rider.cookie);
    await subscribe(riderClient, deliveryId);
    riderClient.send(update(deliveryId, 14.51, 121.01));
    expect(await riderClient.next()).toMatchObject({ type: "location_update", latitude: 14.51 });
    riderClient.send(update(deliveryId, 14.52, 121.02));
    const late = await connect(deliveryId, customer.cookie);
    await subscribe(late, deliveryId);
    expect(await late.next()).toMatchObject({ type: "location_update", latitude: 14.52 });

    // The room wakes from hibernation: the runtime builds a new room over the same storage and
    // sockets, with nothing in memory; the newest position is still there, in the rider socket's
    // attachment. The late watcher subscribes again, to the woken room.
    await runInDurableObject(room(deliveryId), async (_instance, state) => {
      const woken = new DeliveryRoom(state, env);
      const [watching] = state.getWebSockets(`user:${customer.user.id}`);
      await woken.webSocketMessage(watching!, JSON.stringify({ type: "subscribe", deliveryId }));
    });
    expect(await late.next()).toMatchObject({ type: "subscribed", deliveryId });
    expect(await late.next()).toMatchObject({ type: "location_update", latitude: 14.52, longitude: 121.02 });

    riderClient.close();
    await expect
      .poll(() =>
        runInDurableObject(
          room(deliveryId),
          async (_instance, state) =>
            (await state.storage.get<{ position: { latitude: number } }>("state"))?.position.latitude,
        ),
      )
      .toBe(14.52);
    late.close();
  });

  it("refuses updates once the delivery is delivered", async () => {
    const { deliveryId, rider } = await scene("in_transit");
    await notifyStatusChange(env, deliveryId, "delivered", rider.user.id);
    const riderClient = await connect(deliveryId, rider.cookie);
    riderClient.send(update(deliveryId, 14.5, 121));
    expect(await riderClient.next()).toEqual({ type: "error", message: TRACKING_ERRORS.notTrackable });
    riderClient.close();
  });

  it("writes the position to D1 within PERSIST_INTERVAL_MS (30 s, docs/guide/deliveries.md#live-tracking) through its alarm", async () => {
    const { deliveryId, rider } = await scene("in_transit");
    const publishedAt = Date.now();
    const result = await api(`/api/deliveries/${deliveryId}/location`, {
      cookie: rider.cookie,
      body: { latitude: 14.52, longitude: 121.05 },
    });
    expect(result.status).toBe(200);
    const alarmAt = await runInDurableObject(room(deliveryId), (_instance, state) => state.storage.getAlarm());
    expect(alarmAt).not.toBeNull();
    expect(alarmAt!).toBeLessThanOrEqual(publishedAt + PERSIST_INTERVAL_MS + 5_000);
    let [row] = await db().select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(row!.riderLatitude).toBeNull();

    expect(await runDurableObjectAlarm(room(deliveryId))).toBe(true);
    [row] = await db().select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(row).toMatchObject({ riderLatitude: 14.52, riderLongitude: 121.05 });
  });

  it("clears its storage and closes its sockets some hours after the delivery ended", async () => {
    const { deliveryId, rider, customer } = await scene("in_transit");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const endedAt = Date.now();
    await notifyStatusChange(env, deliveryId, "delivered", rider.user.id, new Date(endedAt));
    expect(await watcher.next()).toMatchObject({ type: "status_update", status: "delivered" });
    // With a socket open the alarm comes at least every SESSION_CHECK_INTERVAL_MS (the review); cleanup is not yet due.
    const alarmAt = await runInDurableObject(room(deliveryId), (_instance, state) => state.storage.getAlarm());
    expect(alarmAt).toBeLessThanOrEqual(Date.now() + SESSION_CHECK_INTERVAL_MS);

    // Not yet due: the alarm keeps the room.
    expect(await runDurableObjectAlarm(room(deliveryId))).toBe(true);
    expect(await runInDurableObject(room(deliveryId), (_i, state) => state.storage.get("state"))).toBeDefined();

    // Ended long enough ago: the alarm clears the room.
    await notifyStatusChange(
      env,
      deliveryId,
      "delivered",
      rider.user.id,
      new Date(endedAt - CLEANUP_AFTER_END_MS - 1000),
    );
    expect(await watcher.next()).toMatchObject({ type: "status_update", status: "delivered" });
    // The alarm is due at once; it may already have fired by itself.
    await runDurableObjectAlarm(room(deliveryId));
    expect((await watcher.closed).code).toBe(1000);
    const left = await runInDurableObject(room(deliveryId), async (instance, state) => ({
      stored: [...(await state.storage.list()).keys()],
      alarm: await state.storage.getAlarm(),
      sockets: [...instance.getConnections()].length,
    }));
    expect(left).toEqual({ stored: [], alarm: null, sockets: 0 });
  });
});

// ---- the HTTP fallback -----------------------------------------------------------------------------------

describe("POST /api/deliveries/{id}/location", () => {
  const path = (id: string) => `/api/deliveries/${id}/location`;
  const body = { latitude: 14.5995, longitude: 120.9842 };

  it("checks the caller: 401 anonymous, 403 non-riders, 404 another rider, 403 a rider who is not assigned", async () => {
    const { deliveryId, customer, admin, otherRider, otherCustomer } = await scene();
    expect((await api(path(deliveryId), { body })).status).toBe(401);
    expect((await api(path(deliveryId), { body, cookie: customer.cookie })).status).toBe(403);
    expect((await api(path(deliveryId), { body, cookie: otherCustomer.cookie })).status).toBe(403);
    expect((await api(path(deliveryId), { body, cookie: admin.cookie })).status).toBe(403);
    expect((await api(path(deliveryId), { body, cookie: otherRider.cookie })).json).toMatchObject({
      error: "Not Found",
      code: "server.http.notFound",
    });
    expect((await api(path("no-such-delivery"), { body, cookie: otherRider.cookie })).status).toBe(404);

    const pending = await scene("pending");
    const result = await api(path(pending.deliveryId), { body, cookie: pending.otherRider.cookie });
    expect(result.status).toBe(403);
    expect(result.json).toMatchObject({
      error: "Only the assigned rider can share a location",
      code: "server.tracking.notAssignedRider",
    });
  });

  it("broadcasts the assigned rider's update and shares the bucket of updates with the socket", async () => {
    const { deliveryId, rider, customer } = await scene("picked_up");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);

    const accepted = await api(path(deliveryId), { body, cookie: rider.cookie });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ type: "location_update", deliveryId, ...body, riderId: rider.user.id });
    expectServerTimestamp(accepted.json.timestamp);
    expect(await watcher.next()).toEqual(accepted.json);

    // Three at once: two over HTTP, one over the socket; then neither path gets a 4th.
    expect((await api(path(deliveryId), { body, cookie: rider.cookie })).status).toBe(200);
    const riderClient = await connect(deliveryId, rider.cookie);
    riderClient.send(update(deliveryId, 14.6, 121));
    expect(await watcher.next()).toMatchObject({ type: "location_update", latitude: body.latitude });
    expect(await watcher.next()).toMatchObject({ type: "location_update", latitude: 14.6 });
    const again = await api(path(deliveryId), { body, cookie: rider.cookie });
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({
      code: "server.tracking.tooFrequent",
      error: "Send at most one location update per second. Wait a moment and try again.",
    });
    riderClient.send(update(deliveryId, 14.61, 121));
    expect(await riderClient.next()).toEqual({ type: "error", message: TRACKING_ERRORS.tooFrequent });
    watcher.close();
    riderClient.close();
  });

  it("refuses bad coordinates (400) and a delivery that is not in progress (409)", async () => {
    const { deliveryId, rider } = await scene("in_transit");
    const bad = await api(path(deliveryId), { body: { latitude: 95, longitude: 121 }, cookie: rider.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      latitude: ["The latitude must be a number from -90 to 90. Turn on location and try again."],
    });
    expect((await api(path(deliveryId), { rawBody: "{", cookie: rider.cookie })).status).toBe(400);

    const done = await scene("delivered");
    const result = await api(path(done.deliveryId), { body, cookie: done.rider.cookie });
    expect(result.status).toBe(409);
    expect(result.json).toMatchObject({
      code: "server.tracking.notTrackable",
      error: "Location sharing is only possible while the delivery is assigned, picked up or in transit",
    });
  });

  it("catches up from D1 when a status notification was lost", async () => {
    const { deliveryId, rider, customer } = await scene("pending");
    // The room learns the delivery is pending...
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    // ...then it is accepted in D1 without telling the room.
    await db()
      .update(deliveries)
      .set({ status: "assigned", riderId: rider.user.id })
      .where(eq(deliveries.id, deliveryId));
    await runInDurableObject(room(deliveryId), async (_instance, state) => {
      const stored = (await state.storage.get<{ checkedAt: number }>("state"))!;
      await state.storage.put("state", { ...stored, checkedAt: stored.checkedAt - 60_000 });
    });
    // The in-memory copy must go too, as after an eviction: the object is reset (its sockets with
    // it), and the watcher comes back to a room that knows the delivery from its storage only.
    await runInDurableObject(room(deliveryId), (_instance, state) => state.abort("evicted by the test")).catch(
      () => undefined,
    );
    await watcher.closed;
    const back = await connect(deliveryId, customer.cookie);
    expect(await subscribe(back, deliveryId)).toMatchObject({ type: "subscribed", status: "pending" });
    const result = await api(path(deliveryId), { body, cookie: rider.cookie });
    expect(result.status).toBe(200);
    expect(await back.next()).toMatchObject({ type: "location_update", ...body });
    back.close();
  });
});
