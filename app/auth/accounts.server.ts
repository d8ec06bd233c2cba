import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Language } from "~/i18n/languages";
import type { Db } from "~/db/client.server";
import { deliveries, users, type Role, type User } from "~/db/schema";
import type { IdentityClaims } from "./identity.server";
import { isSuspendedRider, suspendedRefusal } from "./suspension";
import { Refusal } from "~/http/refusal";
import { revokeAllSessions } from "./session.server";
import { forgetNotificationsStatements } from "~/notifications/notifications.server";

/** Accounts: who someone is after sign-in, and the changes they may make to themselves (refused with a Refusal). */

const ACTIVE_RIDER_STATUSES = ["assigned", "picked_up", "in_transit", "returning"] as const;
const OPEN_CUSTOMER_STATUSES = ["pending", "assigned", "picked_up", "in_transit", "returning"] as const;

async function findAccountForIdentity(db: Db, claims: IdentityClaims): Promise<User | null> {
  const column = claims.channel === "sms" ? users.phoneNumber : users.email;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(column, claims.subject), isNull(users.deactivatedAt)))
    .limit(1);
  return user ?? null;
}

const hasNames = (user: Pick<User, "firstName" | "lastName"> | null) => Boolean(user?.firstName && user.lastName);

/**
 * The account for a confirmed identity, created or completed with the names of the name step.
 * Returns null when the names are still needed (a new person, or an account without names).
 */
export async function accountForSignIn(
  db: Db,
  claims: IdentityClaims,
  names: { firstName?: string; lastName?: string },
  now = new Date(),
): Promise<User | null> {
  const existing = await findAccountForIdentity(db, claims);
  if (hasNames(existing)) return existing;
  if (!names.firstName || !names.lastName) return null;

  if (existing) {
    const [updated] = await db
      .update(users)
      .set({ firstName: names.firstName, lastName: names.lastName, updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    return updated!;
  }
  const [created] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      phoneNumber: claims.channel === "sms" ? claims.subject : null,
      email: claims.channel === "email" ? claims.subject : null,
      firstName: names.firstName,
      lastName: names.lastName,
      role: "user",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Two name steps for the same new number at once: the second finds the first's account.
  return created ?? (await findAccountForIdentity(db, claims));
}

export async function updateProfile(
  db: Db,
  user: User,
  profile: { firstName: string; lastName: string; email: string | null; language?: Language },
  now = new Date(),
): Promise<User> {
  if (profile.email && profile.email !== user.email) {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, profile.email)).limit(1);
    if (taken) throw new Refusal(409, "server.auth.emailTaken", undefined, "email");
  }
  const [updated] = await db
    .update(users)
    .set({
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      ...(profile.language ? { language: profile.language } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

async function countDeliveries(
  db: Db,
  column: typeof deliveries.riderId | typeof deliveries.customerId,
  userId: string,
  statuses: readonly string[],
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(deliveries)
    .where(and(eq(column, userId), inArray(deliveries.status, statuses as (typeof deliveries.status._.data)[])));
  return row?.n ?? 0;
}

/**
 * An approved rider may switch between user and rider (docs/guide/people-and-access.md); anyone
 * else is told to apply first. Only an admin may set admin; a busy rider stays a rider; a
 * suspended rider cannot take the rider role back.
 */
export async function changeRole(db: Db, user: User, role: Role, now = new Date()): Promise<User> {
  if (role === "admin" && user.role !== "admin")
    throw new Refusal(403, "server.auth.adminRoleOnlyByAdmin", undefined, "role");
  if (role === "rider" && user.role !== "rider") {
    if (!user.riderApprovedAt) throw new Refusal(403, "server.auth.applyFirst", undefined, "role");
    if (isSuspendedRider(user)) throw suspendedRefusal(user.riderSuspensionReason);
  }
  if (user.role === "rider" && role !== "rider") {
    const active = await countDeliveries(db, deliveries.riderId, user.id, ACTIVE_RIDER_STATUSES);
    if (active > 0) throw new Refusal(409, "server.auth.finishDeliveriesFirst", undefined, "role");
  }
  // Leaving the rider role also goes offline, so a returning rider starts offline again.
  const riderOnline = role === "rider" ? user.riderOnline : false;
  const [updated] = await db
    .update(users)
    .set({ role, riderOnline, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/**
 * Deactivates an account: its sessions are revoked, its name, email and phone scrubbed; its
 * deliveries stay on the books. Refused while it has deliveries under way.
 */
export async function deactivateAccount(db: Db, user: User, now = new Date()): Promise<void> {
  const busyAsRider = await countDeliveries(db, deliveries.riderId, user.id, ACTIVE_RIDER_STATUSES);
  const busyAsCustomer = await countDeliveries(db, deliveries.customerId, user.id, OPEN_CUSTOMER_STATUSES);
  if (busyAsRider + busyAsCustomer > 0) {
    throw new Refusal(409, "server.auth.deliveriesInProgress");
  }
  await db
    .update(users)
    .set({ deactivatedAt: now, firstName: null, lastName: null, email: null, phoneNumber: null, updatedAt: now })
    .where(eq(users.id, user.id));
  await revokeAllSessions(db, user.id, now);
  await db.$client.batch(forgetNotificationsStatements(db.$client, user.id));
}
