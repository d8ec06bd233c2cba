import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifications, type NotificationKind, type NotificationRow } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import { encodeMessage } from "~/i18n/message";
import type { NotificationMessage } from "./notification-messages";
import { notificationIn } from "./notification-reader.server";

/**
 * Notifications (docs/guide/deliveries.md#field-conditions): stored in D1 for the bell, and
 * sent as Web Push to the recipient's browsers that allowed it (push.server.ts sends them after the
 * request). Code that changes something calls `notificationInsert` and puts the statement in the
 * SAME `DB.batch` as the change, right after it (or after its delivery event), so the notification
 * exists exactly when the change does. Title and body are stored as message ids with their values
 * (`encodeMessage`) and put into words when read, in the reader's language (notification-reader.server.ts).
 */
export interface NotificationContent {
  kind: NotificationKind;
  title: NotificationMessage;
  body: NotificationMessage;
  /** A path inside the app: the page the notification opens. */
  url: string;
}

/** Who gets it: one user, the account with a mobile number, or every active admin. */
export type Recipients = { userId: string } | { phoneNumber: string } | "admins";

const NOTIFICATION_LIST_LIMIT = 50;
/** How many the bell's panel shows in the page's HTML; opening it with JavaScript fetches the 50. */
export const BELL_FIRST_SCREEN = 10;

/**
 * The statement creating a notification for its recipients.
 *
 * `afterChange` (the default): put it right AFTER the statement making the change (or after that
 * change's `deliveryEventInsert`, or after another notificationInsert that follows it): it inserts
 * only when that statement changed a row (SQLite's `changes()`), so a change refused by its guard
 * notifies nobody. A `{ userId }` notification always inserts its one row, so a chain of them
 * holds; `{ phoneNumber }` and `"admins"` may find nobody, so they go LAST in their batch.
 * Pass `{ afterChange: false }` for a batch of its own (`notify`).
 */
export function notificationInsert(
  d1: D1Database,
  recipients: Recipients,
  content: NotificationContent,
  { afterChange = true, now = Date.now() }: { afterChange?: boolean; now?: number } = {},
): D1PreparedStatement {
  const who =
    recipients === "admins"
      ? `role = 'admin' AND deactivated_at IS NULL AND ?7 IS NULL`
      : "userId" in recipients
        ? `id = ?7`
        : `phone_number = ?7 AND deactivated_at IS NULL`;
  const target = recipients === "admins" ? null : "userId" in recipients ? recipients.userId : recipients.phoneNumber;
  // changes() is read before this statement inserts anything, so it is the previous statement's count for every row.
  return d1
    .prepare(
      `INSERT INTO notifications (user_id, kind, title, body, url, created_at, push_pending)
       SELECT id, ?1, ?2, ?3, ?4, ?5, EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = users.id)
       FROM users WHERE ${who} AND (?6 = 0 OR changes() > 0)`,
    )
    .bind(
      content.kind,
      encodeNotificationMessage(content.title),
      encodeNotificationMessage(content.body),
      content.url,
      now,
      afterChange ? 1 : 0,
      target,
    );
}

/** A title or body as its column stores it: `notifications.pickedUp.body|{"address":"45 Katipunan Ave"}`. */
export const encodeNotificationMessage = (text: NotificationMessage): string => encodeMessage(text.id, text.values);

/** Creates notifications on their own (when there is no batch to join), in one batch. */
export async function notify(
  d1: D1Database,
  items: { to: Recipients; content: NotificationContent }[],
  now = Date.now(),
): Promise<void> {
  if (items.length === 0) return;
  await d1.batch(items.map(({ to, content }) => notificationInsert(d1, to, content, { afterChange: false, now })));
}

export interface NotificationView {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  createdAt: string;
  readAt: string | null;
}

const toNotificationView = (row: NotificationRow): NotificationView => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

/**
 * The bell's list in the reader's language: the user's newest 50 (notifications_user_created_idx)
 * and how many are unread (notifications_user_unread_idx).
 */
export async function listNotifications(
  db: Db,
  userId: string,
  language: Language,
  limit = NOTIFICATION_LIST_LIMIT,
): Promise<{ notifications: NotificationView[]; unread: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { notifications: rows.map((row) => notificationIn(language, toNotificationView(row))), unread: count?.n ?? 0 };
}

/** Marks the user's notifications read: those ids (others' ids are ignored), or all of them. Answers the unread count after. */
export async function markNotificationsRead(
  db: Db,
  userId: string,
  ids: number[] | undefined,
  now = new Date(),
): Promise<number> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(ids ? and(mine, inArray(notifications.id, ids.length > 0 ? ids : [-1])) : mine);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(notifications).where(mine);
  return count?.n ?? 0;
}

/** A deactivated account keeps no notifications nor push subscriptions. */
export function forgetNotificationsStatements(d1: D1Database, userId: string): D1PreparedStatement[] {
  return [
    d1.prepare(`DELETE FROM notifications WHERE user_id = ?1`).bind(userId),
    d1.prepare(`DELETE FROM push_subscriptions WHERE user_id = ?1`).bind(userId),
  ];
}
