/**
 * A rider's figures (docs/guide/deliveries.md#rider-figures), computed from what happened:
 *
 * - rating: mean stars of the deliveries they delivered in the last 90 days, 1 decimal;
 * - acceptance: of the deliveries they accepted in the last 30 days, the share they kept (did not release);
 * - completion: of the deliveries they kept that ended in the last 30 days, the share delivered
 *   (a cancellation by the customer does not count; by anyone else, an admin, it does);
 * - on-time: of the deliveries they delivered in the last 30 days, the share delivered within the
 *   estimated duration + 15 minutes of accepting.
 *
 * Percentages are whole; a figure without data is null ("No data yet"), never a made-up number.
 * Every query is an indexed range over one rider: deliveries_rider_delivered_idx for rating and
 * on-time, delivery_events_rider_at_idx for acceptance and completion. One D1 round trip.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const RATING_WINDOW_DAYS = 90;
const RATE_WINDOW_DAYS = 30;
const ON_TIME_GRACE_MINUTES = 15;

export interface RiderRating {
  /** Mean stars, 1 decimal; null without ratings in the window. */
  rating: number | null;
  ratingCount: number;
}

export interface RiderFigures extends RiderRating {
  acceptanceRate: number | null;
  completionRate: number | null;
  onTimeRate: number | null;
}

/** Mean stars with 1 decimal, or null. */
export const roundRating = (mean: number | null, count: number): number | null =>
  count > 0 && mean !== null ? Math.round(mean * 10) / 10 : null;

/** A whole percent of part in whole, or null when whole is 0. */
const wholePercent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((100 * part) / whole) : null;

const ratingSince = (now: number) => now - RATING_WINDOW_DAYS * DAY_MS;
const rateSince = (now: number) => now - RATE_WINDOW_DAYS * DAY_MS;

/** The SQL of each figure for one rider (?1 = rider id, ?2 = since); exported for the query-plan test. */
export const RIDER_FIGURE_SQL = {
  rating: `SELECT count(r.stars) AS n, avg(r.stars) AS mean
           FROM deliveries AS d JOIN delivery_ratings AS r ON r.delivery_id = d.id
           WHERE d.rider_id = ?1 AND d.delivered_at >= ?2 AND d.status = 'delivered'`,
  // A release counts against the acceptance it follows (a later event of the same delivery by the
  // same rider). "+r.rider_id" keeps SQLite on the per-delivery index for the inner lookup.
  acceptance: `SELECT count(*) AS accepted,
                 COALESCE(SUM(EXISTS (SELECT 1 FROM delivery_events AS r
                   WHERE r.delivery_id = a.delivery_id AND +r.rider_id = a.rider_id AND r.kind = 'released' AND r.id > a.id)), 0) AS released
               FROM delivery_events AS a
               WHERE a.rider_id = ?1 AND a.at >= ?2 AND a.kind = 'accepted'`,
  completion: `SELECT COALESCE(SUM(e.kind = 'delivered'), 0) AS delivered,
                 COALESCE(SUM(e.kind = 'cancelled' AND e.actor_id IS NOT NULL AND e.actor_id != d.customer_id), 0) AS lost
               FROM delivery_events AS e JOIN deliveries AS d ON d.id = e.delivery_id
               WHERE e.rider_id = ?1 AND e.at >= ?2 AND e.kind IN ('delivered', 'cancelled')`,
  // estimated_duration is "24 mins": CAST reads its leading whole number.
  onTime: `SELECT count(*) AS delivered,
             COALESCE(SUM(delivered_at - assigned_at <= (CAST(estimated_duration AS INTEGER) + ${ON_TIME_GRACE_MINUTES}) * 60000), 0) AS on_time
           FROM deliveries
           WHERE rider_id = ?1 AND delivered_at >= ?2 AND status = 'delivered' AND assigned_at IS NOT NULL`,
} as const;

/** Every figure of one rider (the dashboard's Rating and Performance cards, `GET /api/earnings/rider/stats`). */
export async function riderFigures(
  d1: D1Database,
  riderId: string,
  now: number | Date = Date.now(),
): Promise<RiderFigures> {
  const at = Number(now);
  const [rating, acceptance, completion, onTime] = await d1.batch([
    d1.prepare(RIDER_FIGURE_SQL.rating).bind(riderId, ratingSince(at)),
    d1.prepare(RIDER_FIGURE_SQL.acceptance).bind(riderId, rateSince(at)),
    d1.prepare(RIDER_FIGURE_SQL.completion).bind(riderId, rateSince(at)),
    d1.prepare(RIDER_FIGURE_SQL.onTime).bind(riderId, rateSince(at)),
  ]);
  const row = <T>(result: D1Result | undefined) => result!.results[0] as T;
  const r = row<{ n: number; mean: number | null }>(rating);
  const a = row<{ accepted: number; released: number }>(acceptance);
  const c = row<{ delivered: number; lost: number }>(completion);
  const o = row<{ delivered: number; on_time: number }>(onTime);
  return {
    rating: roundRating(r.mean, r.n),
    ratingCount: r.n,
    acceptanceRate: wholePercent(a.accepted - a.released, a.accepted),
    completionRate: wholePercent(c.delivered, c.delivered + c.lost),
    onTimeRate: wholePercent(o.on_time, o.delivered),
  };
}

/** D1 binds at most 100 parameters per statement. */
const IDS_PER_QUERY = 90;

/**
 * The ratings of many riders (Top Riders, the admins' riders list), by rider id; a rider without
 * ratings in the window maps to `{ rating: null, ratingCount: 0 }`.
 */
export async function riderRatings(
  d1: D1Database,
  riderIds: readonly string[],
  now: number | Date = Date.now(),
): Promise<Map<string, RiderRating>> {
  const ids = [...new Set(riderIds)];
  const ratings = new Map<string, RiderRating>(ids.map((id) => [id, { rating: null, ratingCount: 0 }]));
  if (ids.length === 0) return ratings;
  const since = ratingSince(Number(now));
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) chunks.push(ids.slice(i, i + IDS_PER_QUERY));
  const results = await d1.batch(
    chunks.map((chunk) =>
      d1
        .prepare(
          `SELECT d.rider_id AS rider_id, count(r.stars) AS n, avg(r.stars) AS mean
           FROM deliveries AS d JOIN delivery_ratings AS r ON r.delivery_id = d.id
           WHERE d.rider_id IN (${chunk.map((_, i) => `?${i + 2}`).join(", ")}) AND d.delivered_at >= ?1 AND d.status = 'delivered'
           GROUP BY d.rider_id`,
        )
        .bind(since, ...chunk),
    ),
  );
  for (const result of results) {
    for (const row of result.results as { rider_id: string; n: number; mean: number | null }[]) {
      ratings.set(row.rider_id, { rating: roundRating(row.mean, row.n), ratingCount: row.n });
    }
  }
  return ratings;
}
