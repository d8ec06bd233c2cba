import { RIDER_SHARE_PERCENT, OPERATIONS_SHARE_PERCENT } from "~/money/money";
import { manilaDate } from "~/time/manila";

/**
 * Keeps `daily_totals` in step with deliveries. Each function returns a statement to run in the
 * SAME D1 batch as the change it accounts for, placed BEFORE it: a batch is one transaction, so
 * the statement sees the delivery as it was and applies exactly when the change does.
 *
 * The split matches splitFee(): rider = round(85%), operations = round(10%), benefits = the rest;
 * a promo is the co-op's marketing cost, carried by operations (app/pricing/discounts.ts), so the
 * operations share is less the promo and the three shares add up to what the customer paid.
 * (SQLite's round() rounds half away from zero, like Math.round for these positive amounts.)
 */
const ADD_TO_DAY = `
  ON CONFLICT(day) DO UPDATE SET
    delivered_count = delivered_count + excluded.delivered_count,
    revenue = revenue + excluded.revenue,
    rider_share = rider_share + excluded.rider_share,
    operations_share = operations_share + excluded.operations_share,
    member_benefits_share = member_benefits_share + excluded.member_benefits_share,
    cancellation_fees = cancellation_fees + excluded.cancellation_fees`;

/** The three shares of an amount (a column or a parameter), as splitFee() computes them. */
const splitOf = (amount: string) => `
  CAST(round(${amount} * ${RIDER_SHARE_PERCENT} / 100.0) AS INTEGER),
  CAST(round(${amount} * ${OPERATIONS_SHARE_PERCENT} / 100.0) AS INTEGER),
  ${amount} - CAST(round(${amount} * ${RIDER_SHARE_PERCENT} / 100.0) AS INTEGER) - CAST(round(${amount} * ${OPERATIONS_SHARE_PERCENT} / 100.0) AS INTEGER)`;

/** A delivered fare's split: operations carries the promo (PRODUCT.md, Money in). */
const SPLIT_COLUMNS = `
  1, total_fee,
  CAST(round(total_fee * ${RIDER_SHARE_PERCENT} / 100.0) AS INTEGER),
  CAST(round(total_fee * ${OPERATIONS_SHARE_PERCENT} / 100.0) AS INTEGER) - promo_discount,
  total_fee - CAST(round(total_fee * ${RIDER_SHARE_PERCENT} / 100.0) AS INTEGER) - CAST(round(total_fee * ${OPERATIONS_SHARE_PERCENT} / 100.0) AS INTEGER)`;

/** Adds the delivery's fee to its delivery day, if the delivery is (still) in one of `fromStatuses` for this rider. */
export function totalsForDeliveryStatement(
  d1: D1Database,
  input: { deliveryId: string; riderId: string; deliveredAt: number; fromStatuses: readonly string[] },
): D1PreparedStatement {
  const placeholders = input.fromStatuses.map((_, i) => `?${i + 4}`).join(", ");
  return d1
    .prepare(
      `INSERT INTO daily_totals (day, delivered_count, revenue, rider_share, operations_share, member_benefits_share)
       SELECT ?1, ${SPLIT_COLUMNS} FROM deliveries
       WHERE id = ?2 AND rider_id = ?3 AND status IN (${placeholders})
       ${ADD_TO_DAY}`,
    )
    .bind(manilaDate(input.deliveredAt), input.deliveryId, input.riderId, ...input.fromStatuses);
}

/** For inserting an already-delivered delivery (demo data, fixtures): adds its fee unless the row already exists. */
export function totalsForInsertedDeliveryStatement(
  d1: D1Database,
  input: { deliveryId: string; totalFee: number; deliveredAt: number },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO daily_totals (day, delivered_count, revenue, rider_share, operations_share, member_benefits_share)
       SELECT ?1, ${SPLIT_COLUMNS} FROM (SELECT ?2 AS total_fee, 0 AS promo_discount)
       WHERE NOT EXISTS (SELECT 1 FROM deliveries WHERE id = ?3)
       ${ADD_TO_DAY}`,
    )
    .bind(manilaDate(input.deliveredAt), input.totalFee, input.deliveryId);
}

/**
 * Adds a cancellation fee to the Manila day of the cancellation (PRODUCT.md, Money out: a fee
 * charged while a rider held the delivery is split like a delivery fee), if the delivery is (still)
 * in one of `fromStatuses` with this rider. Place it BEFORE the cancelling UPDATE in the same batch.
 * Adds nothing for a fee of 0.
 */
export function totalsForCancellationStatement(
  d1: D1Database,
  input: { deliveryId: string; riderId: string; fee: number; cancelledAt: number; fromStatuses: readonly string[] },
): D1PreparedStatement {
  const placeholders = input.fromStatuses.map((_, i) => `?${i + 5}`).join(", ");
  return d1
    .prepare(
      `INSERT INTO daily_totals (day, delivered_count, revenue, rider_share, operations_share, member_benefits_share, cancellation_fees)
       SELECT ?1, 0, ?4, ${splitOf("?4")}, ?4 FROM deliveries
       WHERE id = ?2 AND rider_id = ?3 AND ?4 > 0 AND status IN (${placeholders})
       ${ADD_TO_DAY}`,
    )
    .bind(manilaDate(input.cancelledAt), input.deliveryId, input.riderId, input.fee, ...input.fromStatuses);
}
