/**
 * Membership (docs/guide/people-and-access.md): a rider is eligible after 100 delivered deliveries
 * with a rating of 4.5 or more, and becomes a member-owner when an admin records the one-time
 * ₱500 fee. Pure rules, shared by the API, Manage Riders and the dashboard.
 */
export const MEMBERSHIP_DELIVERIES_NEEDED = 100;
export const MEMBERSHIP_MIN_RATING = 4.5;
/** ₱500, in centavos. */
export const MEMBERSHIP_FEE = 50_000;

type MembershipStatus = "rider" | "eligible" | "member";

export interface Membership {
  status: MembershipStatus;
  delivered: number;
  needed: typeof MEMBERSHIP_DELIVERIES_NEEDED;
  /** ISO time the fee was recorded, or null. */
  memberSince: string | null;
}

export function membershipOf(
  rider: { memberSince: Date | number | null },
  delivered: number,
  rating: number | null,
): Membership {
  const memberSince = rider.memberSince === null ? null : new Date(Number(rider.memberSince)).toISOString();
  const eligible = delivered >= MEMBERSHIP_DELIVERIES_NEEDED && rating !== null && rating >= MEMBERSHIP_MIN_RATING;
  return {
    status: memberSince ? "member" : eligible ? "eligible" : "rider",
    delivered,
    needed: MEMBERSHIP_DELIVERIES_NEEDED,
    memberSince,
  };
}
