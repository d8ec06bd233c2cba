import { eq } from "drizzle-orm";
import { getSession } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { deliveries, roomSessions, type DeliveryStatus, type User } from "~/db/schema";
import { canSeeDelivery } from "~/deliveries/visibility";
import { refusalAnswer } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";
import { Refusal } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";
import { suspensionRefusal } from "~/auth/suspension";
import { findByRecipientToken } from "./recipient-link.server";
import type { Actor } from "./room-rules";
import { TOO_MANY_SOCKETS, TRACKABLE_STATUSES, TRACKING_ERRORS, type Coordinates } from "./channel-messages";
import { RECIPIENT_SESSION, ROOM_HEADERS, type PublishResult, type UserChange } from "./room-protocol";

/**
 * The Worker's side of live tracking: the gate in front of `/ws`, the status notifications the
 * delivery routes send after an accept or a status change, and the HTTP location fallback. All of
 * them reach the delivery's own room (`idFromName(deliveryId)`).
 */

const MAX_DELIVERY_ID_LENGTH = 64;

/** The room's id for a socket opened with a recipient link (no session, never a user id). */
const recipientViewerId = (deliveryId: string) => `recipient:${deliveryId}`;

export function deliveryRoom(env: Env, deliveryId: string) {
  return env.DELIVERY_ROOM.get(env.DELIVERY_ROOM.idFromName(deliveryId));
}

/** The /ws gate's protocol refusals: `{ message }`, a message id the page puts into words (401 and 404 are Refusals like every route's). */
const jsonError = (status: number, message: string) => Response.json({ message }, { status });
const DELIVERY_ID_REQUIRED = encodeMessage("server.tracking.deliveryIdRequired");
const UPGRADE_EXPECTED = encodeMessage("server.tracking.upgradeExpected");

/**
 * `GET /ws?deliveryId={id}` (docs/guide/deliveries.md#live-tracking). Before the upgrade: 400 without an id,
 * 426 without an upgrade (429 instead when the signed-in caller's sockets are at the cap), 401
 * without a session, 404 when the caller may not see the delivery, 429 (from the room) when the
 * caller already has MAX_SOCKETS_PER_USER sockets in the room.
 * Then the request goes to the room carrying who the caller is, in headers set here after every
 * client-supplied `x-hatid-*` header was removed.
 */
export async function openTrackingSocket(request: Request, env: Env): Promise<Response> {
  const deliveryId = new URL(request.url).searchParams.get("deliveryId");
  if (!deliveryId || deliveryId.length > MAX_DELIVERY_ID_LENGTH) return jsonError(400, DELIVERY_ID_REQUIRED);
  const isUpgrade = request.headers.get("Upgrade")?.toLowerCase() === "websocket";
  let viewer: { id: string; role: User["role"] };
  let sessionHash: string;
  let sessionExpiresAt: number | null = null;
  const recipientToken = new URL(request.url).searchParams.get("token");
  if (recipientToken !== null) {
    // The recipient's public link: admitted by its token, read-only (the room accepts positions only
    // from the assigned rider). Its id can never be a user's, and it has no session to re-check.
    if (!isUpgrade) return jsonError(426, UPGRADE_EXPECTED);
    const found = await findByRecipientToken(env, recipientToken);
    if (!found || found.delivery.id !== deliveryId)
      return refusalAnswer(new Refusal(404, "server.http.notFound"), languageOf(request));
    viewer = { id: recipientViewerId(deliveryId), role: "user" };
    sessionHash = RECIPIENT_SESSION;
  } else {
    const session = await getSession(request, env);
    if (!isUpgrade) {
      // Asked without an upgrade (the page does, when its socket was refused): 429 if that was the cap.
      const full =
        session !== null &&
        (await isVisibleTo(env, session.user, deliveryId)) &&
        (await deliveryRoom(env, deliveryId)
          .isFullFor(session.user.id)
          .catch(() => false));
      return full ? jsonError(429, TOO_MANY_SOCKETS) : jsonError(426, UPGRADE_EXPECTED);
    }
    if (!session) return refusalAnswer(new Refusal(401, "server.http.unauthorized"), languageOf(request));
    if (!(await isVisibleTo(env, session.user, deliveryId))) {
      const suspended = suspensionRefusal(session.user);
      return suspended
        ? refusalAnswer(suspended, languageOf(request, session.user))
        : refusalAnswer(new Refusal(404, "server.http.notFound"), languageOf(request, session.user));
    }
    viewer = session.user;
    sessionHash = session.sessionHash;
    sessionExpiresAt = session.expiresAt.getTime();
    // Before the upgrade reaches the room, so a logout or a change of the user right after it finds the room.
    const recorded = await recordRoomSession(env, {
      sessionHash,
      deliveryId,
      userId: viewer.id,
      expiresAt: sessionExpiresAt,
      role: viewer.role,
      riderSuspendedAt: session.user.riderSuspendedAt?.getTime() ?? null,
    });
    if (!recorded) return jsonError(503, TRACKING_ERRORS.unavailable);
  }

  const headers = new Headers(request.headers);
  for (const name of [...headers.keys()]) if (name.toLowerCase().startsWith("x-hatid-")) headers.delete(name);
  headers.set(ROOM_HEADERS.userId, viewer.id);
  headers.set(ROOM_HEADERS.role, viewer.role);
  headers.set(ROOM_HEADERS.deliveryId, deliveryId);
  headers.set(ROOM_HEADERS.sessionHash, sessionHash);
  if (sessionExpiresAt !== null) headers.set(ROOM_HEADERS.sessionExpiresAt, String(sessionExpiresAt));
  return deliveryRoom(env, deliveryId).fetch(new Request(request.url, { method: "GET", headers }));
}

/**
 * Tells the delivery's room that its status or rider changed (call it after the change is in D1:
 * accept, release, reassignment, pickup, delivery, cancellation). The room closes (4403) the
 * sockets of users who may no longer see the delivery (`canSeeDelivery`), then pushes
 * `status_update` to the others, writes the last position to D1 and schedules its cleanup once the
 * delivery ended.
 * Never throws: a failure is logged and the room catches up from D1 later.
 */
export async function notifyStatusChange(
  env: Env,
  deliveryId: string,
  status: DeliveryStatus,
  riderId: string | null,
  at: Date = new Date(),
): Promise<void> {
  try {
    await deliveryRoom(env, deliveryId).statusChanged({ deliveryId, status, riderId, at: at.getTime() });
  } catch (error) {
    console.error(`tracking: status notification for delivery ${deliveryId} failed`, error);
  }
}

/**
 * Notes that a session is opening a socket in a delivery's room (`room_sessions`, decision 0214 and
 * 0185), with who its user is as the room is told: the end of the session or a change of its user
 * then reaches that room at once, and the minute cron finds what goes around the app. A record kept
 * from an earlier socket stays as it is (it holds what that room was told). False when it failed:
 * the socket is then refused, since nothing would watch its session after its first review.
 */
async function recordRoomSession(
  env: Env,
  row: {
    sessionHash: string;
    deliveryId: string;
    userId: string;
    expiresAt: number;
    role: User["role"];
    riderSuspendedAt: number | null;
  },
): Promise<boolean> {
  try {
    await env.DB.prepare(
      "INSERT INTO room_sessions (session_hash, delivery_id, user_id, expires_at, role, rider_suspended_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
    )
      .bind(row.sessionHash, row.deliveryId, row.userId, row.expiresAt, row.role, row.riderSuspendedAt)
      .run();
    return true;
  } catch (error) {
    console.error("tracking: recording the room of a socket failed; the socket is refused", error);
    return false;
  }
}

/** Records what the rooms holding the user's sockets were just told (a push of `userChanged`). */
export async function noteTold(env: Env, told: UserChange): Promise<void> {
  const set: Partial<typeof roomSessions.$inferInsert> = {};
  if (told.role !== undefined) set.role = told.role;
  if (told.riderSuspendedAt !== undefined)
    set.riderSuspendedAt = told.riderSuspendedAt === null ? null : new Date(told.riderSuspendedAt);
  if (Object.keys(set).length === 0) return;
  await getDb(env.DB).update(roomSessions).set(set).where(eq(roomSessions.userId, told.userId));
}

/**
 * A session ended (logout): its sockets are closed at once (4401), before the logout is answered,
 * in every room it opened one in (`room_sessions`) and in those of the deliveries its user rides
 * now (the rooms where it could publish a position, whatever the record says). Never throws.
 */
export async function closeSocketsOfEndedSession(
  env: Env,
  ended: { userId: string; sessionHash: string } | null,
): Promise<void> {
  if (!ended) return;
  try {
    const { results } = await env.DB.prepare(
      `SELECT delivery_id AS id FROM room_sessions WHERE session_hash = ?1
       UNION SELECT id FROM deliveries WHERE rider_id = ?2 AND status IN (${TRACKABLE_STATUSES.map((s) => `'${s}'`).join(", ")})`,
    )
      .bind(ended.sessionHash, ended.userId)
      .all<{ id: string }>();
    await Promise.all(results.map(({ id }) => deliveryRoom(env, id).sessionEnded(ended.userId, ended.sessionHash)));
    await env.DB.prepare("DELETE FROM room_sessions WHERE session_hash = ?1").bind(ended.sessionHash).run();
  } catch (error) {
    console.error("tracking: closing the sockets of an ended session failed; the cron's review closes them", error);
  }
}

/**
 * Who a user is changed (a role change, a suspension or its end, a deactivation: call it after the
 * change is in D1): every room holding their sockets hears it at once and closes those that may
 * no longer see the delivery (4403), or all of them when the user is signed out everywhere (4401).
 * Never throws.
 */
export async function tellRoomsUserChanged(env: Env, change: UserChange): Promise<void> {
  try {
    const { results } = await env.DB.prepare("SELECT DISTINCT delivery_id AS id FROM room_sessions WHERE user_id = ?1")
      .bind(change.userId)
      .all<{ id: string }>();
    await Promise.all(results.map(({ id }) => deliveryRoom(env, id).userChanged(change)));
    if (change.signedOut)
      await env.DB.prepare("DELETE FROM room_sessions WHERE user_id = ?1").bind(change.userId).run();
    else await noteTold(env, change);
  } catch (error) {
    console.error(
      `tracking: telling the rooms of user ${change.userId} about a change failed; the cron's review catches it`,
      error,
    );
  }
}

type PublishOutcome = PublishResult | { ok: false; reason: "unavailable"; message: string };

/** The HTTP fallback: the same room method as a socket's `location_update` (shared limit and broadcast). */
async function publishLocation(
  env: Env,
  deliveryId: string,
  actor: Actor,
  coordinates: Coordinates,
): Promise<PublishOutcome> {
  try {
    return await deliveryRoom(env, deliveryId).publishLocation(deliveryId, actor, coordinates);
  } catch (error) {
    console.error(`tracking: location update for delivery ${deliveryId} failed`, error);
    return { ok: false, reason: "unavailable", message: TRACKING_ERRORS.unavailable };
  }
}

/** HTTP status of each refusal of the location fallback (docs/decisions/0214-live-tracking.md). */
const REFUSAL_STATUS: Record<Exclude<PublishOutcome, { ok: true }>["reason"], number> = {
  notAssignedRider: 403,
  notFound: 404,
  notTrackable: 409,
  tooFrequent: 429,
  unavailable: 503,
};

async function isVisibleTo(
  env: Env,
  user: Pick<User, "id" | "role" | "riderSuspendedAt">,
  deliveryId: string,
): Promise<boolean> {
  const [delivery] = await getDb(env.DB)
    .select({
      customerId: deliveries.customerId,
      riderId: deliveries.riderId,
      status: deliveries.status,
      paymentStatus: deliveries.paymentStatus,
    })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId))
    .limit(1);
  return delivery !== undefined && canSeeDelivery(user, delivery);
}

/** Throws the 404 answer unless `user` may see the delivery (`canSeeDelivery`). */
export async function requireVisibleDelivery(
  env: Env,
  user: Pick<User, "id" | "role" | "riderSuspendedAt">,
  deliveryId: string,
): Promise<void> {
  if (!(await isVisibleTo(env, user, deliveryId))) throw new Refusal(404, "server.http.notFound");
}

/**
 * The answer of `POST /api/deliveries/{id}/location` once the route checked session, role,
 * visibility and body: the room's rules decide (403 not the assigned rider, 409 not assigned /
 * picked up / in transit, 429 within a second of the last accepted update); 200 with the
 * broadcast `location_update` when accepted.
 */
export async function shareLocation(
  env: Env,
  rider: Actor,
  deliveryId: string,
  coordinates: Coordinates,
): Promise<Response> {
  const outcome = await publishLocation(env, deliveryId, rider, coordinates);
  if (outcome.ok) return Response.json(outcome.message);
  throw new Refusal(
    REFUSAL_STATUS[outcome.reason],
    outcome.reason === "notFound" ? "server.http.notFound" : `server.tracking.${outcome.reason}`,
  );
}
