import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveryRatings, type DeliveryRating, type User } from "~/db/schema";
import { findDeliveryWithRider } from "./deliveries.server";
import { deliveryEventInsert } from "./events.server";
import { canSeeDelivery } from "./visibility";
import { Refusal } from "~/http/refusal";
import type { RatingInput, RatingView } from "./rating-schema";

/**
 * Ratings (docs/guide/deliveries.md#ratings): the customer rates a delivered delivery once.
 * Checks in order: 404 when the caller may not see the delivery, 403 when they see it but did not
 * book it (its rider, an admin), 409 unless delivered, 409 when already rated.
 */
const toRatingView = (rating: Pick<DeliveryRating, "stars" | "comment" | "ratedAt">): RatingView => ({
  stars: rating.stars,
  comment: rating.comment,
  ratedAt: rating.ratedAt.toISOString(),
});

export async function rateDelivery(
  d1: D1Database,
  db: Db,
  customer: User,
  id: string,
  input: RatingInput,
  now = new Date(),
): Promise<RatingView> {
  const found = id && id.length <= 64 ? await findDeliveryWithRider(db, id) : null;
  if (!found || !canSeeDelivery(customer, found.delivery)) throw new Refusal(404, "server.deliveries.notFound");
  const { delivery } = found;
  if (delivery.customerId !== customer.id) throw new Refusal(403, "server.ratings.onlyCustomer");
  if (delivery.status !== "delivered" || !delivery.riderId) throw new Refusal(409, "server.ratings.onlyDelivered");

  const at = now.getTime();
  const [insert] = await d1.batch(
    ratingStatements(d1, {
      deliveryId: id,
      customerId: customer.id,
      riderId: delivery.riderId,
      stars: input.stars,
      comment: input.comment,
      at,
    }),
  );
  if (insert!.meta.changes !== 1) throw new Refusal(409, "server.ratings.already");
  return { stars: input.stars, comment: input.comment, ratedAt: new Date(at).toISOString() };
}

/**
 * The two statements of a rating, for one batch: the rating (re-checking that the delivery is
 * delivered and the customer's, and skipping an existing rating), then its "rated" event, which
 * follows only when the rating was inserted. Used by the API and by the demo data.
 */
export function ratingStatements(
  d1: D1Database,
  rating: {
    deliveryId: string;
    customerId: string;
    riderId: string;
    stars: number;
    comment: string | null;
    at: number;
  },
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    d1
      .prepare(
        `INSERT INTO delivery_ratings (delivery_id, customer_id, rider_id, stars, comment, rated_at)
         SELECT id, customer_id, rider_id, ?2, ?3, ?4 FROM deliveries
         WHERE id = ?1 AND customer_id = ?5 AND status = 'delivered' AND rider_id IS NOT NULL
         ON CONFLICT (delivery_id) DO NOTHING`,
      )
      .bind(rating.deliveryId, rating.stars, rating.comment, rating.at, rating.customerId),
    deliveryEventInsert(d1, {
      deliveryId: rating.deliveryId,
      kind: "rated",
      from: "delivered",
      to: "delivered",
      actorId: rating.customerId,
      riderId: rating.riderId,
      at: rating.at,
      note: `${rating.stars} stars`,
    }),
  ];
}

/** The rating of one delivery, or null. */
export async function findRating(db: Db, deliveryId: string): Promise<RatingView | null> {
  const [row] = await db.select().from(deliveryRatings).where(eq(deliveryRatings.deliveryId, deliveryId)).limit(1);
  return row ? toRatingView(row) : null;
}

/** The ratings of these deliveries, by delivery id (primary-key lookups; at most 100 ids per call). */
export async function ratingsFor(db: Db, deliveryIds: string[]): Promise<Map<string, RatingView>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db.select().from(deliveryRatings).where(inArray(deliveryRatings.deliveryId, deliveryIds));
  return new Map(rows.map((row) => [row.deliveryId, toRatingView(row)]));
}
