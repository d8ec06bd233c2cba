import { riderRatings } from "~/ledger/rider-figures.server";
import { Refusal } from "~/http/refusal";
import {
  MEMBERSHIP_DELIVERIES_NEEDED,
  MEMBERSHIP_FEE,
  MEMBERSHIP_MIN_RATING,
  membershipOf,
  type Membership,
} from "./membership";

/** Delivered deliveries per rider, all time (deliveries_rider_delivered_idx). */
async function deliveredCounts(d1: D1Database, riderIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(riderIds.map((id) => [id, 0]));
  if (riderIds.length === 0) return counts;
  const statements = [];
  for (let i = 0; i < riderIds.length; i += 90) {
    const chunk = riderIds.slice(i, i + 90);
    statements.push(
      d1
        .prepare(
          `SELECT rider_id, count(*) AS n FROM deliveries
           WHERE rider_id IN (${chunk.map((_, j) => `?${j + 1}`).join(", ")}) AND delivered_at IS NOT NULL AND status = 'delivered'
           GROUP BY rider_id`,
        )
        .bind(...chunk),
    );
  }
  for (const result of await d1.batch(statements)) {
    for (const row of result.results as { rider_id: string; n: number }[]) counts.set(row.rider_id, row.n);
  }
  return counts;
}

/** Each rider's membership (status, delivered, needed, memberSince). */
export async function memberships(
  d1: D1Database,
  riders: readonly { id: string; memberSince: Date | number | null }[],
  now = Date.now(),
): Promise<Map<string, Membership>> {
  const ids = riders.map((rider) => rider.id);
  const [delivered, ratings] = await Promise.all([deliveredCounts(d1, ids), riderRatings(d1, ids, now)]);
  return new Map(
    riders.map((rider) => [
      rider.id,
      membershipOf(rider, delivered.get(rider.id) ?? 0, ratings.get(rider.id)?.rating ?? null),
    ]),
  );
}

/**
 * `POST /api/admin/riders/{id}/membership`: records the ₱500 fee of an eligible rider and makes
 * them a member-owner. 404 for anyone who is not an approved rider; 409 for a rider not eligible
 * (or already a member). The UPDATE is conditioned on not being a member yet, so two admins
 * recording at once record one fee.
 */
export async function recordMembership(
  d1: D1Database,
  admin: { id: string },
  riderId: string,
  now = Date.now(),
): Promise<Membership> {
  const row = await d1
    .prepare(
      "SELECT id, member_since FROM users WHERE id = ?1 AND rider_approved_at IS NOT NULL AND deactivated_at IS NULL",
    )
    .bind(riderId)
    .first<{ id: string; member_since: number | null }>();
  if (!row) throw new Refusal(404, "server.riders.notFound");
  const membership = (await memberships(d1, [{ id: row.id, memberSince: row.member_since }], now)).get(row.id)!;
  if (membership.status === "member") throw new Refusal(409, "server.riders.alreadyMember");
  if (membership.status !== "eligible") {
    throw new Refusal(409, "server.riders.notEligible", {
      deliveries: MEMBERSHIP_DELIVERIES_NEEDED,
      rating: MEMBERSHIP_MIN_RATING,
    });
  }
  const result = await d1
    .prepare(
      "UPDATE users SET member_since = ?2, membership_fee = ?3, membership_recorded_by = ?4, updated_at = ?2 WHERE id = ?1 AND member_since IS NULL",
    )
    .bind(riderId, now, MEMBERSHIP_FEE, admin.id)
    .run();
  if (result.meta.changes !== 1) throw new Refusal(409, "server.riders.alreadyMember");
  return { ...membership, status: "member", memberSince: new Date(now).toISOString() };
}
