import type { Delivery } from "~/db/schema";
import { formatDistanceKm, haversineKm } from "~/pricing/distance";
import { notificationText } from "./messages";
import { notificationInsert } from "./notifications.server";

/** A rider online within this many km (straight line) of a new delivery's pickup hears of it. */
export const NEARBY_KM = 5;

type NewDelivery = Pick<Delivery, "id" | "customerId" | "pickupCity" | "dropoffCity" | "dropoffAddress" | "pickupLatitude" | "pickupLongitude">;

/**
 * The "New delivery nearby" notifications for a delivery riders can now take (booked, or paid
 * online): one per online, approved, unsuspended rider whose last position is within 5 km of the
 * pickup, its customer left out. Online riders come from users_rider_online_seen_idx (a few
 * hundred at most); the distance is measured here. Statements with `afterChange: false`: they go
 * at the END of the batch that makes the delivery offerable, or in a batch of their own.
 */
export async function nearbyRiderNotifications(d1: D1Database, delivery: NewDelivery, now = Date.now()): Promise<D1PreparedStatement[]> {
  if (delivery.pickupLatitude === null || delivery.pickupLongitude === null) return [];
  const pickup = { latitude: delivery.pickupLatitude, longitude: delivery.pickupLongitude };
  const { results } = await d1
    .prepare(
      `SELECT id, last_latitude AS latitude, last_longitude AS longitude FROM users
       WHERE rider_online = 1 AND role = 'rider' AND rider_approved_at IS NOT NULL AND rider_suspended_at IS NULL
         AND deactivated_at IS NULL AND last_latitude IS NOT NULL AND last_longitude IS NOT NULL AND id != ?1`,
    )
    .bind(delivery.customerId)
    .all<{ id: string; latitude: number; longitude: number }>();
  return results.flatMap((rider) => {
    const km = haversineKm(pickup, rider);
    if (km > NEARBY_KM) return [];
    return [notificationInsert(d1, { userId: rider.id }, notificationText.deliveryNearby(delivery, formatDistanceKm(km)), { afterChange: false, now })];
  });
}
