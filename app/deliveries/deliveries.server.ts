import { aliasedTable, and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveries, users, type Delivery, type DeliveryStatus, type User } from "~/db/schema";
import type { Geocoder } from "~/geocoding/geocoder.server";
import { priceRoute } from "~/pricing/pricing.server";
import type { BookingInput } from "./booking-schema";
import { toRiderSummary, type RiderSummary } from "./delivery-view";
import { canSeeDelivery } from "./visibility";

/** Deliveries that are neither delivered nor cancelled. */
export const ACTIVE_STATUSES: readonly DeliveryStatus[] = ["pending", "assigned", "picked_up", "in_transit"];

/** How many of a customer's bookings `GET /api/deliveries/my` answers at most (newest first). */
export const MY_DELIVERIES_LIMIT = 100;

/**
 * Books a delivery for a customer: status pending, priced by the server (the client's fees and
 * distance are never read). The points stored are the geocoded addresses when both were found,
 * else the two cities' centre points.
 */
export async function createDelivery(
  db: Db,
  customer: Pick<User, "id">,
  input: BookingInput,
  { geocoder, now = new Date() }: { geocoder: Geocoder | null; now?: Date },
): Promise<Delivery> {
  const price = await priceRoute(input, { geocoder });
  const [created] = await db
    .insert(deliveries)
    .values({
      id: crypto.randomUUID(),
      customerId: customer.id,
      riderId: null,
      status: "pending",
      pickupAddress: input.pickupAddress,
      pickupCity: input.pickupCity,
      pickupPhone: input.pickupPhone,
      pickupNotes: input.pickupNotes,
      dropoffAddress: input.dropoffAddress,
      dropoffCity: input.dropoffCity,
      dropoffPhone: input.dropoffPhone,
      dropoffNotes: input.dropoffNotes,
      packageType: input.packageType,
      packageSize: input.packageSize,
      packageDescription: input.packageDescription,
      isFragile: input.isFragile,
      notifyRecipient: input.notifyRecipient,
      baseFare: price.baseFare,
      distanceFee: price.distanceFee,
      sizeFee: price.sizeFee,
      totalFee: price.total,
      distance: price.distance,
      estimatedDuration: price.estimatedDuration,
      pickupLatitude: price.pickup.latitude,
      pickupLongitude: price.pickup.longitude,
      dropoffLatitude: price.dropoff.latitude,
      dropoffLongitude: price.dropoff.longitude,
      createdAt: now,
    })
    .returning();
  return created!;
}

/** A customer's own bookings, newest first. */
export async function listCustomerDeliveries(db: Db, customerId: string, { limit = MY_DELIVERIES_LIMIT } = {}): Promise<Delivery[]> {
  return db
    .select()
    .from(deliveries)
    .where(eq(deliveries.customerId, customerId))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(limit);
}

const riders = aliasedTable(users, "rider");

/** A delivery with its assigned rider's public summary, or null when there is no such id. */
export async function findDeliveryWithRider(db: Db, id: string): Promise<{ delivery: Delivery; rider: RiderSummary | null } | null> {
  const [row] = await db
    .select({ delivery: deliveries, rider: { id: riders.id, firstName: riders.firstName, lastName: riders.lastName } })
    .from(deliveries)
    .leftJoin(riders, eq(riders.id, deliveries.riderId))
    .where(eq(deliveries.id, id))
    .limit(1);
  if (!row) return null;
  return { delivery: row.delivery, rider: row.rider ? toRiderSummary(row.rider) : null };
}

/**
 * The delivery if this user may see it (PRODUCT.md: its customer, its rider, any rider while it is
 * pending, admins); null otherwise, which callers answer with 404 so ids cannot be probed.
 */
export async function getVisibleDelivery(
  db: Db,
  user: Pick<User, "id" | "role" | "riderSuspendedAt">,
  id: string,
): Promise<{ delivery: Delivery; rider: RiderSummary | null } | null> {
  if (!id || id.length > 64) return null;
  const found = await findDeliveryWithRider(db, id);
  return found && canSeeDelivery(user, found.delivery) ? found : null;
}

/**
 * The id of the customer's newest delivery that is still under way, or null. The home page's
 * Track Deliveries card links to `/tracking/{id}`, or to `/booking#recent-bookings` when null.
 */
export async function newestActiveDeliveryId(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.customerId, customerId), inArray(deliveries.status, [...ACTIVE_STATUSES])))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(1);
  return row?.id ?? null;
}
