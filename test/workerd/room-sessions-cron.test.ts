import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { roomSessions, sessions, users } from "~/db/schema";
import { ROOM_CLOSE, ROOM_CLOSE_REASONS } from "~/tracking/channel-messages";
import { reviewRoomSessions } from "~/tracking/room-sessions.server";
import { db } from "./helpers";
import { connect, room, scene, subscribe, type Client } from "./room-fixtures";

/**
 * Decision 0214: a room re-reads a socket's session from D1 once, after it joined; from then on the
 * minute cron over `room_sessions` is the backstop for what goes around the app (rows changed in D1
 * directly here, as a push that failed would leave them).
 */

const signedOut = { code: ROOM_CLOSE.signedOut, reason: ROOM_CLOSE_REASONS.signedOut };
const closedWithin = (client: Client, ms: number) =>
  Promise.race([client.closed, new Promise((resolve) => setTimeout(() => resolve("still open"), ms))]);

/** Sockets connected and subscribed, past their room's one review. */
async function reviewed(deliveryId: string, cookies: string[]): Promise<Client[]> {
  const clients: Client[] = [];
  for (const cookie of cookies) {
    const client = await connect(deliveryId, cookie);
    await subscribe(client, deliveryId);
    clients.push(client);
  }
  await runDurableObjectAlarm(room(deliveryId));
  return clients;
}

describe("the minute cron over room_sessions (decision 0214)", () => {
  it("records who each socket's user is as its room was told", async () => {
    const { deliveryId, rider } = await scene("in_transit");
    const [client] = await reviewed(deliveryId, [rider.cookie]);
    const rows = await db().select().from(roomSessions).where(eq(roomSessions.userId, rider.user.id));
    expect(rows).toMatchObject([{ deliveryId, role: "rider", riderSuspendedAt: null }]);
    client!.close();
  });

  it("after its first review a room does not re-read sessions: a revocation in D1 is the cron's to find, and it closes the sockets (4401)", async () => {
    const { deliveryId, customer, admin, rider } = await scene("assigned");
    const [watcher, adminClient, riderClient] = await reviewed(deliveryId, [
      customer.cookie,
      admin.cookie,
      rider.cookie,
    ]);

    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, admin.user.id));
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, rider.user.id));
    // The room's alarm no longer reads D1 for them (its one review is done).
    await runDurableObjectAlarm(room(deliveryId));
    expect(await closedWithin(adminClient!, 300)).toBe("still open");

    await reviewRoomSessions(env);
    expect(await closedWithin(adminClient!, 1_000)).toEqual(signedOut);
    expect(await closedWithin(riderClient!, 1_000)).toEqual(signedOut);
    expect(await closedWithin(watcher!, 300)).toBe("still open");
    // The ended sessions' records go; the live one stays.
    expect(await db().select().from(roomSessions).where(eq(roomSessions.userId, admin.user.id))).toEqual([]);
    expect(await db().select().from(roomSessions).where(eq(roomSessions.userId, customer.user.id))).toHaveLength(1);
    watcher!.close();
  });

  it("tells the rooms of a role change or a suspension made in D1 (4403 for those who may no longer see the delivery) and records what they were told", async () => {
    const { deliveryId, customer, otherRider } = await scene("pending");
    const [watcher, bystander] = await reviewed(deliveryId, [customer.cookie, otherRider.cookie]);
    await db().update(users).set({ role: "user" }).where(eq(users.id, otherRider.user.id));
    await reviewRoomSessions(env);
    expect(await closedWithin(bystander!, 1_000)).toEqual({
      code: ROOM_CLOSE.hidden,
      reason: ROOM_CLOSE_REASONS.noLongerVisible,
    });
    expect(
      await db()
        .select({ role: roomSessions.role })
        .from(roomSessions)
        .where(eq(roomSessions.userId, otherRider.user.id)),
    ).toEqual([{ role: "user" }]);

    const assigned = await scene("in_transit");
    const [riding] = await reviewed(assigned.deliveryId, [assigned.rider.cookie]);
    await db().update(users).set({ riderSuspendedAt: new Date() }).where(eq(users.id, assigned.rider.user.id));
    await reviewRoomSessions(env);
    expect(await closedWithin(riding!, 1_000)).toEqual({
      code: ROOM_CLOSE.hidden,
      reason: ROOM_CLOSE_REASONS.noLongerVisible,
    });
    expect(await closedWithin(watcher!, 300)).toBe("still open");
    watcher!.close();
  });
});
