import { riderPartSql, splitFeeSql } from "~/money/fee-split";
import { manilaDate } from "~/i18n/manila";
import { type CancellationCharge, INSURANCE_PER_DELIVERY } from "~/ledger/ledger-rules";
import { AWAITING_PAYMENT_SQL, MONEY_IN_SQL } from "~/payments/payment-status";

/**
 * Keeps `daily_totals` in step with deliveries. Each function returns a statement to run in the
 * SAME D1 batch as the change it accounts for, placed BEFORE it: a batch is one transaction, so
 * the statement sees the delivery as it was and applies exactly when the change does.
 *
 * The books reconcile (docs/guide/what-is-true.md; migration 0183): `revenue` is what
 * the customers paid, and revenue = rider_share + operations_share + member_benefits_share to the
 * centavo. A delivered fare (total_fee, already less the ID discount) is split like splitFee():
 * rider = round(85%), operations = round(10%), member benefits = the rest; operations carries the
 * promo (app/pricing/fare-discounts.ts), and the peak surcharge goes whole to the rider. The lines beside
 * them: the rate-card fare before the ID discount, the ID discount, the promo, the peak bonus and
 * the ₱1 insurance the rider pays into the member benefits fund per delivery.
 * (SQLite's round() rounds half away from zero, like Math.round for these positive amounts.)
 */
const ADD_TO_DAY = `
  ON CONFLICT(day) DO UPDATE SET
    delivered_count = delivered_count + excluded.delivered_count,
    revenue = revenue + excluded.revenue,
    rider_share = rider_share + excluded.rider_share,
    operations_share = operations_share + excluded.operations_share,
    member_benefits_share = member_benefits_share + excluded.member_benefits_share,
    cancellation_fees = cancellation_fees + excluded.cancellation_fees,
    gross_fare = gross_fare + excluded.gross_fare,
    id_discounts = id_discounts + excluded.id_discounts,
    promo_cost = promo_cost + excluded.promo_cost,
    peak_bonus = peak_bonus + excluded.peak_bonus,
    insurance = insurance + excluded.insurance`;

/** The three shares of an amount (a column or a parameter), as splitFee() computes them. */
const splitOf = (amount: string) => {
  const split = splitFeeSql(amount);
  return `
  ${split.rider},
  ${split.operations},
  ${split.memberBenefits}`;
};
const FARE_SPLIT = splitFeeSql("total_fee");

/** The columns a delivered delivery adds to its day, in this order. */
const DELIVERED_COLUMNS =
  "delivered_count, revenue, rider_share, operations_share, member_benefits_share, gross_fare, id_discounts, promo_cost, peak_bonus, insurance";

/**
 * A delivered fare's line (from a row with total_fee, promo_discount, peak_surcharge and
 * id_discount_amount): paid = total_fee - promo + peak = (85% + peak) + (10% - promo) + the rest.
 */
const deliveredValues = (counted = true) => `
  ${counted ? 1 : 0}, total_fee - promo_discount + peak_surcharge,
  ${riderPartSql()},
  ${FARE_SPLIT.operations} - promo_discount,
  ${FARE_SPLIT.memberBenefits},
  total_fee + id_discount_amount, id_discount_amount, promo_discount, peak_surcharge, ${INSURANCE_PER_DELIVERY}`;
const DELIVERED_VALUES = deliveredValues();

/**
 * Adds the delivery's paid fare and its lines to its delivery day, if the delivery is (still) in one
 * of `fromStatuses` for this rider and its money is in (decision 0217: a payment still awaited
 * brings the fare when it arrives, totalsForLatePaymentStatement).
 */
export function totalsForDeliveryStatement(
  d1: D1Database,
  input: { deliveryId: string; riderId: string; deliveredAt: number; fromStatuses: readonly string[] },
  /** A return to the sender (decision 0222) brings its fare but is not a delivery: `counted: false`. */
  { counted = true } = {},
): D1PreparedStatement {
  const placeholders = input.fromStatuses.map((_, i) => `?${i + 4}`).join(", ");
  return d1
    .prepare(
      `INSERT INTO daily_totals (day, ${DELIVERED_COLUMNS})
       SELECT ?1, ${deliveredValues(counted)} FROM deliveries
       WHERE id = ?2 AND rider_id = ?3 AND status IN (${placeholders}) AND ${MONEY_IN_SQL}
       ${ADD_TO_DAY}`,
    )
    .bind(manilaDate(input.deliveredAt), input.deliveryId, input.riderId, ...input.fromStatuses);
}

/**
 * A payment arriving for a booking already delivered: its fare and lines, on the Manila day of the
 * payment. BEFORE the statement marking it paid, in the same batch (so once).
 */
export function totalsForLatePaymentStatement(
  d1: D1Database,
  input: { deliveryId: string; paidAt: number },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO daily_totals (day, ${DELIVERED_COLUMNS})
       SELECT ?1, ${DELIVERED_VALUES} FROM deliveries
       WHERE id = ?2 AND status = 'delivered' AND rider_id IS NOT NULL AND ${AWAITING_PAYMENT_SQL}
       ${ADD_TO_DAY}`,
    )
    .bind(manilaDate(input.paidAt), input.deliveryId);
}

/** For inserting an already-delivered delivery (demo data, fixtures): adds its paid fare unless the row already exists. */
export function totalsForInsertedDeliveryStatement(
  d1: D1Database,
  input: {
    deliveryId: string;
    totalFee: number;
    deliveredAt: number;
    promoDiscount?: number;
    peakSurcharge?: number;
    idDiscountAmount?: number;
  },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO daily_totals (day, ${DELIVERED_COLUMNS})
       SELECT ?1, ${DELIVERED_VALUES} FROM (SELECT ?2 AS total_fee, ?4 AS promo_discount, ?5 AS peak_surcharge, ?6 AS id_discount_amount)
       WHERE NOT EXISTS (SELECT 1 FROM deliveries WHERE id = ?3)
       ${ADD_TO_DAY}`,
    )
    .bind(
      manilaDate(input.deliveredAt),
      input.totalFee,
      input.deliveryId,
      input.promoDiscount ?? 0,
      input.peakSurcharge ?? 0,
      input.idDiscountAmount ?? 0,
    );
}

/**
 * Adds a cancellation fee to the Manila day of the cancellation (docs/guide/money.md#fee-split
 * charged while a rider held the delivery is split like a delivery fee), if the delivery is (still)
 * in one of `fromStatuses` with this rider and this payment status. Place it BEFORE the cancelling
 * UPDATE in the same batch. Adds nothing for a fee of 0.
 */
export function totalsForCancellationStatement(d1: D1Database, input: CancellationCharge): D1PreparedStatement {
  const placeholders = input.fromStatuses.map((_, i) => `?${i + 6}`).join(", ");
  return d1
    .prepare(
      `INSERT INTO daily_totals (day, delivered_count, revenue, rider_share, operations_share, member_benefits_share, cancellation_fees)
       SELECT ?1, 0, ?4, ${splitOf("?4")}, ?4 FROM deliveries
       WHERE id = ?2 AND rider_id = ?3 AND ?4 > 0 AND payment_status = ?5 AND status IN (${placeholders})
       ${ADD_TO_DAY}`,
    )
    .bind(
      manilaDate(input.cancelledAt),
      input.deliveryId,
      input.riderId,
      input.fee,
      input.paymentStatus,
      ...input.fromStatuses,
    );
}
