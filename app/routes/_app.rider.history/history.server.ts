import { riderPart } from "~/money/fee-split";
import type { RatingView } from "~/deliveries/rating-schema";

/** Delivery History (/rider/history): 20 per page, newest first. */
export const HISTORY_PAGE_SIZE = 20;

export type HistoryOutcome = "delivered" | "released" | "cancelled";

export interface HistoryEntry {
  deliveryId: string;
  outcome: HistoryOutcome;
  at: string;
  pickupCity: string;
  dropoffCity: string;
  /** Centavos: the rider's 85% when delivered, else 0 (docs/guide/money.md counts delivered fees). */
  share: number;
  rating: Pick<RatingView, "stars" | "comment"> | null;
}

/**
 * Every delivery the rider delivered, released or held when it was cancelled, from their events
 * (index delivery_events_rider_at_idx, newest first), with the rating received. Page 1 is the
 * newest; `hasNext` says whether an older page exists (one row more is read to know).
 */
export async function riderHistoryPage(
  d1: D1Database,
  riderId: string,
  page: number,
): Promise<{ entries: HistoryEntry[]; hasNext: boolean }> {
  const offset = (page - 1) * HISTORY_PAGE_SIZE;
  const { results } = await d1
    .prepare(
      `SELECT e.delivery_id AS delivery_id, e.kind AS kind, e.at AS at, d.pickup_city AS pickup_city, d.dropoff_city AS dropoff_city,
              d.total_fee AS total_fee, d.peak_surcharge AS peak_surcharge, r.stars AS stars, r.comment AS comment
       FROM delivery_events AS e
       JOIN deliveries AS d ON d.id = e.delivery_id
       LEFT JOIN delivery_ratings AS r ON r.delivery_id = e.delivery_id AND e.kind = 'delivered'
       WHERE e.rider_id = ?1 AND e.kind IN ('delivered', 'released', 'cancelled')
       ORDER BY e.at DESC, e.id DESC
       LIMIT ?2 OFFSET ?3`,
    )
    .bind(riderId, HISTORY_PAGE_SIZE + 1, offset)
    .all<{
      delivery_id: string;
      kind: HistoryOutcome;
      at: number;
      pickup_city: string;
      dropoff_city: string;
      total_fee: number;
      peak_surcharge: number;
      stars: number | null;
      comment: string | null;
    }>();
  const entries = results.slice(0, HISTORY_PAGE_SIZE).map((row) => ({
    deliveryId: row.delivery_id,
    outcome: row.kind,
    at: new Date(row.at).toISOString(),
    pickupCity: row.pickup_city,
    dropoffCity: row.dropoff_city,
    // The rider's 85% and the whole peak-hours bonus (decision 0183).
    share: row.kind === "delivered" ? riderPart(row.total_fee, row.peak_surcharge) : 0,
    rating: row.stars === null ? null : { stars: row.stars, comment: row.comment },
  }));
  return { entries, hasNext: results.length > HISTORY_PAGE_SIZE };
}

/** `?page=N` as a whole number from 1 (anything else is page 1). */
export function pageFrom(url: string): number {
  const raw = new URL(url).searchParams.get("page");
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}
