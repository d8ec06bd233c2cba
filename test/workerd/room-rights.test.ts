import { runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, SESSION_TTL_MS } from "~/auth/session.server";
import { deliveries, roomSessions, sessions, users } from "~/db/schema";
import { MAX_SOCKETS_PER_USER, ROOM_CLOSE, ROOM_CLOSE_REASONS, TOO_MANY_SOCKETS } from "~/tracking/channel-messages";
import { flushDueAt, flushPhaseOf, PERSIST_INTERVAL_MS, SESSION_CHECK_INTERVAL_MS } from "~/tracking/room-rules";
import { api, db, ORIGIN, signedIn } from "./helpers";
import { at, connect, createDelivery, room, scene, subscribe, update, upgrade, type Client } from "./room-fixtures";

/** Resolves with the messages a client got within `ms` (none expected: the assertion is on the list). */
async function drain(client: Client, ms = 300): Promise<unknown[]> {
  const got: unknown[] = [];
  for (;;) {
    try {
      got.push(await client.next(ms));
    } catch {
      return got;
    }
  }
}

const signedOut = { code: ROOM_CLOSE.signedOut, reason: ROOM_CLOSE_REASONS.signedOut };

/** How the client's socket closed within `ms`, or "still open". */
const closedWithin = (client: Client, ms: number) =>
  Promise.race([client.closed, new Promise((resolve) => setTimeout(() => resolve("still open"), ms))]);

describe("sockets follow who may see the delivery", () => {
  it("closes another rider's socket (4403) when a rider accepts, before any status or position reaches it", async () => {
    const { deliveryId, customer, rider, otherRider } = await scene("pending");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const bystander = await connect(deliveryId, otherRider.cookie);
    expect(await subscribe(bystander, deliveryId)).toMatchObject({ type: "subscribed", status: "pending" });

    const accepted = await api(`/api/deliveries/${deliveryId}/accept`, { method: "POST", cookie: rider.cookie });
    expect(accepted.status).toBe(200);
    expect(await bystander.closed).toEqual({ code: ROOM_CLOSE.hidden, reason: ROOM_CLOSE_REASONS.takenByAnotherRider });
    expect(await watcher.next()).toMatchObject({ type: "status_update", status: "assigned" });

    const riderClient = await connect(deliveryId, rider.cookie);
    riderClient.send(update(deliveryId, 14.6, 121.01));
    expect(await watcher.next()).toMatchObject({ type: "location_update", latitude: 14.6 });
    // Nothing after the subscription ever reached the rider who lost it.
    expect(await drain(bystander)).toEqual([]);
    // And it cannot come back.
    expect((await upgrade(deliveryId, otherRider.cookie)).status).toBe(404);
    watcher.close();
    riderClient.close();
  });

  it("closes the watching riders' sockets when the customer cancels a pending delivery; the customer stays", async () => {
    const { deliveryId, customer, otherRider } = await scene("pending");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const bystander = await connect(deliveryId, otherRider.cookie);
    await subscribe(bystander, deliveryId);

    const cancelled = await api(`/api/deliveries/${deliveryId}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.status).toBe(200);
    expect(await bystander.closed).toEqual({ code: ROOM_CLOSE.hidden, reason: ROOM_CLOSE_REASONS.cancelled });
    expect(await watcher.next()).toMatchObject({ type: "status_update", status: "cancelled" });
    watcher.close();
  });

  it("keeps the customer, the rider and an admin when the delivery is delivered", async () => {
    const { deliveryId, customer, rider, admin } = await scene("in_transit");
    const clients = [
      await connect(deliveryId, customer.cookie),
      await connect(deliveryId, rider.cookie),
      await connect(deliveryId, admin.cookie),
    ];
    for (const client of clients) await subscribe(client, deliveryId);
    const delivered = await api(`/api/deliveries/${deliveryId}/status`, {
      cookie: rider.cookie,
      body: { status: "delivered" },
    });
    expect(delivered.status).toBe(200);
    for (const client of clients)
      expect(await client.next()).toMatchObject({ type: "status_update", status: "delivered" });
    for (const client of clients) client.close();
  });

  it("closes a socket within 5 s of its user's logout (4401)", async () => {
    const { deliveryId, customer } = await scene("in_transit");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const alarmAt = await runInDurableObject(room(deliveryId), (_instance, state) => state.storage.getAlarm());
    expect(alarmAt).not.toBeNull();
    expect(alarmAt!).toBeLessThanOrEqual(Date.now() + SESSION_CHECK_INTERVAL_MS);

    const loggedOutAt = Date.now();
    expect((await api("/api/auth/logout", { method: "POST", cookie: customer.cookie })).status).toBe(200);
    // The room's own alarm, in real time.
    const closed = await Promise.race([
      watcher.closed,
      new Promise((resolve) => setTimeout(() => resolve("still open"), 5_000)),
    ]);
    expect(closed).toEqual(signedOut);
    expect(Date.now() - loggedOutAt).toBeLessThan(5_000);
  });

  it("lets a socket whose session is gone send nothing: a logout closes the rider's socket before it is answered", async () => {
    const { deliveryId, customer, rider } = await scene("in_transit");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const riderClient = await connect(deliveryId, rider.cookie);
    expect((await api("/api/auth/logout", { method: "POST", cookie: rider.cookie })).status).toBe(200);
    // Closed by the logout itself, not by the room's review 3 s later.
    const soon = new Promise((resolve) => setTimeout(() => resolve("still open"), 300));
    expect(await Promise.race([riderClient.closed, soon])).toEqual(signedOut);

    expect(() => riderClient.send(update(deliveryId, 14.7, 121.1))).toThrow(/after close/);
    expect(await drain(watcher)).toEqual([]);
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(row!.riderLatitude).toBeNull();
    watcher.close();
  });

  it("closes sockets whose session expired or was revoked, or whose user was deactivated (4401)", async () => {
    const { deliveryId, customer, admin, rider } = await scene("assigned");
    const clients = [
      await connect(deliveryId, customer.cookie),
      await connect(deliveryId, admin.cookie),
      await connect(deliveryId, rider.cookie),
    ];
    for (const client of clients) await subscribe(client, deliveryId);

    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, customer.user.id));
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.user.id));
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, rider.user.id));
    await runDurableObjectAlarm(room(deliveryId));
    for (const client of clients) expect(await client.closed).toEqual(signedOut);
  });

  it("closes a rider's socket on a pending delivery when they switch to the customer role (4403)", async () => {
    const { deliveryId, otherRider, customer } = await scene("pending");
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const bystander = await connect(deliveryId, otherRider.cookie);
    await subscribe(bystander, deliveryId);

    const changed = await api("/api/auth/user/role", {
      method: "PATCH",
      cookie: otherRider.cookie,
      body: { role: "user" },
    });
    expect(changed.status).toBe(200);
    await runDurableObjectAlarm(room(deliveryId));
    expect(await bystander.closed).toEqual({ code: ROOM_CLOSE.hidden, reason: ROOM_CLOSE_REASONS.noLongerVisible });
    // The customer's session and right are intact.
    expect(await drain(watcher)).toEqual([]);
    watcher.send({ type: "unsubscribe", deliveryId });
    expect(await watcher.next()).toEqual({ type: "unsubscribed", deliveryId });
    watcher.close();
  });
});

describe("at most 5 sockets per user per room", () => {
  it("refuses the sixth with 429 before the upgrade, and says why over plain HTTP too", async () => {
    const { deliveryId, customer, admin } = await scene("assigned");
    const open: Client[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) open.push(await connect(deliveryId, customer.cookie));
    const sixth = await upgrade(deliveryId, customer.cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.webSocket).toBeNull();
    expect(await sixth.json()).toEqual({ message: TOO_MANY_SOCKETS });
    const asked = await SELF.fetch(`${ORIGIN}/ws?deliveryId=${deliveryId}`, { headers: { Cookie: customer.cookie } });
    expect(asked.status).toBe(429);
    expect(await asked.json()).toEqual({ message: TOO_MANY_SOCKETS });

    // Another user is not affected; a closed socket frees a place.
    const other = await connect(deliveryId, admin.cookie);
    open[0]!.close();
    await expect.poll(async () => (await upgrade(deliveryId, customer.cookie)).status).toBe(101);
    for (const client of [...open, other]) client.close();
  });
});

describe("a socket's positions reach D1 by the room's timer, not its alarm (decision 0214)", () => {
  const alarmOf = (deliveryId: string) =>
    runInDurableObject(room(deliveryId), (_instance, state) => state.storage.getAlarm());
  const riderLatitudeInD1 = async (deliveryId: string) =>
    (await db().select().from(deliveries).where(eq(deliveries.id, deliveryId)))[0]?.riderLatitude;

  it("writes a socket's position to D1 at the room's flush slot, arming no alarm for it; a leaving socket's arms the alarm", async () => {
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    // A delivery whose flush slot comes 2.5-4.5 s from now, so the write is seen without waiting 30 s.
    const now = Date.now();
    let deliveryId = "";
    for (let i = 0; !deliveryId; i++) {
      const candidate = `flush-timer-${now}-${i}`;
      const wait = flushDueAt(now, flushPhaseOf(candidate)) - now;
      if (wait >= 2_500 && wait <= 4_500) deliveryId = candidate;
    }
    await createDelivery(customer.user.id, rider.user.id, "in_transit", deliveryId);
    const riderClient = await connect(deliveryId, rider.cookie);
    await subscribe(riderClient, deliveryId);
    const reviewAt = await alarmOf(deliveryId);
    expect(reviewAt).not.toBeNull();

    riderClient.send(update(deliveryId, 14.5905, 121.0605));
    const sent = await riderClient.next();
    expect(sent).toMatchObject({ type: "location_update", latitude: 14.5905 });
    const slot = flushDueAt(Date.parse(sent.timestamp), flushPhaseOf(deliveryId));
    expect(slot).toBeLessThan(reviewAt!);
    // The alarm stays where the join set it (the session's review): arming it for each write was a
    // storage write and an event per room and interval.
    expect(await alarmOf(deliveryId)).toBe(reviewAt);
    await expect.poll(() => riderLatitudeInD1(deliveryId), { timeout: 8_000, interval: 100 }).toBe(14.5905);
    const [riderRow] = await db().select().from(users).where(eq(users.id, rider.user.id));
    expect(riderRow).toMatchObject({ lastLatitude: 14.5905, lastLongitude: 121.0605 });

    // The next position, left in memory again: still no alarm for it.
    const alarmBefore = await alarmOf(deliveryId);
    riderClient.send(update(deliveryId, 14.5906, 121.0606));
    const next = await riderClient.next();
    expect(await alarmOf(deliveryId)).toBe(alarmBefore);

    // The rider leaves: the position goes to the room's storage and the alarm is armed to write it
    // to D1 (a timer would die with the object's memory).
    riderClient.close();
    const nextSlot = flushDueAt(Date.parse(next.timestamp), flushPhaseOf(deliveryId));
    await expect.poll(() => alarmOf(deliveryId)).toBeLessThanOrEqual(nextSlot);
    expect(await runDurableObjectAlarm(room(deliveryId))).toBe(true);
    expect(await riderLatitudeInD1(deliveryId)).toBe(14.5906);
  });
});

describe("positions survive a restart", () => {
  it("answers a position no older than 30 s after the room is killed 35 s after the last position, socket still open", async () => {
    const { deliveryId, customer, rider } = await scene("in_transit");
    const riderClient = await connect(deliveryId, rider.cookie);
    await subscribe(riderClient, deliveryId);
    riderClient.send(update(deliveryId, 14.5901, 121.0601));
    const sent = await riderClient.next();
    expect(sent).toMatchObject({ type: "location_update", latitude: 14.5901 });
    const publishedAt = Date.parse(sent.timestamp);

    // Run the room's alarm at each time it arms itself, over the next 35 s (no sleeping).
    let simulatedNow = publishedAt;
    while (simulatedNow < publishedAt + PERSIST_INTERVAL_MS + 5_000) {
      const alarmAt = await runInDurableObject(room(deliveryId), (_instance, state) => state.storage.getAlarm());
      expect(alarmAt).not.toBeNull();
      // Each alarm is armed relative to the time it ran; from the real clock at first.
      simulatedNow = Math.max(simulatedNow + 1, Math.min(alarmAt!, simulatedNow + SESSION_CHECK_INTERVAL_MS));
      await runInDurableObject(room(deliveryId), (instance) => at(simulatedNow, () => instance.alarm()));
    }
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(row).toMatchObject({ riderLatitude: 14.5901, riderLongitude: 121.0601 });
    expect(row!.riderLocatedAt!.getTime()).toBe(publishedAt);

    // Killed: the object is reset, its memory and its sockets (with their attachments) are gone.
    await runInDurableObject(room(deliveryId), (_instance, state) => state.abort("killed by the test")).catch(
      () => undefined,
    );
    await riderClient.closed;
    const reloaded = await connect(deliveryId, customer.cookie);
    await subscribe(reloaded, deliveryId);
    const answer = await reloaded.next();
    expect(answer).toMatchObject({ type: "location_update", latitude: 14.5901, longitude: 121.0601 });
    expect(publishedAt - Date.parse(answer.timestamp)).toBeLessThanOrEqual(30_000);
    expect(PERSIST_INTERVAL_MS).toBeLessThanOrEqual(30_000);
    reloaded.close();
  });
});

describe("changes of who a socket is reach its rooms at once, not at the next review", () => {
  it("closes a watcher's sockets in every room it follows when it logs out; the others stay", async () => {
    const { deliveryId, customer, admin } = await scene("in_transit");
    const secondId = await createDelivery(customer.user.id, null, "pending");
    const watching = [await connect(deliveryId, admin.cookie), await connect(secondId, admin.cookie)];
    for (const [i, client] of watching.entries()) await subscribe(client, [deliveryId, secondId][i]!);
    const customerClient = await connect(deliveryId, customer.cookie);
    await subscribe(customerClient, deliveryId);
    expect(await db().select().from(roomSessions).where(eq(roomSessions.userId, admin.user.id))).toHaveLength(2);

    expect((await api("/api/auth/logout", { method: "POST", cookie: admin.cookie })).status).toBe(200);
    for (const client of watching) expect(await closedWithin(client, 300)).toEqual(signedOut);
    // The records of the ended session go with it.
    expect(await db().select().from(roomSessions).where(eq(roomSessions.userId, admin.user.id))).toEqual([]);
    customerClient.send({ type: "unsubscribe", deliveryId });
    expect(await customerClient.next()).toEqual({ type: "unsubscribed", deliveryId });
    customerClient.close();
  });

  it("closes every session's sockets of a user who deletes their account (4401)", async () => {
    const { deliveryId, admin } = await scene("in_transit");
    const { token } = await createSession(db(), admin.user.id);
    const clients = [await connect(deliveryId, admin.cookie), await connect(deliveryId, `${SESSION_COOKIE}=${token}`)];
    const deleted = await api("/api/auth/user/account", {
      method: "DELETE",
      cookie: admin.cookie,
      body: { confirm: true },
    });
    expect(deleted.status).toBe(200);
    for (const client of clients) expect(await closedWithin(client, 300)).toEqual(signedOut);
  });

  it("closes a watching rider's socket (4403) when they switch to the customer role", async () => {
    const { deliveryId, otherRider } = await scene("pending");
    const bystander = await connect(deliveryId, otherRider.cookie);
    await subscribe(bystander, deliveryId);
    const changed = await api("/api/auth/user/role", {
      method: "PATCH",
      cookie: otherRider.cookie,
      body: { role: "user" },
    });
    expect(changed.status).toBe(200);
    expect(await closedWithin(bystander, 300)).toEqual({
      code: ROOM_CLOSE.hidden,
      reason: ROOM_CLOSE_REASONS.noLongerVisible,
    });
  });

  it("closes the assigned rider's socket (4403) when an admin suspends them; their positions go nowhere, not even over HTTP; the customer stays", async () => {
    const { deliveryId, rider, customer, admin } = await scene("in_transit");
    await env.DB.prepare("UPDATE users SET rider_approved_at = ?2 WHERE id = ?1").bind(rider.user.id, Date.now()).run();
    const watcher = await connect(deliveryId, customer.cookie);
    await subscribe(watcher, deliveryId);
    const riding = await connect(deliveryId, rider.cookie);
    expect(
      (
        await api(`/api/admin/riders/${rider.user.id}/suspend`, {
          cookie: admin.cookie,
          body: { reason: "Late remittance" },
        })
      ).status,
    ).toBe(200);
    expect(await closedWithin(riding, 300)).toEqual({
      code: ROOM_CLOSE.hidden,
      reason: ROOM_CLOSE_REASONS.noLongerVisible,
    });
    // Nor can they post positions over HTTP.
    const refused = await api(`/api/deliveries/${deliveryId}/location`, {
      cookie: rider.cookie,
      body: { latitude: 14.55, longitude: 121.03 },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Your rider account is suspended: Late remittance");
    expect(await drain(watcher)).toEqual([]);
    watcher.close();
  });

  it("closes a socket when its session expires, on the room's own clock", async () => {
    const { deliveryId, customer } = await scene("in_transit");
    // A session opened almost 30 days ago: it expires 1.5 s from now.
    const expiresAt = Date.now() + 1_500;
    const { token } = await createSession(db(), customer.user.id, new Date(expiresAt - SESSION_TTL_MS));
    const watcher = await connect(deliveryId, `${SESSION_COOKIE}=${token}`);
    expect(await subscribe(watcher, deliveryId)).toMatchObject({ type: "subscribed" });
    const alarmAt = await runInDurableObject(room(deliveryId), (_instance, state) => state.storage.getAlarm());
    expect(alarmAt).toBe(expiresAt);
    expect(await closedWithin(watcher, 4_000)).toEqual(signedOut);
    expect(Date.now() - expiresAt).toBeLessThan(2_500);
  });
});
