import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ID_DISCOUNT_KINDS, ID_DISCOUNT_STATUSES } from "~/db/enums";
import { timestamp } from "./columns";
import { users } from "./accounts";

/** ID discounts (PWD, senior, student) and promo-code redemptions. */

/** A customer's ID for a PWD, senior-citizen or student discount; the photo sits in R2 under objectKey. */
export const idDiscounts = sqliteTable(
  "id_discounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ID_DISCOUNT_KINDS }).notNull(),
    status: text("status", { enum: ID_DISCOUNT_STATUSES }).notNull(),
    objectKey: text("object_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at").notNull(),
    reviewedAt: timestamp("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id),
    rejectReason: text("reject_reason"),
    expiresAt: timestamp("expires_at"),
    /** When the photo was deleted, some days after the decision (migration 0197, decision 0211). */
    photoDeletedAt: timestamp("photo_deleted_at"),
  },
  (t) => [
    index("id_discounts_user_created_idx").on(t.userId, t.createdAt),
    index("id_discounts_status_created_idx").on(t.status, t.createdAt),
    index("id_discounts_photo_kept_idx")
      .on(t.reviewedAt)
      .where(sql`photo_deleted_at IS NULL AND reviewed_at IS NOT NULL`),
    /** One waiting application per customer (migration 0181). */
    uniqueIndex("id_discounts_one_pending_per_user").on(t.userId).where(sql`status = 'pending'`),
  ],
);

export type IdDiscount = typeof idDiscounts.$inferSelect;

/**
 * Migration 0181, decision 0181. A first-delivery-only promo code (NEWCOOP)
 * redeemed by a customer: one row per customer and code, taken in the booking's batch.
 */
export const promoRedemptions = sqliteTable(
  "promo_redemptions",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id),
    code: text("code").notNull(),
    deliveryId: text("delivery_id").notNull(),
    redeemedAt: timestamp("redeemed_at").notNull(),
  },
  (t) => [
    uniqueIndex("promo_redemptions_customer_code_unique").on(t.customerId, t.code),
    index("promo_redemptions_delivery_idx").on(t.deliveryId),
  ],
);
