import { Refusal } from "../app/http/refusal";

/**
 * Mutating requests from another origin are refused (docs/guide/people-and-access.md#sessions). Browsers send `Origin`
 * on every POST/PATCH/PUT/DELETE; where it is missing we fall back to `Sec-Fetch-Site`. A request
 * with neither comes from no browser, so it carries no victim's cookie and is let through.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const isWebSocketUpgrade = (request: Request) => request.headers.get("Upgrade")?.toLowerCase() === "websocket";

/**
 * Also refused: a WebSocket handshake from another origin (cross-site WebSocket hijacking). It is a
 * GET that carries the session cookie, and the socket then acts for the user.
 */
export function isCrossOriginMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method) && !isWebSocketUpgrade(request)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/** The 403 of a cross-origin mutation (the Worker answers it in the caller's language). */
export const crossOriginRefusal = () => new Refusal(403, "server.http.crossOrigin");
