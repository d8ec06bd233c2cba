import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ONLINE_PAYMENT_METHODS, ONLINE_PAYMENT_STATUSES, PAYMENT_PROVIDERS } from "~/db/enums";
import type { Centavos } from "~/money/money";
import { timestamp } from "./columns";
import { users } from "./accounts";
import { deliveries } from "./deliveries";

/** Money in: online payments, gateway events, cancellation fees owed and refunds owed. */

/** An online payment through the gateway (one per online booking). */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => deliveries.id),
    method: text("method", { enum: ONLINE_PAYMENT_METHODS }).notNull(),
    status: text("status", { enum: ONLINE_PAYMENT_STATUSES }).notNull(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    amount: integer("amount").$type<Centavos>().notNull(),
    checkoutId: text("checkout_id"),
    checkoutUrl: text("checkout_url"),
    providerPaymentId: text("provider_payment_id"),
    refundedAmount: integer("refunded_amount").$type<Centavos>().notNull().default(0),
    refundId: text("refund_id"),
    refundError: text("refund_error"),
    createdAt: timestamp("created_at").notNull(),
    paidAt: timestamp("paid_at"),
    failedAt: timestamp("failed_at"),
    refundedAt: timestamp("refunded_at"),
  },
  (t) => [uniqueIndex("payments_delivery_unique").on(t.deliveryId), index("payments_checkout_idx").on(t.checkoutId)],
);

/** Migration 0182, decision 0217: cancellation fees owed, and refunds owed. */
export const OWED_FEE_STATUSES = ["owed", "collected", "waived"] as const;
export type OwedFeeStatus = (typeof OWED_FEE_STATUSES)[number];

/** A cancellation fee nothing could be taken from: collected with the customer's next booking, or waived. */
export const owedFees = sqliteTable(
  "owed_fees",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => deliveries.id),
    riderId: text("rider_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").$type<Centavos>().notNull(),
    status: text("status", { enum: OWED_FEE_STATUSES }).notNull().default("owed"),
    collectedBy: text("collected_by").references(() => deliveries.id),
    waivedBy: text("waived_by").references(() => users.id),
    waiveReason: text("waive_reason"),
    createdAt: timestamp("created_at").notNull(),
    settledAt: timestamp("settled_at"),
  },
  (t) => [
    uniqueIndex("owed_fees_delivery_unique").on(t.deliveryId),
    index("owed_fees_customer_status_idx").on(t.customerId, t.status),
    index("owed_fees_collected_by_idx").on(t.collectedBy).where(sql`collected_by IS NOT NULL`),
    index("owed_fees_status_created_idx").on(t.status, t.createdAt),
    index("owed_fees_settled_idx").on(t.settledAt).where(sql`status = 'collected'`),
    index("owed_fees_rider_settled_idx").on(t.riderId, t.settledAt).where(sql`status = 'collected'`),
  ],
);

export const REFUND_STATUSES = ["pending", "refunded"] as const;

/** A refund owed on a cancelled paid booking: one per payment, retried by the cron until the gateway confirms. */
export const refunds = sqliteTable(
  "refunds",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => deliveries.id),
    amount: integer("amount").$type<Centavos>().notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at").notNull(),
    claimedAt: timestamp("claimed_at"),
    lastError: text("last_error"),
    providerRefundId: text("provider_refund_id"),
    createdAt: timestamp("created_at").notNull(),
    refundedAt: timestamp("refunded_at"),
  },
  (t) => [index("refunds_status_next_idx").on(t.status, t.nextAt)],
);

export type RefundRow = typeof refunds.$inferSelect;

/** The payment sandbox's refunds (development and tests; migration 0193): one per idempotency key. */
export const sandboxRefunds = sqliteTable("sandbox_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  paymentId: text("payment_id").notNull(),
  amount: integer("amount").$type<Centavos>().notNull(),
  refundId: text("refund_id").notNull(),
  createdAt: timestamp("created_at").notNull(),
});

/** Gateway events already applied (each event id once). */
export const paymentEvents = sqliteTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  paymentId: text("payment_id"),
  receivedAt: timestamp("received_at").notNull(),
});

export type Payment = typeof payments.$inferSelect;
