/**
 * Cancellation fees as income (docs/guide/money.md#owed-fees;
 * decision 0217), one rule for the dashboard, the month report, its CSV and the rider's earnings:
 * - the part taken at the cancellation (out of the refund, or billed to a partner), dated by the
 *   cancellation: the fee less what the customer was left owing;
 * - each owed fee a later booking collected, dated by its collection (`owed_fees.settled_at`).
 * An owed fee not yet collected, or waived, is nobody's income.
 *
 * Rows: `id` (the cancelled delivery), `rider_id`, `payment_method`, `at`, `fee` (centavos, > 0).
 * Binds `?1` and `?2` (the period, UTC ms), and `?3` (the rider) with `{ rider: true }`.
 */
export function feeIncomeSql({ rider = false }: { rider?: boolean } = {}): string {
  const owedOf = "coalesce((SELECT o.amount FROM owed_fees o WHERE o.delivery_id = d.id), 0)";
  return `
    SELECT d.id AS id, d.rider_id AS rider_id, d.payment_method AS payment_method, d.cancelled_at AS at, d.cancellation_fee - ${owedOf} AS fee
      FROM deliveries d
     WHERE d.cancelled_at >= ?1 AND d.cancelled_at < ?2 AND d.rider_id IS NOT NULL AND d.cancellation_fee > ${owedOf}${rider ? " AND d.rider_id = ?3" : ""}
    UNION ALL
    SELECT o.delivery_id AS id, o.rider_id AS rider_id, c.payment_method AS payment_method, o.settled_at AS at, o.amount AS fee
      FROM owed_fees o JOIN deliveries c ON c.id = o.collected_by
     WHERE o.status = 'collected' AND o.settled_at >= ?1 AND o.settled_at < ?2${rider ? " AND o.rider_id = ?3" : ""}`;
}
