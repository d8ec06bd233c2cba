import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_KINDS, VERIFICATION_CHANNELS } from "../enums";
import { timestamp } from "./columns";
import { users } from "./accounts";

/** What Hatid tells people: notifications, Web Push subscriptions, SMS and email, and the development outbox. */

/** Development only: what a local Hatid would have sent by SMS or email. */
export const devOutbox = sqliteTable(
  "dev_outbox",
  {
    id: text("id").primaryKey(),
    channel: text("channel", { enum: VERIFICATION_CHANNELS }).notNull(),
    recipient: text("recipient").notNull(),
    body: text("body").notNull(),
    code: text("code"),
    link: text("link"),
    sentAt: timestamp("sent_at").notNull(),
  },
  (t) => [index("dev_outbox_sent_at_idx").on(t.sentAt)],
);

/** What the bell lists (app/notifications/), written in the same batch as the change it tells about. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path inside the app (the page the notification opens). */
    url: text("url").notNull(),
    createdAt: timestamp("created_at").notNull(),
    readAt: timestamp("read_at"),
    /** True while the recipient had a push subscription and the Web Push is not sent yet. */
    pushPending: integer("push_pending", { mode: "boolean" }).notNull().default(false),
    /** When a sender took it (a sender that died leaves it to be taken again a minute later). */
    pushClaimedAt: timestamp("push_claimed_at"),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_unread_idx").on(t.userId).where(sql`read_at IS NULL`),
    index("notifications_push_pending_idx").on(t.id).where(sql`push_pending = 1`),
  ],
);

/** A browser's Web Push subscription (app/notifications/push.server.ts). */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** "New delivery nearby" gathered per rider and minute: when the minute's notification was made and how many it counts. */
export const nearbyAlerts = sqliteTable("nearby_alerts", {
  riderId: text("rider_id")
    .primaryKey()
    .notNull()
    .references(() => users.id),
  since: integer("since").notNull(),
  count: integer("count").notNull(),
});

/** Migration 0180: every SMS and email with what became of it (app/notifications/). */
export const MESSAGE_STATUSES = ["queued", "sent", "failed"] as const;

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    channel: text("channel", { enum: VERIFICATION_CHANNELS }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    /** '' for a sign-in code or link (never stored in clear, never retried). */
    body: text("body").notNull(),
    purpose: text("purpose").notNull(),
    ref: text("ref"),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("queued"),
    /** Every try, the first included: the cron retries a failed message while attempts <= 3. */
    attempts: integer("attempts").notNull().default(0),
    retryable: integer("retryable", { mode: "boolean" }).notNull().default(true),
    lastError: text("last_error"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [
    index("messages_status_updated_idx").on(t.status, t.updatedAt),
    index("messages_ref_idx").on(t.ref, t.createdAt),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
