import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  DELIVERY_EVENT_KINDS,
  DELIVERY_STATUSES,
  HANDOVER_KINDS,
  ID_DISCOUNT_KINDS,
  ID_DISCOUNT_STATUSES,
  NOTIFICATION_KINDS,
  CASHOUT_METHODS,
  CASHOUT_STATUSES,
  LEDGER_KINDS,
  ONLINE_PAYMENT_METHODS,
  ONLINE_PAYMENT_STATUSES,
  PACKAGE_SIZES,
  PACKAGE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  RIDER_APPLICATION_STATUSES,
  ROLES,
  VEHICLES,
  VERIFICATION_CHANNELS,
} from "./enums";
import { newHandoverCode } from "~/deliveries/handover-code";
import { LANGUAGES } from "../i18n/languages";

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
    /** Go Online (riders): the rider's own choice; new riders start offline. */
    riderOnline: integer("rider_online", { mode: "boolean" }).notNull().default(false),
    /** When the app last heard from this rider (their requests); admins see a rider silent for 10 minutes as offline. */
    riderSeenAt: timestamp("rider_seen_at"),
    /** Set when an admin approved the user's rider application; only approved riders may take the rider role. */
    riderApprovedAt: timestamp("rider_approved_at"),
    /** Set while an admin has suspended the rider (app/riders/suspension.ts), with the reason they gave. */
    riderSuspendedAt: timestamp("rider_suspended_at"),
    riderSuspensionReason: text("rider_suspension_reason"),
    /** Membership (app/riders/rider-memberships.server.ts): when an admin recorded the ₱500 fee, the fee in centavos, and who. */
    memberSince: timestamp("member_since"),
    membershipFee: integer("membership_fee"),
    membershipRecordedBy: text("membership_recorded_by"),
    /** What the rider rides (migration 0140); shown to the customer while a delivery is active. */
    vehicle: text("vehicle", { enum: VEHICLES }).notNull().default("motorcycle"),
    /** The language the person chose in Settings (app/i18n/languages.ts); null until they choose. */
    language: text("language", { enum: LANGUAGES }),
  },
  (t) => [
    uniqueIndex("users_phone_number_unique").on(t.phoneNumber),
    uniqueIndex("users_email_unique").on(t.email),
    index("users_role_idx").on(t.role),
    index("users_rider_online_seen_idx").on(t.riderOnline, t.riderSeenAt),
    index("users_rider_approved_idx").on(t.riderApprovedAt),
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

/**
 * Which delivery rooms a session opened a live-tracking socket in (migration 0170, decision 0030):
 * written by the /ws gate, read to tell those rooms when the session ends or its user changes.
 */
export const roomSessions = sqliteTable(
  "room_sessions",
  {
    sessionHash: text("session_hash").notNull(),
    deliveryId: text("delivery_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The session's expiry: the row is of no use after it (the cron deletes it). */
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionHash, t.deliveryId] }), index("room_sessions_user_idx").on(t.userId), index("room_sessions_expires_idx").on(t.expiresAt)],
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
    idDiscountAmount: integer("id_discount_amount").notNull().default(0),
    promoCode: text("promo_code"),
    promoDiscount: integer("promo_discount").notNull().default(0),
    amountDue: integer("amount_due").notNull().default(0),
    /** Copies of the online payment's id, checkout address and refund, written with it in one batch. */
    paymentId: text("payment_id"),
    checkoutUrl: text("checkout_url"),
    refundedAmount: integer("refunded_amount").notNull().default(0),
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
     * Issue 27, part C (migration 0182): earlier unpaid cancellation fees this booking collects
     * (part of amountDue); the ₱50 fee's arrival evidence (first position within 100 m of the
     * pickup while assigned, and one at least 20 s later); what waits to be refunded.
     */
    owedFeeCollected: integer("owed_fee_collected").notNull().default(0),
    pickupArrivalFirstAt: timestamp("pickup_arrival_first_at"),
    pickupArrivalConfirmedAt: timestamp("pickup_arrival_confirmed_at"),
    refundPending: integer("refund_pending").notNull().default(0),
    /** Peak hours (migration 0183): centavos added to amount_due, whole to the delivering rider (app/pricing/peak.ts). */
    peakSurcharge: integer("peak_surcharge").notNull().default(0),
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
    index("deliveries_delivered_fee_idx").on(t.deliveredAt, t.riderId, t.totalFee, t.promoDiscount, t.peakSurcharge, t.idDiscountAmount),
    index("deliveries_partner_created_idx").on(t.partnerId, t.createdAt),
    index("deliveries_cancelled_at_idx").on(t.cancelledAt),
    /** A rider's cancellation-fee shares by day, and the admin's revenue from fees (migration 0081). */
    index("deliveries_rider_cancelled_idx").on(t.riderId, t.cancelledAt),
    index("deliveries_cancelled_fee_idx").on(t.cancelledAt, t.riderId, t.cancellationFee),
    uniqueIndex("deliveries_recipient_token_unique").on(t.recipientTokenHash),
    /** The admin dashboard's no-code handovers (migration 0140). */
    index("deliveries_no_code_handover_idx").on(t.deliveredAt).where(sql`handover = 'none'`),
  ],
);

/**
 * Delivered fees per Manila calendar day (YYYY-MM-DD), in centavos, updated in the same batch
 * that marks a delivery delivered (app/deliveries/daily-totals.server.ts).
 */
export const dailyTotals = sqliteTable("daily_totals", {
  day: text("day").primaryKey(),
  deliveredCount: integer("delivered_count").notNull().default(0),
  revenue: integer("revenue").notNull().default(0),
  riderShare: integer("rider_share").notNull().default(0),
  operationsShare: integer("operations_share").notNull().default(0),
  memberBenefitsShare: integer("member_benefits_share").notNull().default(0),
  /** The part of `revenue` that came from cancellation fees (split like fees into the three shares). */
  cancellationFees: integer("cancellation_fees").notNull().default(0),
  /**
   * Migration 0183: revenue is what customers paid, = rider + operations + member benefits shares;
   * rider_share includes peak bonuses. The lines: rate-card fares before ID discounts, ID discounts,
   * promos (carried by operations), peak bonuses (whole to riders), and the ₱1 insurance per
   * delivery the riders pay into the member benefits fund.
   */
  grossFare: integer("gross_fare").notNull().default(0),
  idDiscounts: integer("id_discounts").notNull().default(0),
  promoCost: integer("promo_cost").notNull().default(0),
  peakBonus: integer("peak_bonus").notNull().default(0),
  insurance: integer("insurance").notNull().default(0),
});

/**
 * Every change of a delivery (PRODUCT.md, Delivery history and ratings), written in the same D1
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
  (t) => [index("delivery_events_delivery_at_idx").on(t.deliveryId, t.at), index("delivery_events_rider_at_idx").on(t.riderId, t.at)],
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
  (t) => [index("delivery_ratings_rated_at_idx").on(t.ratedAt), index("delivery_ratings_rider_idx").on(t.riderId, t.stars)],
);

/** Applications of the /become-rider form (app/riders/applications.server.ts). */
export const riderApplications = sqliteTable(
  "rider_applications",
  {
    id: text("id").primaryKey(),
    fullName: text("full_name").notNull(),
    /** Normalised `+639XXXXXXXXX`. */
    mobile: text("mobile").notNull(),
    city: text("city").notNull(),
    hasMotorcycle: integer("has_motorcycle", { mode: "boolean" }).notNull(),
    referralCode: text("referral_code"),
    status: text("status", { enum: RIDER_APPLICATION_STATUSES }).notNull().default("submitted"),
    /** The admin's note to the applicant (sent with a rejection). */
    note: text("note"),
    clientAddress: text("client_address"),
    createdAt: timestamp("created_at").notNull(),
    decidedAt: timestamp("decided_at"),
    decidedBy: text("decided_by").references(() => users.id),
    /** The account made an approved rider. */
    userId: text("user_id").references(() => users.id),
    /** The language the form was sent in: the decision's text message goes out in it. */
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    /** Given separately on /become-rider (migration 0180); null on older applications (full name only). */
    firstName: text("first_name"),
    lastName: text("last_name"),
  },
  (t) => [
    index("rider_applications_status_created_idx").on(t.status, t.createdAt),
    index("rider_applications_client_created_idx").on(t.clientAddress, t.createdAt),
    uniqueIndex("rider_applications_submitted_mobile_unique")
      .on(t.mobile)
      .where(sql`status = 'submitted'`),
  ],
);

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
    amount: integer("amount").notNull(),
    checkoutId: text("checkout_id"),
    checkoutUrl: text("checkout_url"),
    providerPaymentId: text("provider_payment_id"),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    refundId: text("refund_id"),
    refundError: text("refund_error"),
    createdAt: timestamp("created_at").notNull(),
    paidAt: timestamp("paid_at"),
    failedAt: timestamp("failed_at"),
    refundedAt: timestamp("refunded_at"),
  },
  (t) => [uniqueIndex("payments_delivery_unique").on(t.deliveryId), index("payments_checkout_idx").on(t.checkoutId)],
);

/** Issue 27, part C (migration 0182, decision 0182): cancellation fees owed, and refunds owed. */
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
    amount: integer("amount").notNull(),
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
export type OwedFee = typeof owedFees.$inferSelect;

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
    amount: integer("amount").notNull(),
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

/** Gateway events already applied (each event id once). */
export const paymentEvents = sqliteTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  paymentId: text("payment_id"),
  receivedAt: timestamp("received_at").notNull(),
});

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
  },
  (t) => [
    index("id_discounts_user_created_idx").on(t.userId, t.createdAt),
    index("id_discounts_status_created_idx").on(t.status, t.createdAt),
    /** One waiting application per customer (migration 0181). */
    uniqueIndex("id_discounts_one_pending_per_user")
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

export const businessPartners = sqliteTable(
  "business_partners",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    billingEmail: text("billing_email").notNull(),
    createdAt: timestamp("created_at").notNull(),
    createdBy: text("created_by").references(() => users.id),
  },
  (t) => [index("business_partners_created_idx").on(t.createdAt)],
);

/** A customer billed through a partner (at most one partner each). */
export const partnerMembers = sqliteTable(
  "partner_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    partnerId: text("partner_id")
      .notNull()
      .references(() => businessPartners.id),
    addedAt: timestamp("added_at").notNull(),
    addedBy: text("added_by").references(() => users.id),
  },
  (t) => [index("partner_members_partner_idx").on(t.partnerId, t.addedAt)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Verification = typeof verifications.$inferSelect;
export type Delivery = typeof deliveries.$inferSelect;
export type NewDelivery = typeof deliveries.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type IdDiscount = typeof idDiscounts.$inferSelect;
export type BusinessPartner = typeof businessPartners.$inferSelect;

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
export type DeliveryEvent = typeof deliveryEvents.$inferSelect;
export type DeliveryRating = typeof deliveryRatings.$inferSelect;
export type RiderApplicationRow = typeof riderApplications.$inferSelect;

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
/** The riders' ledger (PRODUCT.md, Money out; migration 0120, app/ledger/). */

export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    riderId: text("rider_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Signed centavos: positive when the co-op owes the rider more. */
    amount: integer("amount").notNull(),
    deliveryId: text("delivery_id").references(() => deliveries.id),
    /** What caused the entry, unique (e.g. "share:{deliveryId}", "cashout:{id}"): nothing enters twice. */
    sourceId: text("source_id").notNull(),
    at: timestamp("at").notNull(),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("ledger_entries_source_unique").on(t.sourceId),
    index("ledger_entries_rider_at_idx").on(t.riderId, t.at, t.amount),
    index("ledger_entries_at_idx").on(t.at, t.kind, t.amount),
  ],
);

export const cashouts = sqliteTable(
  "cashouts",
  {
    id: text("id").primaryKey(),
    riderId: text("rider_id")
      .notNull()
      .references(() => users.id),
    /** Centavos taken from the balance; the rider receives amount - fee. */
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull().default(0),
    method: text("method", { enum: CASHOUT_METHODS }).notNull(),
    accountName: text("account_name"),
    accountNumber: text("account_number"),
    status: text("status", { enum: CASHOUT_STATUSES }).notNull().default("requested"),
    reference: text("reference"),
    requestedAt: timestamp("requested_at").notNull(),
    settledAt: timestamp("settled_at"),
    settledBy: text("settled_by").references(() => users.id),
    /** Issue 27 (migration 0184): a GCash cash-out's payout through the payout gateway. */
    provider: text("provider"),
    providerPayoutId: text("provider_payout_id"),
    failureReason: text("failure_reason"),
  },
  (t) => [
    uniqueIndex("cashouts_one_open_per_rider")
      .on(t.riderId)
      .where(sql`status IN ('requested', 'sending')`),
    uniqueIndex("cashouts_provider_payout_unique")
      .on(t.providerPayoutId)
      .where(sql`provider_payout_id IS NOT NULL`),
    index("cashouts_rider_requested_idx").on(t.riderId, t.requestedAt),
    index("cashouts_status_requested_idx").on(t.status, t.requestedAt),
  ],
);

/** The payout sandbox's armed failures (development and tests; migration 0184): each fails the next sandbox payout. */
export const payoutSandboxFailures = sqliteTable("payout_sandbox_failures", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  reason: text("reason").notNull(),
  armedAt: timestamp("armed_at").notNull(),
});

/** A Manila day or week (start date YYYY-MM-DD) whose incentives were awarded. */
export const payrollCloses = sqliteTable(
  "payroll_closes",
  {
    period: text("period", { enum: ["day", "week"] }).notNull(),
    /** The awards of a close enter only together with the close row that carries this id. */
    closeId: text("close_id").notNull(),
    startDate: text("start_date").notNull(),
    closedAt: timestamp("closed_at").notNull(),
    closedBy: text("closed_by").references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.period, t.startDate] })],
);
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type Cashout = typeof cashouts.$inferSelect;

/** Every version of the co-op's settings (migration 0121, app/settings/): the newest is in force. */
export const coopSettingsVersions = sqliteTable("coop_settings_versions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** JSON of CoopSettings (app/settings/coop-settings.ts), money in centavos. */
  settings: text("settings").notNull(),
  createdAt: timestamp("created_at").notNull(),
  createdBy: text("created_by").references(() => users.id),
});

/**
 * Issue 27, part B (migration 0181, decision 0181). A first-delivery-only promo code (NEWCOOP)
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
  (t) => [uniqueIndex("promo_redemptions_customer_code_unique").on(t.customerId, t.code), index("promo_redemptions_delivery_idx").on(t.deliveryId)],
);

/** "New delivery nearby" gathered per rider and minute: when the minute's notification was made and how many it counts. */
export const nearbyAlerts = sqliteTable("nearby_alerts", {
  riderId: text("rider_id")
    .primaryKey()
    .notNull()
    .references(() => users.id),
  since: integer("since").notNull(),
  count: integer("count").notNull(),
});
/** Issue 27, part A (migration 0180): every SMS and email with what became of it (app/messaging/). */
export const MESSAGE_STATUSES = ["queued", "sent", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
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
  (t) => [index("messages_status_updated_idx").on(t.status, t.updatedAt), index("messages_ref_idx").on(t.ref, t.createdAt)],
);
export type MessageRow = typeof messages.$inferSelect;
