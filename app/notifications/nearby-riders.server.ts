import type { Delivery } from "~/db/schema";
import { formatDistanceKm, haversineKm } from "~/pricing/distance";
import { NEARBY_GATHERED_TITLE, notificationMessages } from "./notification-messages";
import { encodeNotificationMessage } from "./notifications.server";

/** A rider online within this many km (straight line) of a new delivery's pickup hears of it. */
const NEARBY_KM = 5;

/** A rider hears "New delivery nearby" at most once in this long; later ones are gathered into it. */
const NEARBY_GATHER_MS = 60_000;

type NewDelivery = Pick<
  Delivery,
  "id" | "customerId" | "pickupCity" | "dropoffCity" | "dropoffAddress" | "pickupLatitude" | "pickupLongitude"
> &
  Partial<Pick<Delivery, "pickupApproximate">>;

/**
 * The "New delivery nearby" notifications for a delivery riders can now take (booked, or paid
 * online), for every online, approved, unsuspended rider whose last position is within 5 km of the
 * pickup, its customer left out. Online riders come from users_rider_online_seen_idx (a few
 * hundred at most); the distance is measured here.
 *
 * Riders are told once (decision 0181): every statement runs only while the delivery is
 * still pending and untaken (so a refused booking tells nobody), and a rider gets at most one
 * notification a minute: nearby_alerts counts the deliveries of the rider's current minute; the
 * minute's first makes the notification, later ones rewrite it ("3 new deliveries nearby": the
 * gathered title's message with the minute's count as its value, joined in SQL; the newest's route) and mark it unread again, without a second push. The statements need nothing
 * before them: they go at the END of the batch that makes the delivery offerable, or in a batch of
 * their own.
 */
export async function nearbyRiderNotifications(
  d1: D1Database,
  delivery: NewDelivery,
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
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
    const content = notificationMessages.deliveryNearby(
      delivery,
      formatDistanceKm(km),
      Boolean(delivery.pickupApproximate),
    );
    return [
      // This minute's count for the rider: 1 starts a new minute.
      d1
        .prepare(
          `INSERT INTO nearby_alerts (rider_id, since, count)
           SELECT ?1, ?2, 1 WHERE EXISTS (SELECT 1 FROM deliveries WHERE id = ?3 AND status = 'pending' AND rider_id IS NULL)
           ON CONFLICT (rider_id) DO UPDATE SET
             count = CASE WHEN nearby_alerts.since > ?2 - ?4 THEN nearby_alerts.count + 1 ELSE 1 END,
             since = CASE WHEN nearby_alerts.since > ?2 - ?4 THEN nearby_alerts.since ELSE ?2 END`,
        )
        .bind(rider.id, now, delivery.id, NEARBY_GATHER_MS),
      // The minute's first: a new notification (pushed), created at the minute's start.
      d1
        .prepare(
          `INSERT INTO notifications (user_id, kind, title, body, url, created_at, push_pending)
           SELECT id, ?2, ?3, ?4, ?5, ?6, EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = users.id)
           FROM users WHERE id = ?1 AND changes() > 0
             AND EXISTS (SELECT 1 FROM nearby_alerts WHERE rider_id = ?1 AND count = 1 AND since = ?6)`,
        )
        .bind(
          rider.id,
          content.kind,
          encodeNotificationMessage(content.title),
          encodeNotificationMessage(content.body),
          content.url,
          now,
        ),
      // A later one in the minute: the minute's notification counts it (encodeMessage's form, `id|{"count":3}`).
      d1
        .prepare(
          `UPDATE notifications SET title = ?2 || '|' || json_object('count', (SELECT count FROM nearby_alerts WHERE rider_id = ?1)), body = ?3, read_at = NULL
           WHERE user_id = ?1 AND kind = 'delivery_nearby'
             AND created_at = (SELECT since FROM nearby_alerts WHERE rider_id = ?1 AND count > 1 AND since > ?4 - ?5)
             AND EXISTS (SELECT 1 FROM deliveries WHERE id = ?6 AND status = 'pending' AND rider_id IS NULL)`,
        )
        .bind(
          rider.id,
          NEARBY_GATHERED_TITLE,
          encodeNotificationMessage(content.body),
          now,
          NEARBY_GATHER_MS,
          delivery.id,
        ),
    ];
  });
}
