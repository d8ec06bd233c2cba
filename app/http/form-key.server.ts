import { redirect } from "@remix-run/cloudflare";
import { IDEMPOTENCY_TTL_MS, IDEMPOTENCY_LEASE_MS } from "./idempotency.server";
import { Refusal } from "./refusal";

/**
 * The Idempotency-Key of a money form posted to a page's action (decision 0180 and 0187): the
 * page's loader makes a key at render (`newFormKey`), the form sends it in the hidden field
 * `FORM_KEY_FIELD`, and the action runs the change once per user, key and intent (`onceForFormKey`).
 * A double submit (two taps, the browser's resend) finds the key taken and is sent back to the page,
 * which shows what the first one did. A refusal or a server failure frees the key, so the corrected
 * form goes through. The keys share the `/api` calls' table (with a `form:` prefix) and its 24 hours.
 */
import { FORM_KEY_FIELD } from "./form-key";

export { FORM_KEY_FIELD };
const VALID_KEY = /^[A-Za-z0-9-]{8,64}$/;

export const newFormKey = () => crypto.randomUUID();

/** The hidden field's key: a Refusal (400) when it is missing or not a key. */
export function formKeyOf(formData: FormData): string {
  const key = formData.get(FORM_KEY_FIELD);
  if (typeof key !== "string" || !VALID_KEY.test(key)) throw new Refusal(400, "server.http.bodyUnreadable");
  return key;
}

/**
 * Runs `run` once for (`userId`, `key`, `intent`): the first submit runs it; a second with the same
 * key (while the first is under way or after it succeeded) gets `again()` instead. `run` throwing
 * (a Refusal, a failure) or answering other than a redirect frees the key.
 */
export async function onceForFormKey<R>(
  env: Env,
  userId: string,
  key: string,
  intent: string,
  run: () => Promise<R>,
  again: () => R | Promise<R>,
  now = Date.now(),
): Promise<R> {
  const stored = `form:${intent}:${key}`.slice(0, 200);
  const claimed = await env.DB.prepare(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (user_id, key) DO UPDATE SET request_hash = ?3, created_at = ?4, status = NULL, body = NULL, content_type = NULL, completed_at = NULL
     WHERE idempotency_keys.created_at <= ?5 OR (idempotency_keys.completed_at IS NULL AND idempotency_keys.created_at <= ?6)`,
  )
    .bind(userId, stored, intent, now, now - IDEMPOTENCY_TTL_MS, now - IDEMPOTENCY_LEASE_MS)
    .run();
  if (claimed.meta.changes === 0) return again();
  const release = () =>
    env.DB.prepare("DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND completed_at IS NULL AND created_at = ?3").bind(userId, stored, now).run();
  let answer: R;
  try {
    answer = await run();
  } catch (error) {
    await release();
    throw error;
  }
  if (answer instanceof Response && answer.status >= 300 && answer.status < 400) {
    await env.DB.prepare("UPDATE idempotency_keys SET status = ?3, body = ?4, completed_at = ?5 WHERE user_id = ?1 AND key = ?2 AND created_at = ?6")
      .bind(userId, stored, answer.status, answer.headers.get("Location"), Date.now(), now)
      .run();
  } else {
    await release();
  }
  return answer;
}

/** A double submit's answer: back to the page, which shows what the first submit did. */
export const backToPage = (request: Request) => {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return redirect(`${url.pathname}${url.search}`, 303);
};
