import { buildPushPayload, type PushSubscription as WebPushSubscription } from "@block65/webcrypto-web-push";
import type { NotificationKind } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { isLanguage } from "~/i18n/languages";
import { notificationIn } from "./notification-reader.server";
import { PUSH_CONTACT_FALLBACK } from "~/public/contact";

/**
 * Web Push (RFC 8030), each payload encrypted for its browser (RFC 8291, aes128gcm) and signed
 * with our VAPID key (RFC 8292) by @block65/webcrypto-web-push (WebCrypto only, decision 0130).
 *
 * Notifications are written with `push_pending = 1` when their recipient has a subscription
 * (notifications.server.ts). `sendPendingPushes` sends them after the response, through
 * `ctx.waitUntil` in the Worker entry (workers/app.ts) after every mutating request, and from the
 * every-minute cron for whatever a request left; a sender claims its rows first, so two never
 * send the same one. Each is tried once per subscription: a push is a courtesy, the bell keeps it.
 */

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The VAPID keys from the Worker's secrets (generated into .dev.vars by `npm start`); null when push is not set up. */
export function vapidConfigOf(env: Env): VapidConfig | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return {
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: env.VAPID_SUBJECT ?? PUSH_CONTACT_FALLBACK,
  };
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Stores a browser's subscription for the user (a browser re-subscribing, or shared by two accounts, moves to the newest). */
export async function savePushSubscription(
  env: Env,
  userId: string,
  subscription: SubscriptionInput,
  now = Date.now(),
): Promise<void> {
  if (!vapidConfigOf(env)) throw new Refusal(409, "server.messaging.pushNotSetUp");
  await env.DB.prepare(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
  )
    .bind(subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth, now)
    .run();
}

/** Removes the user's subscription with that endpoint; 404 when they have none such. */
export async function deletePushSubscription(env: Env, userId: string, endpoint: string): Promise<void> {
  const result = await env.DB.prepare(`DELETE FROM push_subscriptions WHERE endpoint = ?1 AND user_id = ?2`)
    .bind(endpoint, userId)
    .run();
  if (result.meta.changes !== 1) throw new Refusal(404, "server.messaging.pushSubscriptionNotFound");
}

/** What the service worker receives (scripts/build-service-worker.mjs shows it and opens `url`). */
interface PushPayload {
  id: number;
  kind: string;
  title: string;
  body: string;
  url: string;
}

interface ClaimedNotification {
  id: number;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
}

interface StoredSubscription {
  endpoint: string;
  user_id: string;
  language: string | null;
  p256dh: string;
  auth: string;
}

/** A sender that died leaves its claimed rows to be taken again after this long. */
const CLAIM_MS = 60_000;
const BATCH = 50;
/** The payload must fit one 4 KB record after encryption. */
const MAX_BODY_CHARS = 1000;

export interface PushRun {
  notifications: number;
  sent: number;
  removed: number;
  failed: number;
}

/** Sends the notifications waiting for Web Push; subscriptions answered 404 or 410 are deleted. */
export async function sendPendingPushes(env: Env, now = Date.now()): Promise<PushRun> {
  const run: PushRun = { notifications: 0, sent: 0, removed: 0, failed: 0 };
  const vapid = vapidConfigOf(env);
  if (!vapid) return run;
  const { results: claimed } = await env.DB.prepare(
    `UPDATE notifications SET push_claimed_at = ?1
     WHERE id IN (SELECT id FROM notifications WHERE push_pending = 1 AND (push_claimed_at IS NULL OR push_claimed_at < ?2) ORDER BY id LIMIT ?3)
     RETURNING id, user_id, kind, title, body, url`,
  )
    .bind(now, now - CLAIM_MS, BATCH)
    .all<ClaimedNotification>();
  if (claimed.length === 0) return run;
  run.notifications = claimed.length;

  const userIds = [...new Set(claimed.map((n) => n.user_id))];
  const { results: subscriptions } = await env.DB.prepare(
    `SELECT push_subscriptions.endpoint, push_subscriptions.user_id, push_subscriptions.p256dh, push_subscriptions.auth, users.language
     FROM push_subscriptions JOIN users ON users.id = push_subscriptions.user_id
     WHERE push_subscriptions.user_id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(userIds))
    .all<StoredSubscription>();

  const gone = new Set<string>();
  for (const notification of claimed) {
    for (const subscription of subscriptions.filter(
      (s) => s.user_id === notification.user_id && !gone.has(s.endpoint),
    )) {
      // Stored as message ids; sent in the recipient's language (their account's setting).
      const text = notificationIn(isLanguage(subscription.language) ? subscription.language : "en", notification);
      const payload: PushPayload = {
        id: notification.id,
        kind: notification.kind,
        title: text.title,
        body: text.body.slice(0, MAX_BODY_CHARS),
        url: notification.url,
      };
      const outcome = await sendOne(subscription, payload, vapid);
      if (outcome === "gone") gone.add(subscription.endpoint);
      else run[outcome] += 1;
    }
  }
  const statements = [
    env.DB.prepare(`UPDATE notifications SET push_pending = 0 WHERE id IN (SELECT value FROM json_each(?1))`).bind(
      JSON.stringify(claimed.map((n) => n.id)),
    ),
  ];
  if (gone.size > 0) {
    statements.push(
      env.DB.prepare(`DELETE FROM push_subscriptions WHERE endpoint IN (SELECT value FROM json_each(?1))`).bind(
        JSON.stringify([...gone]),
      ),
    );
  }
  await env.DB.batch(statements);
  run.removed = gone.size;
  return run;
}

async function sendOne(
  subscription: StoredSubscription,
  payload: PushPayload,
  vapid: VapidConfig,
): Promise<"sent" | "gone" | "failed"> {
  const target: WebPushSubscription = {
    endpoint: subscription.endpoint,
    expirationTime: null,
    keys: { p256dh: subscription.p256dh, auth: subscription.auth },
  };
  try {
    const request = await buildPushPayload(
      { data: { ...payload }, options: { ttl: 24 * 60 * 60, urgency: "high" } },
      target,
      vapid,
    );
    const response = await fetch(subscription.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return "gone";
    if (!response.ok) {
      console.error(`Web Push to ${new URL(subscription.endpoint).host} answered ${response.status}`);
      return "failed";
    }
    return "sent";
  } catch (error) {
    console.error(
      `Web Push to ${new URL(subscription.endpoint).host} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return "failed";
  }
}
