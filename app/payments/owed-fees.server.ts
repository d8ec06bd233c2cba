import type { Centavos } from "~/money/money";
import { splitFeeSql } from "~/money/fee-split";
import type { Delivery, OwedFeeStatus } from "~/db/schema";
import { totalsForCancellationStatement } from "~/deliveries/daily-totals.server";
import { CANCELLATION_FEE_NOTE_SQL, ledgerForCancellationStatement } from "~/ledger/ledger.server";
import { manilaDate } from "~/i18n/manila";
import { MONEY_IN_SQL } from "./payment-status";

/**
 * Fees owed are collected before they are paid out (docs/guide/money.md, decision 0217).
 *
 * A cancellation fee is counted (rider's share, daily totals) only once money for it exists:
 * - an online-paid booking: the fee comes out of the refund, counted at the cancellation;
 * - an invoice booking: billed to the partner's statement, counted at the cancellation (as before);
 * - otherwise (cash, a ₱0 booking, or the part of the fee larger than the refund): the customer
 *   owes it. An `owed_fees` row is written; the customer's next booking adds it to its amount due
 *   (`owed_fee_collected`, rows marked `collected_by`) and it is counted when that booking's money
 *   arrives: delivered (cash, invoice) or paid (online). Then the rider who held the cancelled
 *   delivery gets their share (`share:cancel:{cancelledId}`), the fee enters the day's totals, and
 *   the row is `collected`. A collecting booking that is cancelled first gives its rows back.
 *   A booking cancelled unpaid and paid afterwards pays its own fee from that payment when nothing
 *   else took it (coverOwnFeeStatements, decision 0217).
 */

/** How a cancellation fee divides: taken now from the payment, owed by the customer, and the refund left. */
export interface FeeOutcome {
  /** Counted at the cancellation (taken from the payment or billed). */
  covered: Centavos;
  /** Owed by the customer, collected with their next booking. */
  owed: Centavos;
  /** Refunded to the customer (online-paid bookings). */
  refund: Centavos;
}

/** Pure: what a cancellation fee does to a booking's money (see the module comment). */
export function feeOutcome(
  delivery: Pick<Delivery, "paymentMethod" | "paymentStatus" | "amountDue" | "owedFeeCollected">,
  fee: Centavos,
): FeeOutcome {
  if (delivery.paymentMethod === "invoice") return { covered: fee, owed: 0, refund: 0 };
  if (delivery.paymentStatus !== "paid") return { covered: 0, owed: fee, refund: 0 };
  // The earlier fees it collected were counted when it was paid: they are not refunded.
  const base = Math.max(0, delivery.amountDue - delivery.owedFeeCollected);
  const covered = Math.min(fee, base);
  return { covered, owed: fee - covered, refund: base - covered };
}

/**
 * The statements for a cancellation's money, to run in the SAME batch BEFORE the cancelling UPDATE
 * (guarded by the same id, status, rider and payment status, so they apply exactly when it does:
 * a payment landing between the decision and the batch refuses both, and the caller decides again):
 * the covered fee counted (share + totals), the owed remainder recorded, the refund recorded as owed
 * (refunds row + `refund_pending`), and the owed fees this booking was collecting given back.
 */
export function cancellationMoneyStatements(
  d1: D1Database,
  before: Delivery,
  input: { fee: Centavos; cancelledAt: number; owedFeeId?: string },
): D1PreparedStatement[] {
  const { fee, cancelledAt: at } = input;
  const outcome = feeOutcome(before, fee);
  const guard = `id = ?1 AND status = ?2 AND rider_id IS ?3 AND payment_status = ?4`;
  const base = [before.id, before.status, before.riderId, before.paymentStatus] as const;
  const statements: D1PreparedStatement[] = [];
  if (outcome.covered > 0 && before.riderId) {
    const charged = {
      deliveryId: before.id,
      riderId: before.riderId,
      fee: outcome.covered,
      cancelledAt: at,
      fromStatuses: [before.status],
      paymentStatus: before.paymentStatus,
    };
    statements.push(totalsForCancellationStatement(d1, charged), ledgerForCancellationStatement(d1, charged));
  }
  if (outcome.owed > 0 && before.riderId) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO owed_fees (id, customer_id, delivery_id, rider_id, amount, status, created_at)
           SELECT ?5, customer_id, id, rider_id, ?6, 'owed', ?7 FROM deliveries WHERE ${guard}`,
        )
        .bind(...base, input.owedFeeId ?? crypto.randomUUID(), outcome.owed, at),
    );
  }
  if (outcome.refund > 0) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO refunds (payment_id, delivery_id, amount, status, attempts, next_at, created_at)
           SELECT payment_id, id, ?5, 'pending', 0, ?6, ?6 FROM deliveries
           WHERE ${guard} AND payment_status = 'paid' AND payment_id IS NOT NULL
           ON CONFLICT (payment_id) DO NOTHING`,
        )
        .bind(...base, outcome.refund, at),
      d1
        .prepare(`UPDATE deliveries SET refund_pending = ?5 WHERE ${guard} AND payment_status = 'paid'`)
        .bind(...base, outcome.refund),
    );
  }
  statements.push(
    releaseOwedFeesStatement(
      d1,
      before.id,
      `EXISTS (SELECT 1 FROM deliveries WHERE id = ?1 AND status = ?2 AND rider_id IS ?3 AND payment_status = ?4)`,
      [before.status, before.riderId, before.paymentStatus],
    ),
  );
  return statements;
}

/** How many times a cancellation decides again when only the payment changed under it (it moves pending → failed → paid at most). */
export const CANCEL_DECISIONS = 3;

/** Gives back the owed fees a booking was collecting (it is being cancelled): they are owed again. */
export function releaseOwedFeesStatement(
  d1: D1Database,
  deliveryId: string,
  guard: string,
  params: unknown[],
): D1PreparedStatement {
  return d1
    .prepare(`UPDATE owed_fees SET collected_by = NULL WHERE collected_by = ?1 AND status = 'owed' AND ${guard}`)
    .bind(deliveryId, ...params);
}

/** An owed fee's split (splitFee() in SQL over its `amount`). */
const FEE_SPLIT = splitFeeSql("amount");

/**
 * Collects the owed fees a booking carries, when its money arrives: each rider's share, the day's
 * totals (the Manila day of collection, split 85/10/5) and the rows marked collected. `guard` is
 * SQL over parameters ?4.. that holds exactly when the booking's money arrives in this batch; put
 * these BEFORE the statement that changes what the guard reads.
 */
function collectStatements(
  d1: D1Database,
  deliveryId: string,
  at: number,
  guard: string,
  params: unknown[],
): D1PreparedStatement[] {
  const which = `WHERE collected_by = ?1 AND status = 'owed' AND ${guard}`;
  const rows = `FROM owed_fees ${which}`;
  const bind = (statement: D1PreparedStatement) => statement.bind(deliveryId, at, manilaDate(at), ...params);
  return [
    bind(
      d1.prepare(
        `INSERT INTO ledger_entries (rider_id, kind, amount, delivery_id, source_id, at, note)
         SELECT rider_id, 'share', ${FEE_SPLIT.rider}, delivery_id, 'share:cancel:' || delivery_id, ?2, ${CANCELLATION_FEE_NOTE_SQL} ${rows}`,
      ),
    ),
    bind(
      d1.prepare(
        `INSERT INTO daily_totals (day, delivered_count, revenue, rider_share, operations_share, member_benefits_share, cancellation_fees)
         SELECT ?3, 0, sum(amount), sum(${FEE_SPLIT.rider}), sum(${FEE_SPLIT.operations}),
           sum(${FEE_SPLIT.memberBenefits}), sum(amount) ${rows} GROUP BY collected_by
         ON CONFLICT(day) DO UPDATE SET
           revenue = revenue + excluded.revenue,
           rider_share = rider_share + excluded.rider_share,
           operations_share = operations_share + excluded.operations_share,
           member_benefits_share = member_benefits_share + excluded.member_benefits_share,
           cancellation_fees = cancellation_fees + excluded.cancellation_fees`,
      ),
    ),
    bind(d1.prepare(`UPDATE owed_fees SET status = 'collected', settled_at = ?2 ${which}`)),
  ];
}

/**
 * Collected at delivery (cash and invoice bookings): guarded like the delivering UPDATE, and only
 * once the booking's money is in. Nothing for a booking already collected online; an online booking
 * delivered while its payment is still awaited collects when the payment arrives (decision 0217).
 */
export function collectOnDeliveredStatements(
  d1: D1Database,
  input: { deliveryId: string; riderId: string; deliveredAt: number; fromStatuses: readonly string[] },
): D1PreparedStatement[] {
  const statuses = input.fromStatuses.map((_, i) => `?${i + 5}`).join(", ");
  const guard = `EXISTS (SELECT 1 FROM deliveries WHERE id = ?1 AND rider_id = ?4 AND status IN (${statuses}) AND ${MONEY_IN_SQL})`;
  return collectStatements(d1, input.deliveryId, input.deliveredAt, guard, [input.riderId, ...input.fromStatuses]);
}

/** Collected when an online booking is paid: guarded by the payment still unpaid and the booking not cancelled. */
export function collectOnPaidStatements(
  d1: D1Database,
  input: { deliveryId: string; paymentId: string; paidAt: number },
): D1PreparedStatement[] {
  const guard = `EXISTS (SELECT 1 FROM payments WHERE id = ?4 AND delivery_id = ?1 AND status IN ('pending', 'failed'))
    AND EXISTS (SELECT 1 FROM deliveries WHERE id = ?1 AND status != 'cancelled')`;
  return collectStatements(d1, input.deliveryId, input.paidAt, guard, [input.paymentId]);
}

/**
 * A payment for a booking cancelled while it was unpaid (decision 0217): the cancellation's own fee
 * was owed whole, and this payment pays it, if nothing else took it meanwhile (no other booking
 * collecting it, not waived) and the payment's fare part covers it all. The fee is then collected
 * here, once, like any owed fee (the rider's share `share:cancel:{id}`, the day's totals, the row
 * `collected` with `collected_by` the cancelled booking itself); otherwise it stays owed and the
 * whole payment is refunded. `guard` is SQL over ?1 (the delivery) and ?4 (the payment) that holds
 * while this payment's money is still to be settled; put these BEFORE what changes it, and before
 * the refund (REFUND_OWED_SQL reads what they did).
 */
export function coverOwnFeeStatements(
  d1: D1Database,
  input: { deliveryId: string; paymentId: string; at: number; guard: string },
): D1PreparedStatement[] {
  const { deliveryId, paymentId, at, guard } = input;
  return [
    d1
      .prepare(
        `UPDATE owed_fees SET collected_by = ?1
         WHERE delivery_id = ?1 AND status = 'owed' AND collected_by IS NULL AND ${guard}
           AND amount = (SELECT cancellation_fee FROM deliveries WHERE id = ?1 AND status = 'cancelled')
           AND amount <= (SELECT p.amount - d.owed_fee_collected FROM deliveries d JOIN payments p ON p.id = d.payment_id WHERE d.id = ?1 AND p.id = ?4)`,
      )
      .bind(deliveryId, at, manilaDate(at), paymentId),
    ...collectStatements(
      d1,
      deliveryId,
      at,
      `${guard} AND EXISTS (SELECT 1 FROM deliveries WHERE id = ?1 AND status = 'cancelled')`,
      [paymentId],
    ),
  ];
}

/** What a customer owes now and nothing collects yet (the booking form's line, and what a new booking takes). */
export async function unpaidOwedFees(d1: D1Database, customerId: string): Promise<{ ids: string[]; amount: Centavos }> {
  const { results } = await d1
    .prepare(
      `SELECT id, amount FROM owed_fees WHERE customer_id = ?1 AND status = 'owed' AND collected_by IS NULL ORDER BY created_at, id`,
    )
    .bind(customerId)
    .all<{ id: string; amount: number }>();
  return { ids: results.map((row) => row.id), amount: results.reduce((sum, row) => sum + row.amount, 0) };
}

/** Where a cancelled delivery's owed fee stands (null: it owed none, the payment or an invoice covered its fee). */
export async function owedFeeStatusOf(d1: D1Database, deliveryId: string): Promise<OwedFeeStatus | null> {
  const row = await d1
    .prepare(`SELECT status FROM owed_fees WHERE delivery_id = ?1`)
    .bind(deliveryId)
    .first<{ status: OwedFeeStatus }>();
  return row?.status ?? null;
}

/**
 * For a new booking (AFTER its insert, in its batch): the owed fees it collects are marked as
 * collected by it. If any of them was taken meanwhile (another booking, a waiver), the last
 * statement fails on NOT NULL and the whole batch is undone: the booking never charges a fee twice.
 */
export function claimOwedFeesStatements(
  d1: D1Database,
  deliveryId: string,
  owed: { ids: string[] },
): D1PreparedStatement[] {
  if (owed.ids.length === 0) return [];
  const ids = owed.ids.map((_, i) => `?${i + 3}`).join(", ");
  return [
    d1
      .prepare(`UPDATE owed_fees SET collected_by = ?1 WHERE id IN (${ids}) AND status = 'owed' AND collected_by IS NULL AND ?2 = ?2
         AND EXISTS (SELECT 1 FROM deliveries WHERE id = ?1)`)
      .bind(deliveryId, owed.ids.length, ...owed.ids),
    // Fails the batch (id NULL) unless every fee read was claimed (when the booking was written at
    // all: a booking refused by its limits claims nothing and fails nothing here).
    d1
      .prepare(
        `INSERT INTO owed_fees (id, customer_id, delivery_id, rider_id, amount, created_at)
         SELECT NULL, NULL, NULL, NULL, 0, 0 WHERE EXISTS (SELECT 1 FROM deliveries WHERE id = ?1)
           AND (SELECT count(*) FROM owed_fees WHERE collected_by = ?1 AND status = 'owed') != ?2`,
      )
      .bind(deliveryId, owed.ids.length),
  ];
}

export const isOwedFeeRace = (error: unknown) =>
  error instanceof Error && /NOT NULL constraint failed: owed_fees/i.test(error.message);
