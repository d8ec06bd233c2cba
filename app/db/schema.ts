import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DELIVERY_STATUSES, PACKAGE_SIZES, PACKAGE_TYPES, ROLES, VERIFICATION_CHANNELS } from "./enums";

export * from "./enums";

/** All timestamps are UTC milliseconds since the epoch; calendar maths happens in Asia/Manila. */
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Normalised `+639XXXXXXXXX`; null for accounts created by email link, or once scrubbed. */
    phoneNumber: text("phone_number"),
    /** Lower-cased; null when not given, or once scrubbed. */
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    /** A rider's last reported position, used to sort available deliveries by distance. */
    lastLatitude: real("last_latitude"),
    lastLongitude: real("last_longitude"),
    lastLocatedAt: timestamp("last_located_at"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    deactivatedAt: timestamp("deactivated_at"),
  },
  (t) => [
    uniqueIndex("users_phone_number_unique").on(t.phoneNumber),
    uniqueIndex("users_email_unique").on(t.email),
    index("users_role_idx").on(t.role),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 (hex) of the 256-bit random id held in the cookie; the raw id is never stored. */
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const verifications = sqliteTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    channel: text("channel", { enum: VERIFICATION_CHANNELS }).notNull(),
    /** The normalised phone number or lower-cased email the code or link was sent to. */
    target: text("target").notNull(),
    /** SHA-256 of the SMS code (sms) or of the link token (email); never the secret itself. */
    secretHash: text("secret_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    clientAddress: text("client_address"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    /** Set when the code or link was confirmed; a confirmed verification cannot be used again. */
    verifiedAt: timestamp("verified_at"),
    /** Set when the identity token minted from this verification opened a session (at most one). */
    redeemedAt: timestamp("redeemed_at"),
  },
  (t) => [
    index("verifications_target_created_idx").on(t.target, t.createdAt),
    index("verifications_client_created_idx").on(t.clientAddress, t.createdAt),
    uniqueIndex("verifications_secret_hash_email_unique")
      .on(t.secretHash)
      .where(sql`channel = 'email'`),
  ],
);

export const deliveries = sqliteTable(
  "deliveries",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id),
    riderId: text("rider_id").references(() => users.id),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),

    pickupAddress: text("pickup_address").notNull(),
    pickupCity: text("pickup_city").notNull(),
    pickupPhone: text("pickup_phone").notNull(),
    pickupNotes: text("pickup_notes"),
    dropoffAddress: text("dropoff_address").notNull(),
    dropoffCity: text("dropoff_city").notNull(),
    dropoffPhone: text("dropoff_phone").notNull(),
    dropoffNotes: text("dropoff_notes"),

    packageType: text("package_type", { enum: PACKAGE_TYPES }).notNull(),
    packageSize: text("package_size", { enum: PACKAGE_SIZES }).notNull(),
    packageDescription: text("package_description").notNull(),
    isFragile: integer("is_fragile", { mode: "boolean" }).notNull().default(false),

    /** Money in integer centavos. */
    baseFare: integer("base_fare").notNull(),
    distanceFee: integer("distance_fee").notNull(),
    sizeFee: integer("size_fee").notNull(),
    totalFee: integer("total_fee").notNull(),
    cancellationFee: integer("cancellation_fee").notNull().default(0),

    /** Kilometres with one decimal, e.g. "3.2". */
    distance: text("distance").notNull(),
    /** e.g. "15 mins". */
    estimatedDuration: text("estimated_duration").notNull(),

    pickupLatitude: real("pickup_latitude"),
    pickupLongitude: real("pickup_longitude"),
    dropoffLatitude: real("dropoff_latitude"),
    dropoffLongitude: real("dropoff_longitude"),
    riderLatitude: real("rider_latitude"),
    riderLongitude: real("rider_longitude"),
    riderLocatedAt: timestamp("rider_located_at"),

    createdAt: timestamp("created_at").notNull(),
    assignedAt: timestamp("assigned_at"),
    pickedUpAt: timestamp("picked_up_at"),
    deliveredAt: timestamp("delivered_at"),
    cancelledAt: timestamp("cancelled_at"),
  },
  (t) => [
    index("deliveries_status_created_idx").on(t.status, t.createdAt),
    index("deliveries_rider_status_idx").on(t.riderId, t.status),
    index("deliveries_customer_created_idx").on(t.customerId, t.createdAt),
    index("deliveries_delivered_at_idx").on(t.deliveredAt),
    index("deliveries_rider_delivered_idx").on(t.riderId, t.deliveredAt),
    index("deliveries_created_at_idx").on(t.createdAt),
    // The admin's counts of every status but delivered (migration 0100, decision 0050).
    index("deliveries_undelivered_status_idx").on(t.status).where(sql`status != 'delivered'`),
    /** Covering index for the admin stats' delivered-fee sums (migration 0050). */
    index("deliveries_delivered_fee_idx").on(t.deliveredAt, t.riderId, t.totalFee),
  ],
);

/**
 * Delivered fees per Manila calendar day (YYYY-MM-DD), in centavos, updated in the same batch
 * that marks a delivery delivered (app/deliveries/ledger.server.ts).
 */
export const dailyTotals = sqliteTable("daily_totals", {
  day: text("day").primaryKey(),
  deliveredCount: integer("delivered_count").notNull().default(0),
  revenue: integer("revenue").notNull().default(0),
  riderShare: integer("rider_share").notNull().default(0),
  operationsShare: integer("operations_share").notNull().default(0),
  memberBenefitsShare: integer("member_benefits_share").notNull().default(0),
});

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

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Verification = typeof verifications.$inferSelect;
export type Delivery = typeof deliveries.$inferSelect;
export type NewDelivery = typeof deliveries.$inferInsert;
