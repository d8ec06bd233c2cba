import { sha256Hex } from "~/auth/crypto.server";
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS } from "./idempotency.server";
import { Refusal } from "./refusal";

/**
 * The `Idempotency-Key` protection (app/http/idempotency.server.ts, decision 0180) for a page's
 * form: the page puts a key made at render time in a hidden field, and the action runs its step
 * through `onceForKey`. A second post with the same key (a double tap, a resend after a lost
 * answer) does not run the step again: it gets the first run's answer back (`run`'s string, e.g.
 * where to redirect), a 409 refusal while the first is still running, a 422 one when the key was
 * used for another form. Keys share the API's table (per user, 24 hours); a refusal or a failure
 * of `run` frees the key, so the same form may be sent again.
 */
const VALID_KEY = /^[\x21-\x7e]{1,64}$/;
export { FORM_KEY_FIELD } from "./form-key";

export async function onceForKey(env: Env, userId: string, key: string, scope: string, run: () => Promise<string>, now = Date.now()): Promise<string> {
  if (!VALID_KEY.test(key)) throw new Refusal(400, IDEMPOTENCY_MESSAGES.invalidKey);
  // The form's own namespace in the API's table: a page key never answers an /api call.
  const stored = `form:${key}`;
  const hash = await sha256Hex(`FORM\n${scope}`);
  const claimed = await env.DB.prepare(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (user_id, key) DO UPDATE SET request_hash = ?3, created_at = ?4, status = NULL, body = NULL, content_type = NULL, completed_at = NULL
     WHERE idempotency_keys.created_at <= ?5
        OR (idempotency_keys.completed_at IS NULL AND idempotency_keys.created_at <= ?6 AND idempotency_keys.request_hash = ?3)`,
  )
    .bind(userId, stored, hash, now, now - IDEMPOTENCY_TTL_MS, now - IDEMPOTENCY_LEASE_MS)
    .run();
  if (claimed.meta.changes === 0) {
    const first = await env.DB.prepare("SELECT request_hash, body, completed_at FROM idempotency_keys WHERE user_id = ?1 AND key = ?2")
      .bind(userId, stored)
      .first<{ request_hash: string; body: string | null; completed_at: number | null }>();
    if (first && first.request_hash !== hash) throw new Refusal(422, IDEMPOTENCY_MESSAGES.reused);
    if (!first || first.completed_at === null || first.body === null) throw new Refusal(409, IDEMPOTENCY_MESSAGES.inProgress);
    return first.body;
  }
  let answer: string;
  try {
    answer = await run();
  } catch (error) {
    await env.DB.prepare("DELETE FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND completed_at IS NULL AND created_at = ?3").bind(userId, stored, now).run();
    throw error;
  }
  await env.DB.prepare("UPDATE idempotency_keys SET status = 200, body = ?3, content_type = 'text/plain', completed_at = ?4 WHERE user_id = ?1 AND key = ?2 AND created_at = ?5")
    .bind(userId, stored, answer, Date.now(), now)
    .run();
  return answer;
}
