import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveries, type Delivery, type User } from "~/db/schema";
import { afterCursor, type Page, type PageQuery, toPage } from "~/http/paging.server";
import { OFFERABLE_SQL } from "~/payments/payment-status";
import { formatDistanceKm, haversineKm } from "~/pricing/distance";
import { RIDER_ACTIVE_STATUSES } from "./state-machine";

/**
 * The lists riders see (docs/guide/deliveries.md): the deliveries they may accept, nearest pickup
 * first, and their own, under way and done. What they do with them is in rider-operations.server.ts.
 */

/** How many pending deliveries the available list considers (newest first) and shows at most. */
const AVAILABLE_CANDIDATES = 200;
const AVAILABLE_LIMIT = 50;
const RECENT_HISTORY_LIMIT = 5;

export interface AvailableDelivery {
  delivery: Delivery;
  /** Straight-line km from the rider's last known position to the pickup, 1 decimal; null when either is unknown. */
  distanceFromRider: string | null;
}

type RiderPosition = Pick<User, "id" | "lastLatitude" | "lastLongitude">;

/**
 * Pending deliveries nobody has taken, nearest pickup first from the rider's last known position
 * (newest first when the position or a pickup point is unknown). The candidates are the newest
 * pending rows (index deliveries_status_created_idx); the distance sort happens here.
 */
export async function listAvailableDeliveries(
  db: Db,
  rider: RiderPosition,
  { limit = AVAILABLE_LIMIT } = {},
): Promise<AvailableDelivery[]> {
  const candidates = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.status, "pending"), isNull(deliveries.riderId), sql.raw(OFFERABLE_SQL)))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(AVAILABLE_CANDIDATES);
  return nearestFirst(rider, candidates).slice(0, limit);
}

/** Deliveries (newest first) sorted nearest pickup first from the rider's last position; theirs left out. */
function nearestFirst(rider: RiderPosition, candidates: Delivery[]): AvailableDelivery[] {
  const here =
    rider.lastLatitude !== null && rider.lastLongitude !== null
      ? { latitude: rider.lastLatitude, longitude: rider.lastLongitude }
      : null;
  const withDistance = candidates
    .filter((delivery) => delivery.customerId !== rider.id)
    .map((delivery, order) => {
      const km =
        here && delivery.pickupLatitude !== null && delivery.pickupLongitude !== null
          ? haversineKm(here, { latitude: delivery.pickupLatitude, longitude: delivery.pickupLongitude })
          : null;
      return { delivery, km, order };
    });
  withDistance.sort((a, b) => {
    if (a.km !== null && b.km !== null && a.km !== b.km) return a.km - b.km;
    if (a.km === null && b.km !== null) return 1;
    if (a.km !== null && b.km === null) return -1;
    return a.order - b.order;
  });
  return withDistance.map(({ delivery, km }) => ({
    delivery,
    distanceFromRider: km === null ? null : formatDistanceKm(km),
  }));
}

/** How many pending deliveries this rider could accept (theirs excluded); deliveries_status_created_idx. */
export async function countAvailableDeliveries(db: Db, riderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, "pending"),
        isNull(deliveries.riderId),
        ne(deliveries.customerId, riderId),
        sql.raw(OFFERABLE_SQL),
      ),
    );
  return row?.n ?? 0;
}

/** The rider's deliveries under way (at most 3), newest assignment first. */
export async function listActiveRiderDeliveries(db: Db, riderId: string): Promise<Delivery[]> {
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.riderId, riderId), inArray(deliveries.status, [...RIDER_ACTIVE_STATUSES])))
    .orderBy(desc(deliveries.assignedAt), desc(deliveries.id));
}

/** The rider's latest delivered deliveries, newest delivery first (index deliveries_rider_delivered_idx). */
export async function listRecentDelivered(
  db: Db,
  riderId: string,
  { limit = RECENT_HISTORY_LIMIT } = {},
): Promise<Delivery[]> {
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.riderId, riderId), isNotNull(deliveries.deliveredAt), eq(deliveries.status, "delivered")))
    .orderBy(desc(deliveries.deliveredAt), desc(deliveries.id))
    .limit(limit);
}

/** One page of the deliveries this rider holds or held, newest booking first (deliveries_rider_created_idx). */
export async function pageRiderDeliveries(db: Db, riderId: string, query: PageQuery): Promise<Page<Delivery>> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.riderId, riderId), afterCursor(query.cursor)))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => row);
}

/**
 * One page of pending deliveries nobody has taken: the page is a keyset window of the newest
 * (deliveries_status_created_idx, so paging is stable), shown nearest pickup first within it.
 */
export async function pageAvailableDeliveries(
  db: Db,
  rider: RiderPosition,
  query: PageQuery,
): Promise<Page<AvailableDelivery>> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, "pending"),
        isNull(deliveries.riderId),
        sql.raw(OFFERABLE_SQL),
        afterCursor(query.cursor),
      ),
    )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (row) => row);
  return { items: nearestFirst(rider, page.items), nextCursor: page.nextCursor };
}
