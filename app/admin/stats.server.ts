import { FUND_BALANCE_SQL } from "~/coop/fund.server";
import { feeIncomeSql } from "~/payments/fee-income";
import { centavosToPesos, type Centavos, type Pesos } from "~/money/money";
import { riderPartSql, splitFeeSql } from "~/money/fee-split";
import { manilaDate, manilaMonth, manilaToday } from "~/i18n/manila";
import type { RiderSummary } from "~/deliveries/delivery-view";
import { riderRatings, roundRating } from "~/ledger/rider-figures.server";
import { ONLINE_STALE_MS } from "~/riders/availability.server";

/**
 * `GET /api/admin/stats` (docs/guide/what-is-true.md#admin-figures): today's and this
 * month's figures in Manila calendar time, from delivered deliveries dated by `delivered_at` and
 * cancellation fees dated by `cancelled_at`. The books reconcile (docs/guide/what-is-true.md#books-reconcile;
 * decision 0183): Revenue is what customers paid (fare after the ID discount, less the
 * promo, plus the peak surcharge; plus fees charged); Rider share is the riders' part (round(85%)
 * of each fee plus the whole peak bonus); Coop share = operations (round(10%) less the promo) +
 * member benefits (the rest), so Revenue = Rider share + Coop share to the centavo. ID discounts,
 * promo cost and peak bonuses are their own lines. All queries go to D1 in ONE batch (one round trip):
 *
 * - booked today: a range count on deliveries_created_at_idx;
 * - today's and this month's money: range scans of deliveries_delivered_fee_idx (delivered_at,
 *   rider_id, total_fee), a covering index, so the cost follows the period's deliveries, not history;
 * - active riders: riders online as admins see them (chose online, heard from in the last 10
 *   minutes), from users_rider_online_seen_idx, listed by name;
 * - delivery metrics over the last 7 Manila days (today and the 6 days before): delivered range on
 *   deliveries_delivered_at_idx, cancelled range on deliveries_cancelled_at_idx, ratings range on
 *   delivery_ratings_rated_at_idx;
 * - the Member Benefits Fund: its balance is its intake (the member-benefits shares and the ₱1
 *   insurance per delivery, of all time, summed from `daily_totals`, one row per Manila day kept in
 *   step with deliveries, never a scan of every delivery) less the claims paid and the payouts
 *   (app/coop/fund.server.ts, the same figure as /api/coop/fund); this month's intake (what the
 *   fund allocation splits) from `daily_totals` likewise.
 *
 * Top riders' ratings (90 days, riderRatings) follow in a second, small round trip.
 * See docs/decisions/0050-admin-stats-queries.md and 0070-delivery-events-and-rider-figures.md.
 */

/** A delivered delivery's fee split (splitFee() in SQL), and a cancellation fee's. */
const FARE_SPLIT_SQL = splitFeeSql("total_fee");
const FEE_SPLIT_SQL = splitFeeSql("fee");
/** A delivered delivery's rider part: the 85% and the whole peak bonus. */
const RIDER_PART_SQL = riderPartSql();

const TOP_RIDERS_LIMIT = 5;

interface TopRider {
  rider: RiderSummary;
  deliveryCount: number;
  /** Pesos: the rider's part of today's delivered fees (85% plus peak bonuses). */
  earnings: Pesos;
  /** The rider's rating (90 days, 1 decimal) or null, and how many ratings it is of. */
  rating: number | null;
  ratingCount: number;
}

/** Delivery Metrics over the last 7 Manila days; each null without data. */
interface DeliveryMetrics {
  /** Mean whole minutes from booking to delivery. */
  averageDeliveryMinutes: number | null;
  /** delivered / (delivered + cancelled), a percent with 1 decimal. */
  successRate: number | null;
  /** Mean stars of the ratings given, 1 decimal. */
  satisfaction: number | null;
  ratingCount: number;
}

/** The API answer; money in pesos (numbers with at most 2 decimals). */
export interface AdminStats {
  todayDeliveries: number;
  activeRiders: number;
  /** What customers paid. todayRevenue = todayRiderShare + todayCoopShare; the same for the month. */
  todayRevenue: Pesos;
  todayRiderShare: Pesos;
  /** Operations + member benefits. */
  todayCoopShare: Pesos;
  monthRevenue: Pesos;
  monthRiderShare: Pesos;
  monthCoopShare: Pesos;
  /** The lines of each period (decision 0183). */
  today: PeriodLines;
  month: PeriodLines;
  /** The Member Benefits Fund's balance: intake − payouts. */
  memberBenefitsFund: Pesos;
  /** This month's intake into the fund (member benefits + insurance): what the fund allocation splits. */
  monthFundIntake: Pesos;
  topRiders: TopRider[];
  metrics: DeliveryMetrics;
  /** Riders online now (a rider not heard from for 10 minutes counts as offline). */
  onlineRiders: RiderSummary[];
}

/** A period's figures as lines, in pesos: revenue = riderShare + operations + memberBenefits. */
interface PeriodLines {
  /** Rate-card fares of the delivered deliveries, before ID discounts. */
  grossFares: Pesos;
  idDiscounts: Pesos;
  promoCost: Pesos;
  peakBonuses: Pesos;
  cancellationFees: Pesos;
  revenue: Pesos;
  riderShare: Pesos;
  operations: Pesos;
  memberBenefits: Pesos;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const METRICS_DAYS = 7;

/** The last 7 Manila calendar days: today and the 6 before it. */
function metricsPeriod(now: number | Date) {
  const today = manilaToday(now);
  return { start: today.start - (METRICS_DAYS - 1) * DAY_MS, end: today.end };
}

export interface StatsQuery {
  sql: string;
  /** UTC ms, or Manila days (YYYY-MM-DD) for daily_totals. */
  params: (number | string)[];
}

/** The queries of one stats call, in batch order (exported so a test can check their query plans). */
export function adminStatsQueries(now: number | Date) {
  const today = manilaToday(now);
  const month = manilaMonth(now);
  const week = metricsPeriod(now);
  const revenueIn = (period: { start: number; end: number }): StatsQuery => ({
    sql: `SELECT count(*) AS delivered, COALESCE(SUM(total_fee - promo_discount + peak_surcharge), 0) AS revenue,
                 COALESCE(SUM(${RIDER_PART_SQL}), 0) AS rider_share, COALESCE(SUM(${FARE_SPLIT_SQL.operations} - promo_discount), 0) AS operations,
                 COALESCE(SUM(total_fee + id_discount_amount), 0) AS gross, COALESCE(SUM(id_discount_amount), 0) AS id_discounts,
                 COALESCE(SUM(promo_discount), 0) AS promos, COALESCE(SUM(peak_surcharge), 0) AS peak, 0 AS fees
          FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2`,
    params: [period.start, period.end],
  });
  const feesIn = (period: { start: number; end: number }): StatsQuery => ({
    sql: `SELECT 0 AS delivered, COALESCE(SUM(fee), 0) AS revenue, COALESCE(SUM(${FEE_SPLIT_SQL.rider}), 0) AS rider_share,
                 COALESCE(SUM(${FEE_SPLIT_SQL.operations}), 0) AS operations,
                 0 AS gross, 0 AS id_discounts, 0 AS promos, 0 AS peak, COALESCE(SUM(fee), 0) AS fees
          FROM (${feeIncomeSql()})`,
    params: [period.start, period.end],
  });
  return {
    // Cancellation fees charged while a rider held the delivery, counted when collected
    // (app/payments/fee-income.ts): range scans of deliveries_cancelled_fee_idx and owed_fees_settled_idx.
    feesToday: feesIn(today),
    feesThisMonth: feesIn(month),
    bookedToday: {
      sql: "SELECT count(*) AS n FROM deliveries WHERE created_at >= ?1 AND created_at < ?2",
      params: [today.start, today.end],
    },
    deliveredToday: revenueIn(today),
    deliveredThisMonth: revenueIn(month),
    onlineRiders: {
      sql: `SELECT id, first_name, last_name FROM users
            WHERE rider_online = 1 AND role = 'rider' AND deactivated_at IS NULL AND (rider_seen_at >= ?1 OR last_located_at >= ?1)
            ORDER BY first_name, last_name, id`,
      params: [Number(now) - ONLINE_STALE_MS],
    },
    metricsDelivered: {
      sql: "SELECT count(*) AS n, avg(delivered_at - created_at) AS mean_ms FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2",
      params: [week.start, week.end],
    },
    metricsCancelled: {
      sql: "SELECT count(*) AS n FROM deliveries WHERE cancelled_at >= ?1 AND cancelled_at < ?2",
      params: [week.start, week.end],
    },
    metricsRatings: {
      sql: "SELECT count(*) AS n, avg(stars) AS mean FROM delivery_ratings WHERE rated_at >= ?1 AND rated_at < ?2",
      params: [week.start, week.end],
    },
    topRiders: {
      sql: `SELECT t.rider_id AS id, u.first_name AS first_name, u.last_name AS last_name, t.n AS n, t.earnings AS earnings
            FROM (
              SELECT rider_id, count(*) AS n, SUM(${RIDER_PART_SQL}) AS earnings
              FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2 AND rider_id IS NOT NULL
              GROUP BY rider_id
              ORDER BY n DESC, earnings DESC, rider_id
              LIMIT ${TOP_RIDERS_LIMIT}
            ) AS t JOIN users AS u ON u.id = t.rider_id
            ORDER BY t.n DESC, t.earnings DESC, t.rider_id`,
      params: [today.start, today.end],
    },
    // The fund's balance as GET /api/coop/fund answers it: intake of all time less claims paid and payouts.
    fundBalance: { sql: `SELECT ${FUND_BALANCE_SQL} AS balance`, params: [] },
    fundIntakeThisMonth: {
      sql: "SELECT COALESCE(SUM(member_benefits_share + insurance), 0) AS intake FROM daily_totals WHERE day >= ?1 AND day < ?2",
      params: [manilaDate(month.start), manilaDate(month.end)],
    },
  } satisfies Record<string, StatsQuery>;
}

interface RevenueRow {
  delivered: number;
  revenue: Centavos;
  rider_share: Centavos;
  operations: Centavos;
  gross: Centavos;
  id_discounts: Centavos;
  promos: Centavos;
  peak: Centavos;
  fees: Centavos;
}

const toLines = (row: RevenueRow): PeriodLines => ({
  grossFares: centavosToPesos(row.gross),
  idDiscounts: centavosToPesos(row.id_discounts),
  promoCost: centavosToPesos(row.promos),
  peakBonuses: centavosToPesos(row.peak),
  cancellationFees: centavosToPesos(row.fees),
  revenue: centavosToPesos(row.revenue),
  riderShare: centavosToPesos(row.rider_share),
  operations: centavosToPesos(row.operations),
  memberBenefits: centavosToPesos(row.revenue - row.rider_share - row.operations),
});

export async function adminStats(d1: D1Database, now: number | Date = Date.now()): Promise<AdminStats> {
  const q = adminStatsQueries(now);
  const queries = [
    q.bookedToday,
    q.deliveredToday,
    q.deliveredThisMonth,
    q.onlineRiders,
    q.topRiders,
    q.fundBalance,
    q.metricsDelivered,
    q.metricsCancelled,
    q.metricsRatings,
    q.feesToday,
    q.feesThisMonth,
    q.fundIntakeThisMonth,
  ];
  const [booked, today, month, online, top, fund, delivered, cancelled, rated, feesToday, feesMonth, intake] =
    await d1.batch(queries.map(({ sql, params }) => d1.prepare(sql).bind(...params)));
  const first = <T>(result: D1Result | undefined) => result!.results[0] as T;
  const withFees = (delivered: RevenueRow, fees: RevenueRow): RevenueRow => ({
    delivered: delivered.delivered,
    revenue: delivered.revenue + fees.revenue,
    rider_share: delivered.rider_share + fees.rider_share,
    operations: delivered.operations + fees.operations,
    gross: delivered.gross,
    id_discounts: delivered.id_discounts,
    promos: delivered.promos,
    peak: delivered.peak,
    fees: fees.fees,
  });
  const todayRow = withFees(first<RevenueRow>(today), first<RevenueRow>(feesToday));
  const monthRow = withFees(first<RevenueRow>(month), first<RevenueRow>(feesMonth));
  const topRows = top!.results as {
    id: string;
    first_name: string | null;
    last_name: string | null;
    n: number;
    earnings: Centavos;
  }[];
  const onlineRows = online!.results as { id: string; first_name: string | null; last_name: string | null }[];
  const ratings = await riderRatings(
    d1,
    topRows.map((row) => row.id),
    now,
  );
  const deliveredRow = first<{ n: number; mean_ms: number | null }>(delivered);
  const cancelledCount = first<{ n: number }>(cancelled).n;
  const ratedRow = first<{ n: number; mean: number | null }>(rated);
  const ended = deliveredRow.n + cancelledCount;
  return {
    todayDeliveries: first<{ n: number }>(booked).n,
    activeRiders: onlineRows.length,
    todayRevenue: centavosToPesos(todayRow.revenue),
    todayRiderShare: centavosToPesos(todayRow.rider_share),
    todayCoopShare: centavosToPesos(todayRow.revenue - todayRow.rider_share),
    monthRevenue: centavosToPesos(monthRow.revenue),
    monthRiderShare: centavosToPesos(monthRow.rider_share),
    monthCoopShare: centavosToPesos(monthRow.revenue - monthRow.rider_share),
    today: toLines(todayRow),
    month: toLines(monthRow),
    memberBenefitsFund: centavosToPesos(first<{ balance: Centavos }>(fund).balance),
    monthFundIntake: centavosToPesos(first<{ intake: Centavos }>(intake).intake),
    topRiders: topRows.map((row) => ({
      rider: { id: row.id, firstName: row.first_name, lastName: row.last_name },
      deliveryCount: row.n,
      earnings: centavosToPesos(row.earnings),
      ...ratings.get(row.id)!,
    })),
    metrics: {
      averageDeliveryMinutes:
        deliveredRow.n > 0 && deliveredRow.mean_ms !== null ? Math.round(deliveredRow.mean_ms / 60_000) : null,
      successRate: ended > 0 ? Math.round((1000 * deliveredRow.n) / ended) / 10 : null,
      satisfaction: roundRating(ratedRow.mean, ratedRow.n),
      ratingCount: ratedRow.n,
    },
    onlineRiders: onlineRows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name })),
  };
}
