import { getSessionUser } from "~/auth/session.server";
import { sha256Hex } from "~/auth/crypto.server";
import { requestLanguage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { refusalAnswer } from "./api.server";
import {
  bodyLimitFor,
  BodyTooLargeError,
  bodyTooLargeRefusalFor,
  bodyUnreadableRefusal,
  readBodyCapped,
} from "./body-limit.server";
import { Refusal } from "./refusal";

/**
 * `Idempotency-Key` on mutating `/api` calls (docs/guide/deliveries.md#field-conditions): a rider whose phone
 * lost the answer sends the call again with the same key and gets the first answer back, without
 * the call running twice. Keys belong to a user and live 24 hours; the same key with another
 * method, path or body answers 422. Calls without a session (sign-in) run as they are.
 * docs/decisions/0218-idempotency.md explains the choices.
 */
const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claimed key that never got its answer (the Worker crashed mid-call) holds off its
 * retries: after this lease the same request takes it over and runs (decision 0180).
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;
/** Sent with the 409 "still being processed", so a client (the offline queue) knows to try again, in any language. */
const IN_PROGRESS_HEADER = "Idempotency-In-Progress";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const VALID_KEY = /^[\x21-\x7e]{1,64}$/;
/**
 * Calls whose key is checked but never stored (decision 0216, amended): a member's ballot. Its row
 * would keep the member's id beside a hash of one of three bodies (their choice) and the answer; a
 * ballot needs no record to be repeated safely, since a repeat sets the same choice again.
 */
const UNRECORDED = [/^\/api\/proposals\/[^/]+\/ballot\/?$/i];

/** The refusals' message ids (app/i18n/catalogs/<language>/server/http.ts). */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "server.http.idempotencyKeyInvalid",
  reused: "server.http.idempotencyKeyReused",
  inProgress: "server.http.idempotencyInProgress",
} as const;

export function wantsIdempotency(request: Request): boolean {
  return (
    MUTATING.has(request.method) &&
    request.headers.has(IDEMPOTENCY_HEADER) &&
    new URL(request.url).pathname.startsWith("/api/")
  );
}

type Handle = (request: Request) => Promise<Response>;

export async function withIdempotency(request: Request, env: Env, handle: Handle, now = Date.now()): Promise<Response> {
  const user = await getSessionUser(request, env);
  if (!user) return handle(request);
  // Refusals in the caller's language (their account's setting, else the cookie or header).
  const language = await requestLanguage(request, env);
  const key = request.headers.get(IDEMPOTENCY_HEADER) ?? "";
  if (!VALID_KEY.test(key)) return refusalAnswer(new Refusal(400, IDEMPOTENCY_MESSAGES.invalidKey), language);

  const url = new URL(request.url);
  if (UNRECORDED.some((path) => path.test(url.pathname))) return handle(request);
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(request, bodyLimitFor(url.pathname));
  } catch (error) {
    return refusalAnswer(
      error instanceof BodyTooLargeError ? bodyTooLargeRefusalFor(url.pathname, error.limit) : bodyUnreadableRefusal(),
      language,
    );
  }
  const requestHash = await sha256Hex(
    `${request.method}\n${url.pathname}${url.search}\n${new TextDecoder().decode(bytes)}`,
  );
  // Built from the URL, not from `request`: an empty body a browser sent (Content-Length: 0) is a
  // used stream by now, and `new Request(request, …)` refuses to reuse it.
  const replayable = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    // The bytes as sent (an upload's photo is not text).
    body: MUTATING.has(request.method) && bytes.byteLength > 0 ? (bytes as Uint8Array<ArrayBuffer>) : null,
    redirect: request.redirect,
    signal: request.signal,
  });

  // Claim the key, or take over one that expired, or the same request's claim whose lease lapsed
  // without an answer (a crash mid-call); a live row stays as it is.
  const claimed = await env.DB.prepare(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (user_id, key) DO UPDATE SET request_hash = ?3, created_at = ?4, status = NULL, body = NULL, content_type = NULL, completed_at = NULL
     WHERE idempotency_keys.created_at <= ?5
        OR (idempotency_keys.completed_at IS NULL AND idempotency_keys.created_at <= ?6 AND idempotency_keys.request_hash = ?3)`,
  )
    .bind(user.id, key, requestHash, now, now - IDEMPOTENCY_TTL_MS, now - IDEMPOTENCY_LEASE_MS)
    .run();

  if (claimed.meta.changes === 0) {
    const first = await env.DB.prepare(
      "SELECT request_hash, status, body, content_type, completed_at FROM idempotency_keys WHERE user_id = ?1 AND key = ?2",
    )
      .bind(user.id, key)
      .first<{
        request_hash: string;
        status: number | null;
        body: string | null;
        content_type: string | null;
        completed_at: number | null;
      }>();
    if (!first) return inProgress(language);
    if (first.request_hash !== requestHash)
      return refusalAnswer(new Refusal(422, IDEMPOTENCY_MESSAGES.reused), language);
    if (first.completed_at === null || first.status === null) return inProgress(language);
    const headers = new Headers({ "Idempotent-Replayed": "true" });
    if (first.content_type) headers.set("Content-Type", first.content_type);
    return new Response(first.body, { status: first.status, headers });
  }

  let response: Response;
  try {
    response = await handle(replayable);
  } catch (error) {
    await release(env, user.id, key, now);
    throw error;
  }
  // A server failure is not an answer worth keeping: the same key may try again.
  if (response.status >= 500) {
    await release(env, user.id, key, now);
    return response;
  }
  const text = await response.text();
  // Only our own claim (created_at = now): a retry that took the key over after the lease answers for it.
  await env.DB.prepare(
    "UPDATE idempotency_keys SET status = ?3, body = ?4, content_type = ?5, completed_at = ?6 WHERE user_id = ?1 AND key = ?2 AND created_at = ?7 AND completed_at IS NULL",
  )
    .bind(user.id, key, response.status, text, response.headers.get("Content-Type"), Date.now(), now)
    .run();
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const inProgress = (language: Language) =>
  refusalAnswer(new Refusal(409, IDEMPOTENCY_MESSAGES.inProgress), language, {
    headers: { [IN_PROGRESS_HEADER]: "true", "Retry-After": "5" },
  });

async function release(env: Env, userId: string, key: string, claimedAt: number) {
  await env.DB.prepare(
    "DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND completed_at IS NULL AND created_at = ?3",
  )
    .bind(userId, key, claimedAt)
    .run();
}

/** Drops keys past their 24 hours (the scheduled clean-up). */
export async function deleteExpiredIdempotencyKeys(env: Env, now = Date.now()) {
  await env.DB.prepare("DELETE FROM idempotency_keys WHERE created_at <= ?1")
    .bind(now - IDEMPOTENCY_TTL_MS)
    .run();
}
