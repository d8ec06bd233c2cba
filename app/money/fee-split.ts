import type { Centavos } from "./money";

/**
 * How a fee is shared (docs/guide/money.md): the rider 85%, co-op operations 10%, the member
 * benefits fund the rest (5%). The percentages live here only; the split is computed in two
 * forms that agree to the centavo (test/workerd/fee-split.test.ts): `splitFee()` in JS and
 * `splitFeeSql()` in the SQL that D1 runs for the books.
 */
export const RIDER_SHARE_PERCENT = 85;
export const OPERATIONS_SHARE_PERCENT = 10;
export const MEMBER_BENEFITS_SHARE_PERCENT = 5;
export const COOP_SHARE_PERCENT = OPERATIONS_SHARE_PERCENT + MEMBER_BENEFITS_SHARE_PERCENT;

export interface FeeSplit {
  rider: Centavos;
  operations: Centavos;
  memberBenefits: Centavos;
}

/**
 * Splits a fee: rider = round(85%), operations = round(10%), member benefits = the remainder,
 * so the three always add up to the fee to the centavo.
 */
export function splitFee(fee: Centavos): FeeSplit {
  const rider = Math.round((fee * RIDER_SHARE_PERCENT) / 100);
  const operations = Math.round((fee * OPERATIONS_SHARE_PERCENT) / 100);
  return { rider, operations, memberBenefits: fee - rider - operations };
}

/** A delivered delivery's rider part (decision 0183): the rider's share of the fare plus the whole peak-hours surcharge. */
export const riderPart = (fare: Centavos, peakSurcharge: Centavos): Centavos => splitFee(fare).rider + peakSurcharge;

/** round(amount × percent / 100) as an INTEGER; SQLite's round() is half away from zero, like Math.round for these non-negative amounts. */
const percentOf = (amount: string, percent: number) => `CAST(round(${amount} * ${percent} / 100.0) AS INTEGER)`;

/**
 * `splitFee()` as SQL expressions over `amount` (a column such as `total_fee`, an expression, or a
 * `?n` parameter), for SELECTs and INSERT … SELECTs: each share, in centavos, exactly as
 * `splitFee()` computes it.
 */
export function splitFeeSql(amount: string): Record<keyof FeeSplit, string> {
  const rider = percentOf(amount, RIDER_SHARE_PERCENT);
  const operations = percentOf(amount, OPERATIONS_SHARE_PERCENT);
  return { rider, operations, memberBenefits: `(${amount} - ${rider} - ${operations})` };
}

/** `riderPart()` in SQL over a delivery's columns. */
export const riderPartSql = (fare = "total_fee", peakSurcharge = "peak_surcharge") =>
  `${splitFeeSql(fare).rider} + ${peakSurcharge}`;
