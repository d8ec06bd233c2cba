import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { liveSession } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { roomSessions, sessions, users } from "~/db/schema";
import { deliveryRoom, noteTold } from "./room.server";

/**
 * The backstop behind the pushes of decision 0214, run by the minute cron (decision 0214): every
 * change of who a socket is made through the app reaches its rooms at once; what goes around the app
 * (a session row revoked by hand, a push that failed, a change racing an upgrade) is found here, in
 * one query over `room_sessions` a minute, instead of each room re-reading its sockets' sessions
 * from D1 every 30 s. Rooms are woken only when something they were told differs from D1.
 */

/** The cron's clean-up: records of sessions that have expired (their sockets closed at the expiry). */
export async function deleteExpiredRoomSessions(env: Env, now = Date.now()): Promise<void> {
  await env.DB.prepare("DELETE FROM room_sessions WHERE expires_at <= ?1").bind(now).run();
}

/**
 * Finds the recorded sessions (not yet expired) that are no longer live (revoked, deleted, their
 * user deactivated) and those whose user's role or suspension differs from what their rooms were
 * last told; tells those rooms (`sessionEnded`, 4401; `userChanged`, which closes with 4403 the
 * sockets that may no longer see the delivery), then deletes or updates the records. Never throws.
 */
export async function reviewRoomSessions(env: Env, now = Date.now()): Promise<void> {
  try {
    const db = getDb(env.DB);
    const at = new Date(now);
    const live = sql<number>`coalesce((${liveSession(at)}), 0)`;
    const rows = await db
      .select({
        sessionHash: roomSessions.sessionHash,
        deliveryId: roomSessions.deliveryId,
        userId: roomSessions.userId,
        live,
        role: users.role,
        riderSuspendedAt: users.riderSuspendedAt,
      })
      .from(roomSessions)
      .leftJoin(sessions, eq(sessions.idHash, roomSessions.sessionHash))
      .leftJoin(users, eq(users.id, roomSessions.userId))
      .where(
        and(
          gt(roomSessions.expiresAt, at),
          or(
            sql`${live} = 0`,
            sql`${roomSessions.role} IS NOT ${users.role}`,
            sql`${roomSessions.riderSuspendedAt} IS NOT ${users.riderSuspendedAt}`,
          ),
        ),
      );
    if (rows.length === 0) return;

    const ended = rows.filter((row) => !row.live);
    const changed = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (row.live && row.role) changed.set(`${row.deliveryId} ${row.userId}`, row);
    await Promise.all([
      ...ended.map((row) => deliveryRoom(env, row.deliveryId).sessionEnded(row.userId, row.sessionHash)),
      ...[...changed.values()].map((row) =>
        deliveryRoom(env, row.deliveryId).userChanged({
          userId: row.userId,
          role: row.role!,
          riderSuspendedAt: row.riderSuspendedAt?.getTime() ?? null,
        }),
      ),
    ]);
    const endedHashes = [...new Set(ended.map((row) => row.sessionHash))];
    if (endedHashes.length > 0) await db.delete(roomSessions).where(inArray(roomSessions.sessionHash, endedHashes));
    const told = new Map([...changed.values()].map((row) => [row.userId, row]));
    for (const { userId, role, riderSuspendedAt } of told.values())
      await noteTold(env, { userId, role: role!, riderSuspendedAt: riderSuspendedAt?.getTime() ?? null });
  } catch (error) {
    console.error("tracking: the cron's review of the rooms' sessions failed; the next minute retries", error);
  }
}
