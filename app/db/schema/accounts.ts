import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { RIDER_APPLICATION_STATUSES, ROLES, VEHICLES, VERIFICATION_CHANNELS } from "~/db/enums";
import type { Centavos } from "~/money/money";
import { LANGUAGES } from "~/i18n/languages";
import { timestamp } from "./columns";

/** Who uses Hatid: users, their sessions and sign-in codes, and the /become-rider applications. */

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
    /** Set while an admin has suspended the rider (app/auth/suspension.ts), with the reason they gave. */
    riderSuspendedAt: timestamp("rider_suspended_at"),
    riderSuspensionReason: text("rider_suspension_reason"),
    /** Membership (app/riders/rider-memberships.server.ts): when an admin recorded the ₱500 fee, the fee in centavos, and who. */
    memberSince: timestamp("member_since"),
    membershipFee: integer("membership_fee").$type<Centavos>(),
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
 * Which delivery rooms a session opened a live-tracking socket in (migration 0170, decision 0214):
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
    /** The user's role as the room was last told (null: written before migration 0185). */
    role: text("role", { enum: ROLES }),
    /** The user's rider suspension as the room was last told (null: not suspended, or not known). */
    riderSuspendedAt: timestamp("rider_suspended_at"),
  },
  (t) => [
    primaryKey({ columns: [t.sessionHash, t.deliveryId] }),
    index("room_sessions_user_idx").on(t.userId),
    index("room_sessions_expires_idx").on(t.expiresAt),
  ],
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
    uniqueIndex("verifications_secret_hash_email_unique").on(t.secretHash).where(sql`channel = 'email'`),
  ],
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
    uniqueIndex("rider_applications_submitted_mobile_unique").on(t.mobile).where(sql`status = 'submitted'`),
  ],
);

export type User = typeof users.$inferSelect;

export type Session = typeof sessions.$inferSelect;

export type Verification = typeof verifications.$inferSelect;

export type RiderApplicationRow = typeof riderApplications.$inferSelect;
