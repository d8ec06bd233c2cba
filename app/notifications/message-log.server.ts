import { sha256Hex } from "~/auth/crypto.server";
import { inWords, senderFor, type OutgoingMessage, type WordedMessage } from "./messaging.server";

/**
 * Every SMS and email is recorded with what became of it (docs/guide/what-is-true.md#outbox;
 * decision 0180): written `queued`, then `sent`, or `failed` with the gateway's error. The
 * every-minute cron retries a failed one up to 3 times (`attempts` counts every try); an admin page
 * may retry one by hand. A failure is never swallowed: it is stored, logged, and the caller learns it.
 *
 * A message carrying a secret is never stored in clear. A sign-in code or link is recorded without
 * its text and not retried (it expires before a retry would help; the person asks again). A
 * recipient's tracking link is stored with its token masked (`{token}`): a retry mints a new token
 * (`reissue`), so the link sent is always one whose hash is the delivery's.
 */
const TOKEN_MASK = "{token}";
/** Mints a new secret for a masked message about `ref` (e.g. a new tracking token), or null when it is no longer wanted. */
type Reissue = (env: Env, ref: string) => Promise<string | null>;
export type Reissuers = Partial<Record<MessagePurpose, Reissue>>;
export const MESSAGE_RETRIES = 3;
/** A message still `queued` this long after its last try was cut off (a crash): the cron tries it again. */
const STUCK_QUEUED_MS = 5 * 60_000;
const RETRY_BATCH = 20;

export type MessagePurpose = "sign_in" | "application_received" | "application_decided" | "recipient_link" | "proposal";

export interface MessageOutcome {
  id: string;
  status: "sent" | "failed";
}

export interface RecordOptions {
  purpose: MessagePurpose;
  /** What the message is about (an application or delivery id). */
  ref?: string | null;
  /** Holds a secret: recorded without its text, never retried. */
  secret?: boolean;
  /** Holds this secret, which a retry can mint anew: recorded masked, retried with a new one. */
  mask?: string;
}

/**
 * Puts the message into its recipient's language, records it (`queued`), sends it, and records
 * `sent` or `failed`. Never throws for a failed send. A retry sends the words recorded.
 */
export async function sendRecorded(
  env: Env,
  outgoing: OutgoingMessage,
  options: RecordOptions,
  now = Date.now(),
): Promise<MessageOutcome> {
  const message = inWords(outgoing);
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO messages (id, channel, recipient, subject, body, purpose, ref, status, attempts, retryable, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'queued', 0, ?8, ?9, ?9)`,
  )
    .bind(
      id,
      message.channel,
      message.to,
      message.subject ?? null,
      storedBody(message.body, options),
      options.purpose,
      options.ref ?? null,
      options.secret ? 0 : 1,
      now,
    )
    .run();
  return attempt(env, id, message);
}

function storedBody(body: string, options: RecordOptions): string {
  if (options.secret) return "";
  return options.mask ? body.split(options.mask).join(TOKEN_MASK) : body;
}

/**
 * Every try of one message carries the same key, so a provider that takes one (Resend) sends it once
 * even when an earlier try's answer was lost. The words are part of it: a retry that mints a new
 * tracking link is another message, which the provider must not refuse as a reused key.
 */
export async function idempotencyKeyOf(
  id: string,
  message: Pick<WordedMessage, "to" | "subject" | "body">,
): Promise<string> {
  return `hatid-message/${id}/${(await sha256Hex(JSON.stringify([message.to, message.subject ?? null, message.body]))).slice(0, 16)}`;
}

async function attempt(env: Env, id: string, message: WordedMessage): Promise<MessageOutcome> {
  try {
    await senderFor(env, message.channel).send(message, { idempotencyKey: await idempotencyKeyOf(id, message) });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    console.error(`message ${id} (${message.channel}) not sent:`, reason);
    await env.DB.prepare(
      "UPDATE messages SET status = 'failed', attempts = attempts + 1, last_error = ?2, updated_at = ?3 WHERE id = ?1",
    )
      .bind(id, reason, Date.now())
      .run();
    return { id, status: "failed" };
  }
  const now = Date.now();
  await env.DB.prepare(
    "UPDATE messages SET status = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = ?2, updated_at = ?2 WHERE id = ?1",
  )
    .bind(id, now)
    .run();
  return { id, status: "sent" };
}

interface StoredMessage {
  id: string;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string;
  purpose: MessagePurpose;
  ref: string | null;
}

/**
 * Tries a failed (or stuck) message again. The claim is one conditional UPDATE, so the cron and an
 * admin's Retry never send it twice at once. `maxAttempts` bounds the cron; an admin's Retry has none.
 * Null when there is nothing to retry (already sent, being sent, a secret, or out of tries).
 */
export async function retryMessage(
  env: Env,
  id: string,
  { maxAttempts = Infinity, now = Date.now(), reissue = {} as Reissuers } = {},
): Promise<MessageOutcome | null> {
  const claimed = await env.DB.prepare(
    `UPDATE messages SET status = 'queued', updated_at = ?2
     WHERE id = ?1 AND retryable = 1 AND attempts < ?3 AND (status = 'failed' OR (status = 'queued' AND updated_at <= ?4))
     RETURNING id, channel, recipient, subject, body, purpose, ref`,
  )
    .bind(id, now, Number.isFinite(maxAttempts) ? maxAttempts : Number.MAX_SAFE_INTEGER, now - STUCK_QUEUED_MS)
    .first<StoredMessage>();
  if (!claimed) return null;
  let body = claimed.body;
  if (body.includes(TOKEN_MASK)) {
    const mint = reissue[claimed.purpose];
    const secret = mint && claimed.ref ? await mint(env, claimed.ref) : null;
    if (!secret) {
      // Nothing to send any more (the delivery ended: `not_needed`) or no way to mint here
      // (`no_reissuer`): it stays failed, for good. last_error is for operators, never shown.
      await env.DB.prepare(
        "UPDATE messages SET status = 'failed', retryable = 0, last_error = ?2, updated_at = ?3 WHERE id = ?1",
      )
        .bind(id, mint ? "not_needed" : "no_reissuer", Date.now())
        .run();
      return { id, status: "failed" };
    }
    body = body.split(TOKEN_MASK).join(secret);
  }
  return attempt(env, id, {
    channel: claimed.channel,
    to: claimed.recipient,
    subject: claimed.subject ?? undefined,
    body,
  });
}

/** The cron: every failed message with tries left (1 + 3 retries), oldest first, a few per minute. */
export async function retryFailedMessages(env: Env, now = Date.now(), reissue: Reissuers = {}): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM messages WHERE retryable = 1 AND attempts <= ?1 AND (status = 'failed' OR (status = 'queued' AND updated_at <= ?2))
     ORDER BY updated_at LIMIT ?3`,
  )
    .bind(MESSAGE_RETRIES, now - STUCK_QUEUED_MS, RETRY_BATCH)
    .all<{ id: string }>();
  let sent = 0;
  for (const { id } of results) {
    const outcome = await retryMessage(env, id, { maxAttempts: MESSAGE_RETRIES + 1, now, reissue });
    if (outcome?.status === "sent") sent += 1;
  }
  return sent;
}
