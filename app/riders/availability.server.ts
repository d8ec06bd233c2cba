import { and, eq, isNull, lt, or } from "drizzle-orm";
import { requireApiRole, type SessionContext } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { Refusal } from "~/http/refusal";

/**
 * Go Online (docs/guide/people-and-access.md): riders are offline until they go online; offline
 * riders neither see nor accept available deliveries but still finish what they hold. Admins see a
 * rider not heard from for 10 minutes as offline.
 */
/** A rider silent for this long counts as offline to admins. */
export const ONLINE_STALE_MS = 10 * 60 * 1000;
/** "Heard from" is written at most once a minute per rider, not on every request. */
const SEEN_WRITE_INTERVAL_MS = 60 * 1000;

type Presence = Pick<User, "riderOnline" | "riderSeenAt" | "lastLocatedAt">;

/** When the app last heard from the rider: their last request, or the last position their room saved. */
function lastHeardAt(rider: Presence): number | null {
  const times = [rider.riderSeenAt, rider.lastLocatedAt].filter((t): t is Date => t !== null).map(Number);
  return times.length ? Math.max(...times) : null;
}

/** Online as admins see it: the rider chose online and was heard from in the last 10 minutes. */
export function isSeenOnline(rider: Presence, now: number | Date): boolean {
  const heard = lastHeardAt(rider);
  return rider.riderOnline && heard !== null && Number(now) - heard < ONLINE_STALE_MS;
}

/** Records that the rider was heard from now (at most one write a minute). */
export async function touchRider(db: Db, riderId: string, now: number | Date = Date.now()): Promise<void> {
  const at = new Date(Number(now));
  await db
    .update(users)
    .set({ riderSeenAt: at })
    .where(
      and(
        eq(users.id, riderId),
        or(isNull(users.riderSeenAt), lt(users.riderSeenAt, new Date(Number(now) - SEEN_WRITE_INTERVAL_MS))),
      ),
    );
}

/** For rider `/api` routes: 401 anonymous, 403 other roles; the rider is marked as heard from. */
export async function requireRider(args: SessionContext): Promise<User> {
  const rider = await requireApiRole(args, "rider");
  await touchRider(getDb(args.context.cloudflare.env.DB), rider.id);
  return rider;
}

/** Throws the 409 for an offline rider (available list, accept). */
export function requireOnline(rider: Pick<User, "riderOnline">): void {
  if (!rider.riderOnline) throw new Refusal(409, "server.riders.offline");
}

/** `POST /api/rider/availability`: the rider goes online or offline. */
export async function setRiderAvailability(
  db: Db,
  riderId: string,
  online: boolean,
  now = new Date(),
): Promise<boolean> {
  const [updated] = await db
    .update(users)
    .set({ riderOnline: online, riderSeenAt: now, updatedAt: now })
    .where(eq(users.id, riderId))
    .returning({ online: users.riderOnline });
  return updated?.online ?? online;
}
