import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  COULD_NOT_DELIVER_REASONS,
  DELIVERY_EVENT_KINDS,
  DELIVERY_STATUSES,
  HANDOVER_KINDS,
  ID_DISCOUNT_KINDS,
  PACKAGE_SIZES,
  PACKAGE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "~/db/enums";
import type { Centavos } from "~/money/money";
import { newHandoverCode, timestamp } from "./columns";
import { users } from "./accounts";

/** Deliveries, what happened to them, their ratings, and the co-op's daily totals. */

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
    baseFare: integer("base_fare").$type<Centavos>().notNull(),
    distanceFee: integer("distance_fee").$type<Centavos>().notNull(),
    sizeFee: integer("size_fee").$type<Centavos>().notNull(),
    totalFee: integer("total_fee").$type<Centavos>().notNull(),
    cancellationFee: integer("cancellation_fee").$type<Centavos>().notNull().default(0),
    /** The reason an admin gave when cancelling it. */
    cancellationReason: text("cancellation_reason"),
    /** "Text the recipient a tracking link" on the booking form. */
    notifyRecipient: integer("notify_recipient", { mode: "boolean" }).notNull().default(true),
    /** SHA-256 (hex) of the recipient link's token (app/tracking/recipient-link.server.ts); the token is never stored. */
    recipientTokenHash: text("recipient_token_hash"),

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

    /**
     * Money in (migration 0090). base + distance + size fees is the rate-card fare; the ID discount
     * lowers it to totalFee (the fee split 85/10/5); the promo is the co-op's marketing cost,
     * carried by operations; amountDue = totalFee - promoDiscount is what the customer pays.
     */
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("cash"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("not_required"),
    idDiscountKind: text("id_discount_kind", { enum: ID_DISCOUNT_KINDS }),
    idDiscountPercent: integer("id_discount_percent"),
    idDiscountAmount: integer("id_discount_amount").$type<Centavos>().notNull().default(0),
    promoCode: text("promo_code"),
    promoDiscount: integer("promo_discount").$type<Centavos>().notNull().default(0),
    amountDue: integer("amount_due").$type<Centavos>().notNull().default(0),
    /** Copies of the online payment's id, checkout address and refund, written with it in one batch. */
    paymentId: text("payment_id"),
    checkoutUrl: text("checkout_url"),
    refundedAmount: integer("refunded_amount").$type<Centavos>().notNull().default(0),
    /** The business partner an invoice booking is billed to. */
    partnerId: text("partner_id"),
    /** The co-op settings version the booking was priced with (migration 0121; 0 = the built-in first version). */
    settingsVersion: integer("settings_version"),
    /**
     * The handover (migration 0140): the 4-digit code generated at booking, how it was handed over
     * (`code` | `none`, set when delivered) with the rider's note for `none`, and the wrong codes
     * counted in a 10-minute window since `handoverWrongSince`; the fifth locks code entry.
     */
    handoverCode: text("handover_code").$defaultFn(newHandoverCode),
    handover: text("handover", { enum: HANDOVER_KINDS }),
    handoverNote: text("handover_note"),
    handoverWrongTries: integer("handover_wrong_tries").notNull().default(0),
    handoverWrongSince: timestamp("handover_wrong_since"),
    handoverLockedAt: timestamp("handover_locked_at"),
    /** The point is a city centre, not the address (no geocoder, or it failed): migration 0181. */
    pickupApproximate: integer("pickup_approximate", { mode: "boolean" }).notNull().default(false),
    dropoffApproximate: integer("dropoff_approximate", { mode: "boolean" }).notNull().default(false),
    /**
     * Migration 0182: earlier unpaid cancellation fees this booking collects
     * (part of amountDue); the ₱50 fee's arrival evidence (first position within 100 m of the
     * pickup while assigned, and one at least 20 s later); what waits to be refunded.
     */
    owedFeeCollected: integer("owed_fee_collected").$type<Centavos>().notNull().default(0),
    pickupArrivalFirstAt: timestamp("pickup_arrival_first_at"),
    pickupArrivalConfirmedAt: timestamp("pickup_arrival_confirmed_at"),
    refundPending: integer("refund_pending").notNull().default(0),
    /** Peak hours (migration 0183): centavos added to amount_due, whole to the delivering rider (app/pricing/peak.ts). */
    peakSurcharge: integer("peak_surcharge").$type<Centavos>().notNull().default(0),
    /**
     * The return to the sender (migration 0198, decision 0222): when the room first saw the rider
     * within 100 m of the dropoff; why, when and where the rider could not deliver (the photo is a
     * private R2 key); the 4-digit code the sender gives back at the return; when it was returned.
     */
    dropoffArrivalAt: timestamp("dropoff_arrival_at"),
    couldNotDeliverAt: timestamp("could_not_deliver_at"),
    couldNotDeliverReason: text("could_not_deliver_reason", { enum: COULD_NOT_DELIVER_REASONS }),
    couldNotDeliverNote: text("could_not_deliver_note"),
    couldNotDeliverPhoto: text("could_not_deliver_photo"),
    couldNotDeliverLatitude: real("could_not_deliver_latitude"),
    couldNotDeliverLongitude: real("could_not_deliver_longitude"),
    returnCode: text("return_code"),
    returnedAt: timestamp("returned_at"),
  },
  (t) => [
    index("deliveries_status_created_idx").on(t.status, t.createdAt),
    index("deliveries_rider_status_idx").on(t.riderId, t.status),
    /** A rider's deliveries page by page, newest booking first (migration 0060). */
    index("deliveries_rider_created_idx").on(t.riderId, t.createdAt, t.id),
    index("deliveries_customer_created_idx").on(t.customerId, t.createdAt),
    index("deliveries_delivered_at_idx").on(t.deliveredAt),
    index("deliveries_rider_delivered_idx").on(t.riderId, t.deliveredAt),
    index("deliveries_created_at_idx").on(t.createdAt),
    // The admin's counts of every status but delivered (migration 0100, decision 0050).
    index("deliveries_undelivered_status_idx").on(t.status).where(sql`status != 'delivered'`),
    /** Covering index for the admin stats' delivered-money sums (migrations 0050, 0183). */
    index("deliveries_delivered_fee_idx").on(
      t.deliveredAt,
      t.riderId,
      t.totalFee,
      t.promoDiscount,
      t.peakSurcharge,
      t.idDiscountAmount,
    ),
    index("deliveries_partner_created_idx").on(t.partnerId, t.createdAt),
    index("deliveries_cancelled_at_idx").on(t.cancelledAt),
    /** A rider's cancellation-fee shares by day, and the admin's revenue from fees (migration 0081). */
    index("deliveries_rider_cancelled_idx").on(t.riderId, t.cancelledAt),
    index("deliveries_cancelled_fee_idx").on(t.cancelledAt, t.riderId, t.cancellationFee),
    uniqueIndex("deliveries_recipient_token_unique").on(t.recipientTokenHash),
    /** The admin dashboard's no-code handovers (migration 0140). */
    index("deliveries_no_code_handover_idx").on(t.deliveredAt).where(sql`handover = 'none'`),
    /** The cron's sweep for refunds lost (migration 0193, decision 0217): cancelled bookings still paid. */
    index("deliveries_cancelled_paid_idx")
      .on(t.cancelledAt)
      .where(sql`status = 'cancelled' AND payment_status = 'paid'`),
    /** The cron's erasing of ended deliveries' last rider positions (migration 0197, decision 0211). */
    index("deliveries_position_kept_idx").on(t.riderLocatedAt).where(sql`rider_latitude IS NOT NULL`),
  ],
);

/**
 * Delivered fees per Manila calendar day (YYYY-MM-DD), in centavos, updated in the same batch
 * that marks a delivery delivered (app/deliveries/daily-totals.server.ts).
 */
export const dailyTotals = sqliteTable("daily_totals", {
  day: text("day").primaryKey(),
  deliveredCount: integer("delivered_count").notNull().default(0),
  revenue: integer("revenue").$type<Centavos>().notNull().default(0),
  riderShare: integer("rider_share").$type<Centavos>().notNull().default(0),
  operationsShare: integer("operations_share").$type<Centavos>().notNull().default(0),
  memberBenefitsShare: integer("member_benefits_share").$type<Centavos>().notNull().default(0),
  /** The part of `revenue` that came from cancellation fees (split like fees into the three shares). */
  cancellationFees: integer("cancellation_fees").$type<Centavos>().notNull().default(0),
  /**
   * Migration 0183: revenue is what customers paid, = rider + operations + member benefits shares;
   * rider_share includes peak bonuses. The lines: rate-card fares before ID discounts, ID discounts,
   * promos (carried by operations), peak bonuses (whole to riders), and the ₱1 insurance per
   * delivery the riders pay into the member benefits fund.
   */
  grossFare: integer("gross_fare").$type<Centavos>().notNull().default(0),
  idDiscounts: integer("id_discounts").$type<Centavos>().notNull().default(0),
  promoCost: integer("promo_cost").$type<Centavos>().notNull().default(0),
  peakBonus: integer("peak_bonus").$type<Centavos>().notNull().default(0),
  insurance: integer("insurance").$type<Centavos>().notNull().default(0),
});

/**
 * Every change of a delivery (docs/guide/deliveries.md#events), written in the same D1
 * batch as the change (app/deliveries/events.server.ts). `riderId`: the rider the change concerns.
 */
export const deliveryEvents = sqliteTable(
  "delivery_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => deliveries.id),
    kind: text("kind", { enum: DELIVERY_EVENT_KINDS }).notNull(),
    fromStatus: text("from_status", { enum: DELIVERY_STATUSES }),
    toStatus: text("to_status", { enum: DELIVERY_STATUSES }),
    actorId: text("actor_id").references(() => users.id),
    riderId: text("rider_id").references(() => users.id),
    at: timestamp("at").notNull(),
    note: text("note"),
  },
  (t) => [
    index("delivery_events_delivery_at_idx").on(t.deliveryId, t.at),
    index("delivery_events_rider_at_idx").on(t.riderId, t.at),
  ],
);

/** The customer's rating of a delivered delivery: one per delivery. */
export const deliveryRatings = sqliteTable(
  "delivery_ratings",
  {
    deliveryId: text("delivery_id")
      .primaryKey()
      .references(() => deliveries.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id),
    riderId: text("rider_id")
      .notNull()
      .references(() => users.id),
    stars: integer("stars").notNull(),
    comment: text("comment"),
    ratedAt: timestamp("rated_at").notNull(),
  },
  (t) => [
    index("delivery_ratings_rated_at_idx").on(t.ratedAt),
    index("delivery_ratings_rider_idx").on(t.riderId, t.stars),
  ],
);

export type Delivery = typeof deliveries.$inferSelect;

export type NewDelivery = typeof deliveries.$inferInsert;

export type DeliveryRating = typeof deliveryRatings.$inferSelect;
