import { and, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { sessions, users, type Role, type User } from "~/db/schema";
import { forbidden, unauthorized } from "~/http/refusal";
import { suspensionRefusal } from "./suspension";
import { randomToken, sha256Hex } from "./crypto.server";

/**
 * Sessions (docs/guide/people-and-access.md#sessions): a random 256-bit id in an HttpOnly, SameSite=Lax cookie (Secure
 * over https), stored in D1 only as its SHA-256, valid 30 days, revocable.
 */
export const SESSION_COOKIE = "hatid_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionContext {
  request: Request;
  context: { cloudflare: { env: Env } };
}

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** The cookie of a session just created: it lives exactly as long as the session row. */
export function sessionCookieHeader(request: Request, token: string): string {
  const maxAge = SESSION_TTL_MS / 1000;
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(isHttps(request) ? ["Secure"] : []),
  ].join("; ");
}

export function clearSessionCookieHeader(request: Request): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(isHttps(request) ? ["Secure"] : []),
  ].join("; ");
}

/** Opens a session for the user; returns the raw token (for the cookie) — only its hash is stored. */
export async function createSession(db: Db, userId: string, now = new Date()) {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ idHash: await sha256Hex(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The one rule of a live session, shared by every request, by the delivery rooms' re-checks of
 * their open sockets and by the cron over `room_sessions`: not revoked, not expired, and its user
 * not deactivated. (A later rule on users, such as a suspension, belongs here or in
 * `canSeeDelivery`, so sockets follow it too.) For a query that joins `sessions` and `users`.
 */
export function liveSession(now: Date): SQL {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(users.deactivatedAt))!;
}

/** The SHA-256 of this request's session cookie (what D1 stores), or null without one. */
async function sessionHashOf(request: Request): Promise<string | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token || token.length > 128) return null;
  return sha256Hex(token);
}

/** The signed-in user of this request and its session's hash, or null (no cookie, unknown, expired, revoked, deactivated). */
export async function getSession(
  request: Request,
  env: Env,
  now = new Date(),
): Promise<{ user: User; sessionHash: string; expiresAt: Date } | null> {
  const sessionHash = await sessionHashOf(request);
  if (!sessionHash) return null;
  const [row] = await getDb(env.DB)
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sessionHash), liveSession(now)))
    .limit(1);
  return row ? { user: row.user, sessionHash, expiresAt: row.expiresAt } : null;
}

/** The signed-in user of this request, or null (no cookie, unknown, expired, revoked, deactivated). */
export async function getSessionUser(request: Request, env: Env, now = new Date()): Promise<User | null> {
  return (await getSession(request, env, now))?.user ?? null;
}

/**
 * The users of those of `sessionHashes` that are still live (one query), keyed by session hash.
 * A hash missing from the answer is a session that ended (logout, expiry, revocation, deactivation).
 */
export async function liveSessionUsers(
  db: Db,
  sessionHashes: string[],
  now = new Date(),
): Promise<Map<string, SessionUser>> {
  const found = new Map<string, SessionUser>();
  if (sessionHashes.length === 0) return found;
  // Only the columns `canSeeDelivery` needs: every delivery room runs this for its sockets (a 30 s
  // backstop, decision 0214), and turning a whole users row into an object cost more CPU than the
  // query (decision 0214).
  const rows = await db
    .select({ sessionHash: sessions.idHash, id: users.id, role: users.role, riderSuspendedAt: users.riderSuspendedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.idHash, sessionHashes), liveSession(now)));
  for (const { sessionHash, ...user } of rows) found.set(sessionHash, user);
  return found;
}

/** What a live session's user is to the delivery rooms (enough for `canSeeDelivery`). */
export type SessionUser = Pick<User, "id" | "role" | "riderSuspendedAt">;

/** Ends this request's session; answers whose session it was (null: none, or already ended). */
export async function revokeSessionOf(
  request: Request,
  env: Env,
  now = new Date(),
): Promise<{ userId: string; sessionHash: string } | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const sessionHash = await sha256Hex(token);
  const [ended] = await getDb(env.DB)
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.idHash, sessionHash), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return ended ? { userId: ended.userId, sessionHash } : null;
}

export async function revokeAllSessions(db: Db, userId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** For `/api` routes: the signed-in user, or a thrown 401 Refusal ("Unauthorized", in the caller's language). */
export async function requireApiUser({ request, context }: SessionContext): Promise<User> {
  const user = await getSessionUser(request, context.cloudflare.env);
  if (!user) throw unauthorized();
  return user;
}

/**
 * For `/api` routes: the signed-in user with one of these roles; 401 if anonymous, 403 if the wrong
 * role, and 403 "Your rider account is suspended: {reason}" for a suspended rider on a rider call.
 */
export async function requireApiRole(args: SessionContext, ...roles: Role[]): Promise<User> {
  const user = await requireApiUser(args);
  if (!roles.includes(user.role)) throw forbidden();
  if (user.role === "rider") {
    const suspended = suspensionRefusal(user);
    if (suspended) throw suspended;
  }
  return user;
}
