import { Refusal } from "~/http/refusal";
import type { User } from "~/db/schema";
import { riderRatings } from "~/ledger/rider-figures.server";
import { isSeenOnline } from "./availability.server";
import type { Membership } from "./membership";
import { memberships } from "./rider-memberships.server";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";

/**
 * Manage Riders (docs/guide/people-and-access.md): the approved riders with what an admin needs to
 * run the day (online, rating, membership), and suspension.
 */

const RIDER_LIST_LIMIT = 500;
const DAY_MS = 24 * 60 * 60_000;
const asDate = (ms: number | null) => (ms === null ? null : new Date(ms));

export interface RiderListItem {
  id: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  /** Their current role: an approved rider may have switched back to the customer role. */
  role: User["role"];
  /** When the rider's position was last heard (ISO), or null. */
  lastSeen: string | null;
  activeDeliveries: number;
  deliveredLast30Days: number;
  suspension: { reason: string; since: string } | null;
  /** Online as admins see it: chose online and heard from in the last 10 minutes. */
  online: boolean;
  /** Mean stars of the last 90 days, 1 decimal, or null. */
  rating: number | null;
  membership: Membership;
}

interface RiderRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  role: User["role"];
  last_located_at: number | null;
  rider_suspended_at: number | null;
  rider_suspension_reason: string | null;
  rider_online: number;
  rider_seen_at: number | null;
  member_since: number | null;
  active: number;
  delivered: number;
}

/**
 * `GET /api/admin/riders`: approved riders, by name. One statement: the riders come from
 * users_rider_approved_idx, each count from the rider's own index range
 * (deliveries_rider_status_idx, deliveries_rider_delivered_idx).
 */
export async function listRiders(d1: D1Database, now = Date.now()): Promise<RiderListItem[]> {
  const { results } = await d1
    .prepare(
      `SELECT u.id, u.first_name, u.last_name, u.phone_number, u.role, u.last_located_at, u.rider_suspended_at, u.rider_suspension_reason,
         u.rider_online, u.rider_seen_at, u.member_since,
         (SELECT count(*) FROM deliveries d WHERE d.rider_id = u.id AND d.status IN ('assigned', 'picked_up', 'in_transit', 'returning')) AS active,
         (SELECT count(*) FROM deliveries d WHERE d.rider_id = u.id AND d.delivered_at >= ?1 AND d.status = 'delivered') AS delivered
       FROM users u
       WHERE u.rider_approved_at IS NOT NULL AND u.deactivated_at IS NULL
       ORDER BY u.first_name COLLATE NOCASE, u.last_name COLLATE NOCASE, u.id
       LIMIT ?2`,
    )
    .bind(now - 30 * DAY_MS, RIDER_LIST_LIMIT)
    .all<RiderRow>();
  const riders = results.map((row) => ({ id: row.id, memberSince: row.member_since }));
  const [ratings, standing] = await Promise.all([
    riderRatings(
      d1,
      riders.map((r) => r.id),
      now,
    ),
    memberships(d1, riders, now),
  ]);
  return results.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    role: row.role,
    lastSeen: row.last_located_at !== null ? new Date(row.last_located_at).toISOString() : null,
    activeDeliveries: row.active,
    deliveredLast30Days: row.delivered,
    suspension:
      row.rider_suspended_at !== null
        ? { reason: row.rider_suspension_reason ?? "", since: new Date(row.rider_suspended_at).toISOString() }
        : null,
    online: isSeenOnline(
      {
        riderOnline: row.rider_online === 1,
        riderSeenAt: asDate(row.rider_seen_at),
        lastLocatedAt: asDate(row.last_located_at),
      },
      now,
    ),
    rating: ratings.get(row.id)?.rating ?? null,
    membership: standing.get(row.id)!,
  }));
}

/**
 * Suspends an approved rider with a reason (404 for anyone who is not an approved rider; 409 when
 * already suspended). What they hold stays theirs until an admin reassigns it; from now on every
 * rider check refuses them (app/auth/suspension.ts).
 */
export async function suspendRider(d1: D1Database, riderId: string, reason: string, now = Date.now()): Promise<void> {
  await requireApprovedRider(d1, riderId);
  const [result] = await d1.batch([
    d1
      .prepare(
        `UPDATE users SET rider_suspended_at = ?2, rider_suspension_reason = ?3, updated_at = ?2
         WHERE id = ?1 AND rider_approved_at IS NOT NULL AND rider_suspended_at IS NULL`,
      )
      .bind(riderId, now, reason),
    notificationInsert(d1, { userId: riderId }, notificationMessages.suspended(reason), { now }),
  ]);
  if (result!.meta.changes !== 1) throw new Refusal(409, "server.riders.alreadySuspended");
}

export async function reactivateRider(d1: D1Database, riderId: string, now = Date.now()): Promise<void> {
  await requireApprovedRider(d1, riderId);
  const [result] = await d1.batch([
    d1
      .prepare(
        `UPDATE users SET rider_suspended_at = NULL, rider_suspension_reason = NULL, updated_at = ?2
         WHERE id = ?1 AND rider_approved_at IS NOT NULL AND rider_suspended_at IS NOT NULL`,
      )
      .bind(riderId, now),
    notificationInsert(d1, { userId: riderId }, notificationMessages.reactivated(), { now }),
  ]);
  if (result!.meta.changes !== 1) throw new Refusal(409, "server.riders.notSuspended");
}

export interface RiderStandingRow {
  id: string;
  role: User["role"];
  approved: boolean;
  suspendedReason: string | null;
  suspended: boolean;
}

async function requireApprovedRider(d1: D1Database, riderId: string): Promise<void> {
  const row = await riderStanding(d1, riderId);
  if (!row?.approved) throw new Refusal(404, "server.riders.notFound");
}

/** Who a rider is for the admin's checks; null when there is no such active account. */
export async function riderStanding(d1: D1Database, riderId: string): Promise<RiderStandingRow | null> {
  if (!riderId || riderId.length > 64) return null;
  const row = await d1
    .prepare(
      `SELECT id, role, rider_approved_at IS NOT NULL AS approved, rider_suspended_at IS NOT NULL AS suspended, rider_suspension_reason AS reason
       FROM users WHERE id = ?1 AND deactivated_at IS NULL`,
    )
    .bind(riderId)
    .first<{ id: string; role: User["role"]; approved: number; suspended: number; reason: string | null }>();
  if (!row) return null;
  return {
    id: row.id,
    role: row.role,
    approved: row.approved === 1,
    suspended: row.suspended === 1,
    suspendedReason: row.reason,
  };
}
