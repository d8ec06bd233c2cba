import { centavosToPesos, type Centavos } from "~/money/money";
import { splitFeeSql } from "~/money/fee-split";
import type { LedgerKind } from "~/db/enums";
import { manilaMonth, MANILA_OFFSET_MS, type Period } from "~/i18n/manila";
import { Refusal } from "~/http/refusal";
import { decodeCursor, type PageCursor } from "~/http/cursor";
import { toPage } from "~/http/paging.server";
import type { Language } from "~/i18n/languages";
import { encodeMessage, message } from "~/i18n/message";
import { storedText } from "~/i18n/stored-text.server";
import { type CancellationCharge, INSURANCE_PER_DELIVERY, MONTH_PATTERN, type LedgerEntry } from "./ledger-rules";
import { AWAITING_PAYMENT_SQL, MONEY_IN_SQL } from "~/payments/payment-status";

/**
 * The riders' ledger (docs/guide/money.md#rider-ledger): signed entries in centavos whose sum is what the
 * co-op owes a rider (positive) or the rider owes the co-op (negative).
 *
 * The delivery statements below go in the SAME D1 batch as the change that causes them, BEFORE the
 * conditional UPDATE (like app/deliveries/daily-totals.server.ts's daily totals): they read the delivery
 * as it was, under the same guard (id, rider, status), so they apply exactly when the change does.
 * Every entry carries a unique `source_id`, so a cause can never enter the books twice.
 */

/** The note of a rider's share of a cancellation fee, as an SQL literal (an encoded message: no quotes in it). */
export const CANCELLATION_FEE_NOTE_SQL = `'${encodeMessage("server.ledger.note.cancellationFee")}'`;

/** The rider's share of an amount (splitFee().rider in SQL). */
const RIDER_SHARE_SQL = (amount: string) => splitFeeSql(amount).rider;

/**
 * A delivered delivery's entries, from the deliveries rows `where` selects, dated `at` (both SQL):
 * `share` (+round(85% of the fare)), `insurance` (−₱1), `peak_bonus` (+the whole peak surcharge,
 * migration 0183, "peak:{id}") and, for cash, `cash_collected` (−what the customer paid the rider:
 * the fare less any promo, plus any peak surcharge).
 */
const deliveryEntriesSql = (where: string, at: string) => {
  const from = `FROM deliveries WHERE ${where}`;
  return `SELECT rider_id, 'share', ${RIDER_SHARE_SQL("total_fee")}, id, 'share:' || id, ${at} ${from}
       UNION ALL SELECT rider_id, 'insurance', -${INSURANCE_PER_DELIVERY}, id, 'insurance:' || id, ${at} ${from}
       UNION ALL SELECT rider_id, 'peak_bonus', peak_surcharge, id, 'peak:' || id, ${at} ${from} AND peak_surcharge > 0
       UNION ALL SELECT rider_id, 'cash_collected', -amount_due, id, 'cash:' || id, ${at} ${from} AND payment_method = 'cash' AND amount_due > 0`;
};

/**
 * On delivery: the delivery's entries (deliveryEntriesSql), only once its money is in (decision
 * 0203: an online booking still awaiting its payment is credited when the payment arrives,
 * ledgerForLatePaymentStatement).
 */
export function ledgerForDeliveryStatement(
  d1: D1Database,
  input: { deliveryId: string; riderId: string; deliveredAt: number; fromStatuses: readonly string[] },
): D1PreparedStatement {
  const statuses = input.fromStatuses.map((_, i) => `?${i + 4}`).join(", ");
  return d1
    .prepare(
      `INSERT INTO ledger_entries (rider_id, kind, amount, delivery_id, source_id, at)
       ${deliveryEntriesSql(`id = ?1 AND rider_id = ?2 AND status IN (${statuses}) AND ${MONEY_IN_SQL}`, "?3")}`,
    )
    .bind(input.deliveryId, input.riderId, input.deliveredAt, ...input.fromStatuses);
}

/**
 * A payment arriving for a booking already delivered (one an admin assigned unpaid before that was
 * refused): its entries, dated by the payment. Put it BEFORE the statement marking it paid, in the
 * same batch: it applies only while the payment is still awaited, so once.
 */
export function ledgerForLatePaymentStatement(
  d1: D1Database,
  input: { deliveryId: string; paidAt: number },
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO ledger_entries (rider_id, kind, amount, delivery_id, source_id, at)
       ${deliveryEntriesSql(`id = ?1 AND status = 'delivered' AND rider_id IS NOT NULL AND ${AWAITING_PAYMENT_SQL}`, "?2")}`,
    )
    .bind(input.deliveryId, input.paidAt);
}

/**
 * A cancellation fee charged while the rider held the delivery: `share` of 85% of the fee. Nothing
 * for a fee of 0. Guarded like the cancelling UPDATE, the payment status included.
 */
export function ledgerForCancellationStatement(d1: D1Database, input: CancellationCharge): D1PreparedStatement {
  const statuses = input.fromStatuses.map((_, i) => `?${i + 6}`).join(", ");
  return d1
    .prepare(
      `INSERT INTO ledger_entries (rider_id, kind, amount, delivery_id, source_id, at, note)
       SELECT rider_id, 'share', ${RIDER_SHARE_SQL("?4")}, id, 'cancel-share:' || id, ?3, ${CANCELLATION_FEE_NOTE_SQL}
       FROM deliveries WHERE id = ?1 AND rider_id = ?2 AND ?4 > 0 AND payment_status = ?5 AND status IN (${statuses})`,
    )
    .bind(input.deliveryId, input.riderId, input.cancelledAt, input.fee, input.paymentStatus, ...input.fromStatuses);
}

/** For a delivery inserted already delivered (demo data, fixtures): its entries, unless already there. Put it AFTER the insert. */
export function ledgerForInsertedDeliveryStatement(d1: D1Database, deliveryId: string): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO ledger_entries (rider_id, kind, amount, delivery_id, source_id, at)
       ${deliveryEntriesSql(`id = ?1 AND status = 'delivered' AND rider_id IS NOT NULL`, "delivered_at")}`,
    )
    .bind(deliveryId);
}

/** The SQL of a rider's balance (?1 = rider): a covering scan of ledger_entries_rider_at_idx. */
export const BALANCE_SQL = `SELECT coalesce(sum(amount), 0) AS balance FROM ledger_entries WHERE rider_id = ?1`;

export async function riderBalance(d1: D1Database, riderId: string): Promise<Centavos> {
  const row = await d1.prepare(BALANCE_SQL).bind(riderId).first<{ balance: number }>();
  return row?.balance ?? 0;
}

/** `?month=YYYY-MM` (default: this Manila month) as a Manila period; 400 naming `month` otherwise. */
export function readMonth(url: URL, now: number): { month: string; period: Period } {
  const raw = url.searchParams.get("month");
  if (raw === null) {
    const period = manilaMonth(now);
    return { month: new Date(period.start + MANILA_OFFSET_MS).toISOString().slice(0, 7), period };
  }
  const match = MONTH_PATTERN.exec(raw);
  const year = match ? Number(match[1]) : 0;
  if (!match || year < 2000 || year > 2999) {
    throw new Refusal(400, "server.ledger.month", undefined, "month", { month: [message("server.ledger.month")] });
  }
  return { month: raw, period: monthPeriod(raw) };
}

/** The Manila period of a `YYYY-MM` month. */
export function monthPeriod(month: string): Period {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return { start: Date.UTC(year, mon - 1, 1) - MANILA_OFFSET_MS, end: Date.UTC(year, mon, 1) - MANILA_OFFSET_MS };
}

type EntryRow = {
  id: number;
  kind: LedgerKind;
  amount: number;
  delivery_id: string | null;
  at: number;
  note: string | null;
};

/**
 * A rider's balance (all time) and their entries of one month, newest first: all of them, or with
 * `page`, the `limit` after its cursor (keyset on (at, id), as app/http/cursor.ts pages deliveries)
 * and the cursor of the next page.
 */
export async function riderLedger(
  d1: D1Database,
  riderId: string,
  period: Period,
  page?: { cursor: PageCursor | null; limit: number },
): Promise<{ balance: Centavos; entries: LedgerEntry[]; nextCursor: string | null }> {
  const after = page?.cursor ? { at: page.cursor.createdAt, id: Number(page.cursor.id) } : null;
  const [balance, entries] = await d1.batch<{ balance: number } | EntryRow>([
    d1.prepare(BALANCE_SQL).bind(riderId),
    d1
      .prepare(
        `SELECT id, kind, amount, delivery_id, at, note FROM ledger_entries
         WHERE rider_id = ?1 AND at >= ?2 AND at < ?3 AND (?4 IS NULL OR at < ?4 OR (at = ?4 AND id < ?5))
         ORDER BY at DESC, id DESC LIMIT ?6`,
      )
      .bind(riderId, period.start, period.end, after?.at ?? null, after?.id ?? null, page ? page.limit + 1 : -1),
  ]);
  const rows = entries!.results as EntryRow[];
  const { items, nextCursor } = page
    ? toPage(rows, page.limit, (row) => ({ createdAt: new Date(row.at), id: String(row.id) }))
    : { items: rows, nextCursor: null };
  return {
    balance: (balance!.results[0] as { balance: number } | undefined)?.balance ?? 0,
    entries: items.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      deliveryId: row.delivery_id,
      at: new Date(row.at).toISOString(),
      note: row.note,
    })),
    nextCursor,
  };
}

/** A page's `?cursor=` into the ledger (the cursor of an entry: its time and numeric id); anything else, the first page. */
export function ledgerCursor(raw: string | null): PageCursor | null {
  const cursor = raw ? decodeCursor(raw) : null;
  return cursor && /^\d{1,15}$/.test(cursor.id) ? cursor : null;
}

/** An entry as the API answers it: pesos, and its note in the caller's language (an admin's own words as written). */
export const entryInPesos = (entry: LedgerEntry, language: Language) => ({
  kind: entry.kind,
  amount: centavosToPesos(entry.amount),
  deliveryId: entry.deliveryId,
  at: entry.at,
  note: storedText(language, entry.note),
});
