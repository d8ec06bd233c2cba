import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { users } from "./accounts";

/** Idempotency-Key answers (decision 0180). */

/** The first answer to a mutating /api call per user and Idempotency-Key, kept 24 hours. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request answers 422. */
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    body: text("body"),
    contentType: text("content_type"),
    createdAt: timestamp("created_at").notNull(),
    /** Null while the first call is still being answered. */
    completedAt: timestamp("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
