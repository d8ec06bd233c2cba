import { feeIncomeSql } from "~/payments/fee-income";
import { csvField, type CsvCell } from "~/partners/csv";
import { translate } from "~/i18n/i18n.server";
import { storedText } from "~/i18n/stored-text.server";
import { formatPesoDecimal } from "~/money/money";
import { splitFee } from "~/money/fee-split";
import { manilaDate, type Period } from "~/i18n/manila";

/**
 * The month's two CSV files (decision 0212): RFC 4180, UTF-8 with a byte-order mark (so Excel
 * reads "₱" and "Ñ" as such), CRLF, one header row, one table per file.
 *
 * `GET /api/admin/reports/{YYYY-MM}.csv`: a header row, then one row per
 * delivered delivery, per cancellation fee charged and per ledger entry of the Manila month, amounts
 * in pesos with 2 decimals. Every delivery row reconciles (decision 0183): paid = gross_fare −
 * id_discount − promo + peak_surcharge (a cancellation_fee row: paid = the fee), and paid =
 * rider_share + operations + member_benefits to the centavo, where rider_share is the rider's part
 * (85% plus the whole peak bonus) and operations carries the promo. Column sums tie out with the
 * month report: paid = revenue, rider_share = rider shares, and ledger_amount by kind = the report's
 * ledger lines. There is no `fare` column: it read as what was paid while it held the fare before the promo.
 * Each row names its rider beside their id (empty once an account is deleted: its name is scrubbed).
 * Streamed page by page (keyset on the indexed time and id), so 100,000 deliveries never sit in memory at once.
 */
export const CSV_HEADER = [
  "record",
  "id",
  "date",
  "rider_id",
  "rider_name",
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

/**
 * `GET /api/admin/reports/{YYYY-MM}-fund.csv`: the member benefits fund's movements of the month,
 * oldest first (`fees`: a Manila day's 5% and ₱1 insurance in; `claim`: a claim paid, never who was
 * paid; `payout`: a passed payout proposal), then the surplus returns booked in the month (their
 * `patronage` entries are ledger rows of the other file). `amount` is signed as the fund sees it; a
 * surplus return's is what was shared (it comes from operations).
 */
export const FUND_CSV_HEADER = ["record", "id", "date", "kind", "label", "amount"] as const;

/** The byte-order mark that opens each file. */
const BOM = "\uFEFF";

/** A rider's name beside their id, from the row's rider column (SQL). */
const riderNameSql = (column: string) =>
  `(SELECT trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) FROM users WHERE users.id = ${column})`;

const PAGE = 2000;

/** A row: text cells escaped (and defused as formulas), money cells as plain decimals. */
const line = (cells: (CsvCell | { money: number | null })[]) =>
  `${cells.map((cell) => (cell !== null && typeof cell === "object" ? (cell.money === null ? "" : formatPesoDecimal(cell.money)) : csvField(cell))).join(",")}\r\n`;

interface DeliveryRow {
  id: string;
  rider_id: string | null;
  rider_name: string | null;
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
  rider_name: string | null;
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
    row.rider_name,
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
      sql: `SELECT id, rider_id, ${riderNameSql("deliveries.rider_id")} AS rider_name, delivered_at AS at, payment_method, total_fee + id_discount_amount AS gross, id_discount_amount, promo_discount, peak_surcharge, total_fee, cancellation_fee
            FROM deliveries WHERE delivered_at >= ?1 AND delivered_at < ?2 AND (delivered_at > ?3 OR (delivered_at = ?3 AND id > ?4))
            ORDER BY delivered_at, id LIMIT ${PAGE}`,
      toLine: (row: DeliveryRow) => deliveryLine(row, "delivered"),
    },
    {
      // A fee counts when collected (app/payments/fee-income.ts): at the cancellation, or when a later booking paid it.
      sql: `SELECT id, rider_id, ${riderNameSql("fees.rider_id")} AS rider_name, at, payment_method, 0 AS gross, 0 AS id_discount_amount, 0 AS promo_discount, 0 AS peak_surcharge, 0 AS total_fee, fee AS cancellation_fee
            FROM (${feeIncomeSql()}) AS fees WHERE (at > ?3 OR (at = ?3 AND id > ?4))
            ORDER BY at, id LIMIT ${PAGE}`,
      toLine: (row: DeliveryRow) => deliveryLine(row, "cancellation_fee"),
    },
    {
      sql: `SELECT id, rider_id, ${riderNameSql("ledger_entries.rider_id")} AS rider_name, kind, amount, delivery_id, at, note FROM ledger_entries
            WHERE at >= ?1 AND at < ?2 AND (at > ?3 OR (at = ?3 AND id > ?4)) ORDER BY at, id LIMIT ${PAGE}`,
      toLine: (row: EntryRow) => {
        // The report is in English: the system's notes are encoded messages, put into English words here.
        const note = storedText("en", row.note);
        const money = Array(CSV_HEADER.indexOf("ledger_amount") - CSV_HEADER.indexOf("gross_fare")).fill({
          money: null,
        });
        return line([
          "ledger",
          String(row.id),
          manilaDate(row.at),
          row.rider_id,
          row.rider_name,
          row.kind,
          null,
          ...money,
          { money: row.amount },
          row.delivery_id ? `delivery ${row.delivery_id}${note ? `; ${note}` : ""}` : note,
        ]);
      },
    },
  ];
  let source = 0;
  let after: { at: number; id: string | number } = { at: period.start - 1, id: "" };
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(BOM + line([...CSV_HEADER])));
        return;
      }
      while (source < sources.length) {
        const current = sources[source]!;
        // Ledger ids are integers; the first page's id compares below every one.
        const afterId = source === 2 && after.id === "" ? -1 : after.id;
        const { results } = await d1
          .prepare(current.sql)
          .bind(period.start, period.end, after.at, afterId)
          .all<Record<string, unknown>>();
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

export async function monthFundCsv(d1: D1Database, period: Period): Promise<string> {
  const [movements, returns] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT kind, id, at, day, amount, title FROM (
           SELECT 'fees' AS kind, 'fees:' || day AS id, 0 AS at, day, member_benefits_share + insurance AS amount, NULL AS title
             FROM daily_totals WHERE day >= ?3 AND day < ?4 AND member_benefits_share + insurance != 0
           UNION ALL
           SELECT 'claim', source_id, at, NULL, -amount, NULL FROM ledger_entries WHERE kind = 'benefit' AND at >= ?1 AND at < ?2
           UNION ALL
           SELECT 'payout', 'payout:' || f.proposal_id, f.booked_at, NULL, -f.amount, p.title
             FROM fund_payouts AS f JOIN proposals AS p ON p.id = f.proposal_id WHERE f.booked_at >= ?1 AND f.booked_at < ?2
         ) ORDER BY coalesce(day, ''), at, id`,
      )
      .bind(period.start, period.end, manilaDate(period.start), manilaDate(period.end)),
    d1
      .prepare(
        `SELECT s.proposal_id, p.title, s.period_start, s.period_end, s.amount, s.members, s.booked_at
         FROM surplus_returns AS s JOIN proposals AS p ON p.id = s.proposal_id WHERE s.booked_at >= ?1 AND s.booked_at < ?2 ORDER BY s.booked_at, s.proposal_id`,
      )
      .bind(period.start, period.end),
  ]);
  type Movement = {
    kind: "fees" | "claim" | "payout";
    id: string;
    at: number;
    day: string | null;
    amount: number;
    title: string | null;
  };
  type Return = {
    proposal_id: string;
    title: string;
    period_start: string;
    period_end: string;
    amount: number;
    members: number;
    booked_at: number;
  };
  // The report is in English, like the notes above.
  const label = (row: Movement) =>
    row.kind === "payout"
      ? storedText("en", row.title)
      : translate("en", row.kind === "fees" ? "server.governance.fund.fees" : "server.governance.fund.claim");
  const rows = (movements!.results as Movement[])
    .map((row) => ({ ...row, day: row.day ?? manilaDate(row.at) }))
    .sort(
      (a, b) => a.day.localeCompare(b.day) || a.kind.localeCompare(b.kind) || a.at - b.at || a.id.localeCompare(b.id),
    );
  return (
    BOM +
    line([...FUND_CSV_HEADER]) +
    rows.map((row) => line(["fund", row.id, row.day, row.kind, label(row), { money: row.amount }])).join("") +
    (returns!.results as Return[])
      .map((row) =>
        line([
          "surplus_return",
          row.proposal_id,
          manilaDate(row.booked_at),
          "surplus_return",
          `${storedText("en", row.title)} (${row.period_start} to ${manilaDate(Date.parse(`${row.period_end}T00:00:00Z`) - 86_400_000)}; ${row.members} ${row.members === 1 ? "member" : "members"})`,
          { money: row.amount },
        ]),
      )
      .join("")
  );
}
