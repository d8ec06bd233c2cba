import { feeIncomeSql } from "~/payments/fee-income";
import { csvField, type CsvCell } from "~/partners/csv";
import { formatPesoDecimal } from "~/money/money";
import { splitFee } from "~/money/fee-split";
import { manilaDate, type Period } from "~/time/manila";

/**
 * `GET /api/admin/reports/{YYYY-MM}.csv`: RFC 4180, UTF-8, CRLF, a header row, then one row per
 * delivered delivery, per cancellation fee charged and per ledger entry of the Manila month, amounts
 * in pesos with 2 decimals. Every delivery row reconciles (decision 0183): paid = gross_fare −
 * id_discount − promo + peak_surcharge (a cancellation_fee row: paid = the fee), and paid =
 * rider_share + operations + member_benefits to the centavo, where rider_share is the rider's part
 * (85% plus the whole peak bonus) and operations carries the promo. Column sums tie out with the
 * month report: paid = revenue, rider_share = rider shares, and ledger_amount by kind = the report's
 * ledger lines. There is no `fare` column: it read as what was paid while it held the fare before the promo.
 * Streamed page by page (keyset on the indexed time and id), so 100,000 deliveries never sit in memory at once.
 */
export const CSV_HEADER = [
  "record",
  "id",
  "date",
  "rider_id",
  "kind",
  "payment_method",
  "gross_fare",
  "id_discount",
  "promo",
  "peak_surcharge",
  "cancellation_fee",
  "paid",
  "rider_share",
  "operations",
  "member_benefits",
  "ledger_amount",
  "note",
] as const;

const PAGE = 2000;

/** A row: text cells escaped (and defused as formulas), money cells as plain decimals. */
const line = (cells: (CsvCell | { money: number | null })[]) =>
  cells.map((cell) => (cell !== null && typeof cell === "object" ? (cell.money === null ? "" : formatPesoDecimal(cell.money)) : csvField(cell))).join(",") + "\r\n";

interface DeliveryRow {
  id: string;
  rider_id: string | null;
  at: number;
  payment_method: string;
  gross: number;
  id_discount_amount: number;
  promo_discount: number;
  peak_surcharge: number;
  total_fee: number;
  cancellation_fee: number;
}

interface EntryRow {
  id: number;
  rider_id: string;
  kind: string;
  amount: number;
  delivery_id: string | null;
  at: number;
  note: string | null;
}

function deliveryLine(row: DeliveryRow, kind: "delivered" | "cancellation_fee"): string {
  const delivered = kind === "delivered";
  const amount = delivered ? row.total_fee : row.cancellation_fee;
  const promo = delivered ? row.promo_discount : 0;
  const peak = delivered ? row.peak_surcharge : 0;
  const { rider, operations, memberBenefits } = splitFee(amount);
  return line([
    "delivery",
    row.id,
    manilaDate(row.at),
    row.rider_id,
    kind,
    row.payment_method,
    { money: kind === "delivered" ? row.gross : null },
    { money: kind === "delivered" ? row.id_discount_amount : null },
    { money: kind === "delivered" ? promo : null },
    { money: delivered ? peak : null },
    { money: delivered ? 0 : row.cancellation_fee },
    { money: amount - promo + peak },
    { money: rider + peak },
    { money: operations - promo },
    { money: memberBenefits },
    { money: null },
    null,
  ]);
}

export function monthCsvStream(d1: D1Database, period: Period): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const sources: { sql: string; toLine: (row: never) => string }[] = [
    {
      sql: `SELECT id, rider_id, delivered_at AS at, payment_method, total_fee + id_discount_amount AS gross, id_discount_amount, promo_discount, peak_surcharge, total_fee, cancellation_fee
            FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2 AND (delivered_at > ?3 OR (delivered_at = ?3 AND id > ?4))
            ORDER BY delivered_at, id LIMIT ${PAGE}`,
      toLine: (row: DeliveryRow) => deliveryLine(row, "delivered"),
    },
    {
      // A fee counts when collected (app/payments/fee-income.ts): at the cancellation, or when a later booking paid it.
      sql: `SELECT id, rider_id, at, payment_method, 0 AS gross, 0 AS id_discount_amount, 0 AS promo_discount, 0 AS peak_surcharge, 0 AS total_fee, fee AS cancellation_fee
            FROM (${feeIncomeSql()}) WHERE (at > ?3 OR (at = ?3 AND id > ?4))
            ORDER BY at, id LIMIT ${PAGE}`,
      toLine: (row: DeliveryRow) => deliveryLine(row, "cancellation_fee"),
    },
    {
      sql: `SELECT id, rider_id, kind, amount, delivery_id, at, note FROM ledger_entries
            WHERE at >= ?1 AND at < ?2 AND (at > ?3 OR (at = ?3 AND id > ?4)) ORDER BY at, id LIMIT ${PAGE}`,
      toLine: (row: EntryRow) =>
        line(["ledger", String(row.id), manilaDate(row.at), row.rider_id, row.kind, null, ...Array(CSV_HEADER.indexOf("ledger_amount") - CSV_HEADER.indexOf("gross_fare")).fill({ money: null }), { money: row.amount }, row.delivery_id ? `delivery ${row.delivery_id}${row.note ? `; ${row.note}` : ""}` : row.note]),
    },
  ];
  let source = 0;
  let after: { at: number; id: string | number } = { at: period.start - 1, id: "" };
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(line([...CSV_HEADER])));
        return;
      }
      while (source < sources.length) {
        const current = sources[source]!;
        // Ledger ids are integers; the first page's id compares below every one.
        const afterId = source === 2 && after.id === "" ? -1 : after.id;
        const { results } = await d1.prepare(current.sql).bind(period.start, period.end, after.at, afterId).all<Record<string, unknown>>();
        if (results.length > 0) {
          const last = results.at(-1)!;
          after = { at: last.at as number, id: last.id as string | number };
          controller.enqueue(encoder.encode(results.map((row) => current.toLine(row as never)).join("")));
          if (results.length === PAGE) return;
        }
        source += 1;
        after = { at: period.start - 1, id: "" };
        if (results.length > 0) return;
      }
      controller.close();
    },
  });
}
