import { redirect } from "@remix-run/cloudflare";
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS } from "~/http/idempotency.server";
import { Refusal } from "~/http/refusal";
import { FORM_KEY_FIELD } from "./form-key";
/**
 * The Idempotency-Key of a money form posted to a page's action (decisions 0218, 0180 and 0187):
 * the loader makes a key (`newFormKey`), the form sends it in the hidden field FORM_KEY_FIELD, and
 * the action runs its change through `onceForFormKey`. The keys share the `/api` calls' table (as
 * `form:{intent}:{key}`, so a page key never answers an `/api` call) and its 24 hours.
 */

const VALID_KEY = /^[A-Za-z0-9-]{8,64}$/;
/** How long a repeat waits for its first copy, still running, before it is refused (409). */
const FIRST_COPY_WAITS_MS = [250, 500, 1000, 1500];

export const newFormKey = () => crypto.randomUUID();

/** The form's key: a Refusal (400) when it is missing or not one of ours. */
export function formKeyOf(formData: FormData): string {
  const key = formData.get(FORM_KEY_FIELD);
  if (typeof key !== "string" || !VALID_KEY.test(key)) throw new Refusal(400, IDEMPOTENCY_MESSAGES.invalidKey);
  return key;
}

/**
 * Runs `run` once per user, key and intent. A repeat (two taps, the browser sending the form again
 * after a lost answer) does not run it again: it is sent where the first went (its redirect), after
 * waiting for the first while it is still running. A refusal, a failure, or an answer that is not a
 * redirect frees the key, so the corrected form goes through.
 */
export async function onceForFormKey<R extends Response>(
  env: Env,
  userId: string,
  key: string,
  intent: string,
  run: () => Promise<R>,
  now = Date.now(),
): Promise<R> {
  const stored = `form:${intent}:${key}`;
  const claimed = await env.DB.prepare(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (user_id, key) DO UPDATE SET request_hash = ?3, created_at = ?4, status = NULL, body = NULL, content_type = NULL, completed_at = NULL
     WHERE idempotency_keys.created_at <= ?5 OR (idempotency_keys.completed_at IS NULL AND idempotency_keys.created_at <= ?6)`,
  )
    .bind(userId, stored, intent, now, now - IDEMPOTENCY_TTL_MS, now - IDEMPOTENCY_LEASE_MS)
    .run();
  // (The repeat answers a redirect too, as `run` does.)
  if (claimed.meta.changes === 0) return (await firstAnswer(env, userId, stored)) as R;

  const release = () =>
    env.DB.prepare(
      "DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND completed_at IS NULL AND created_at = ?3",
    )
      .bind(userId, stored, now)
      .run();
  let answer: R;
  try {
    answer = await run();
  } catch (error) {
    await release();
    throw error;
  }
  const location = answer.status >= 300 && answer.status < 400 ? answer.headers.get("Location") : null;
  if (location === null) {
    await release();
    return answer;
  }
  await env.DB.prepare(
    "UPDATE idempotency_keys SET status = ?3, body = ?4, content_type = 'text/plain', completed_at = ?5 WHERE user_id = ?1 AND key = ?2 AND created_at = ?6",
  )
    .bind(userId, stored, answer.status, location, Date.now(), now)
    .run();
  return answer;
}

/** Where the first copy of a form went, once it has; 409 if it is still running after the waits. */
async function firstAnswer(env: Env, userId: string, stored: string): Promise<Response> {
  for (const wait of [0, ...FIRST_COPY_WAITS_MS]) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const first = await env.DB.prepare(
      "SELECT status, body, completed_at FROM idempotency_keys WHERE user_id = ?1 AND key = ?2",
    )
      .bind(userId, stored)
      .first<{ status: number | null; body: string | null; completed_at: number | null }>();
    if (first?.completed_at != null && first.body) return redirect(first.body, first.status ?? 303);
    if (!first) break;
  }
  throw new Refusal(409, IDEMPOTENCY_MESSAGES.inProgress);
}
