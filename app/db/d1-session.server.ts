/**
 * D1 read replication through the Sessions API (decision 0060). Every request runs its queries in
 * one D1 session: a read (GET, HEAD) may be answered by a replica, starting no earlier than the
 * bookmark of the caller's last write (the `hatid_d1_bookmark` cookie), so a user always reads their
 * own writes; a write starts at the primary and its answer carries the new bookmark. Without
 * replication (locally, or a database without it) every session is the primary.
 */
export const D1_BOOKMARK_COOKIE = "hatid_d1_bookmark";
/** Replicas catch up within seconds; the bookmark only has to outlive that. */
const BOOKMARK_MAX_AGE_S = 300;
const MAX_BOOKMARK_LENGTH = 256;

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

function bookmarkOf(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== D1_BOOKMARK_COOKIE) continue;
    const value = rest.join("=");
    return value && value.length <= MAX_BOOKMARK_LENGTH && /^[\w.:-]+$/.test(value) ? value : null;
  }
  return null;
}

export interface D1RequestSession {
  /** The request's env, with `DB` as the session (same interface for `prepare` and `batch`). */
  env: Env;
  /** Adds the session's bookmark to a write's answer (reads leave the cookie as it is). */
  finish(response: Response): Response;
}

export function withD1Session(request: Request, env: Env): D1RequestSession {
  if (env.D1_READ_SESSIONS === "off" || typeof env.DB.withSession !== "function")
    return { env, finish: (response) => response };
  const read = isRead(request);
  const session = env.DB.withSession(read ? (bookmarkOf(request) ?? "first-unconstrained") : "first-primary");
  return {
    env: { ...env, DB: session as unknown as D1Database },
    finish(response) {
      const bookmark = read ? null : session.getBookmark();
      if (!bookmark || response.status === 101) return response;
      const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
      if (!/^[\w.:-]+$/.test(bookmark)) return response;
      const cookie = `${D1_BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE_S}${secure}`;
      const answered = new Response(response.body, response);
      answered.headers.append("Set-Cookie", cookie);
      return answered;
    },
  };
}
