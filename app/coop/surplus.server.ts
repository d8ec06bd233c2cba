import type { Centavos } from "~/money/money";
import { encodeMessage } from "~/i18n/message";
import { manilaDate, MANILA_OFFSET_MS } from "~/i18n/manila";
import { splitPatronage, type PatronagePart } from "./patronage";

/**
 * Surplus returns (patronage refunds; docs/guide/coop.md#surplus-return; decision 0215).
 *
 * A return names a Manila month, quarter or year by its first day. Its cap is the operations share
 * earned in the period (daily_totals' `operations_share`, the 10% less promos, over the period's
 * days) less every earlier booked return whose period overlaps it, counted whole. It is checked
 * when the proposal opens and again inside the close's batch. When it passes, the amount is split
 * among the period's member-owners by their delivered deliveries in it (app/coop/patronage.ts),
 * each part a `patronage` entry of the riders' ledger.
 */

export type SurplusPeriodKind = "month" | "quarter" | "year";

export interface SurplusPeriod {
  /** YYYY-MM-DD: the first day, and the first day after the period. */
  startDay: string;
  endDay: string;
  /** The same as UTC ms: Manila midnights. */
  start: number;
  end: number;
}

const MONTHS: Record<SurplusPeriodKind, number> = { month: 1, quarter: 3, year: 12 };

/** The period starting on `start` (already checked as the first day of such a period). */
export function surplusPeriod(period: { kind: SurplusPeriodKind; start: string }): SurplusPeriod {
  const [year, month] = period.start.split("-").map(Number) as [number, number];
  const start = Date.UTC(year, month - 1, 1) - MANILA_OFFSET_MS;
  const end = Date.UTC(year, month - 1 + MONTHS[period.kind], 1) - MANILA_OFFSET_MS;
  return { startDay: manilaDate(start), endDay: manilaDate(end), start, end };
}

/** The operations share of the period's days (daily_totals' primary key range). */
const OPERATIONS_SQL = "(SELECT coalesce(sum(operations_share), 0) FROM daily_totals WHERE day >= ?{s} AND day < ?{e})";
/** What earlier booked returns for an overlapping period took (surplus_returns_period_idx). */
const TAKEN_SQL =
  "(SELECT coalesce(sum(amount), 0) FROM surplus_returns WHERE period_start < ?{e} AND period_end > ?{s})";
const capSql = (s: number, e: number) =>
  `(${OPERATIONS_SQL} - ${TAKEN_SQL})`.replaceAll("{s}", String(s)).replaceAll("{e}", String(e));

/** The most a return for this period may be now, in centavos (0 when nothing is left). */
export const CAP_SQL = `SELECT ${capSql(1, 2)} AS cap`;

export async function surplusCap(d1: D1Database, period: SurplusPeriod): Promise<Centavos> {
  const row = await d1.prepare(CAP_SQL).bind(period.startDay, period.endDay).first<{ cap: number }>();
  return Math.max(0, row?.cap ?? 0);
}

/**
 * The member-owners of the period and their weights: riders (or admins) whose membership was
 * recorded before the period ended, each weighted by their delivered deliveries in the period made
 * while a member (delivered_at ≥ member_since). Read on deliveries_delivered_fee_idx (delivered_at, rider_id).
 */
export const WEIGHTS_SQL = `SELECT d.rider_id AS member_id, count(*) AS n FROM deliveries AS d JOIN users AS u ON u.id = d.rider_id
  WHERE d.delivered_at >= ?1 AND d.delivered_at < ?2 AND u.member_since IS NOT NULL AND u.member_since < ?2 AND d.delivered_at >= u.member_since
  GROUP BY d.rider_id ORDER BY d.rider_id`;

async function patronageWeights(
  d1: D1Database,
  period: SurplusPeriod,
): Promise<{ memberId: string; weight: number }[]> {
  const { results } = await d1
    .prepare(WEIGHTS_SQL)
    .bind(period.start, period.end)
    .all<{ member_id: string; n: number }>();
  return results.map((row) => ({ memberId: row.member_id, weight: row.n }));
}

export async function patronageParts(
  d1: D1Database,
  period: SurplusPeriod,
  amount: Centavos,
): Promise<PatronagePart[]> {
  return splitPatronage(amount, await patronageWeights(d1, period));
}

/** The ledger note of a part (an encoded message, read in each reader's language). */
const patronageNote = (period: SurplusPeriod) =>
  encodeMessage("server.ledger.note.patronage", { start: period.startDay, end: manilaDate(period.end - 1) });

/**
 * A passed return's booking, for the close's batch, each statement acting only for the close that
 * holds `closeId`: the surplus_returns row, written only while the amount is still within the cap
 * (read inside the batch's transaction); then one `patronage` entry per part, `patronage:{proposal}:{member}`
 * (unique sources: a part can never be booked twice), only if that row was written; then applied_ref.
 * The parts travel as one JSON parameter (D1 binds at most 100 parameters a statement).
 */
export function surplusStatements(
  d1: D1Database,
  input: {
    proposalId: string;
    closeId: string;
    period: SurplusPeriod;
    amount: Centavos;
    parts: PatronagePart[];
    at: number;
  },
): D1PreparedStatement[] {
  const closedByThisCall = "EXISTS (SELECT 1 FROM proposals WHERE id = ?1 AND close_id = ?2)";
  const booked = "EXISTS (SELECT 1 FROM surplus_returns WHERE proposal_id = ?1)";
  return [
    d1
      .prepare(
        `INSERT INTO surplus_returns (proposal_id, period_start, period_end, amount, members, booked_at)
         SELECT ?1, ?3, ?4, ?5, ?6, ?7 WHERE ${closedByThisCall} AND ?5 <= ${capSql(3, 4)}
         ON CONFLICT (proposal_id) DO NOTHING`,
      )
      .bind(
        input.proposalId,
        input.closeId,
        input.period.startDay,
        input.period.endDay,
        input.amount,
        input.parts.length,
        input.at,
      ),
    d1
      .prepare(
        `INSERT INTO ledger_entries (rider_id, kind, amount, source_id, at, note)
         SELECT json_extract(value, '$.m'), 'patronage', json_extract(value, '$.a'), 'patronage:' || ?1 || ':' || json_extract(value, '$.m'), ?4, ?5
         FROM json_each(?3) WHERE ${closedByThisCall} AND ${booked}
         ON CONFLICT (source_id) DO NOTHING`,
      )
      .bind(
        input.proposalId,
        input.closeId,
        JSON.stringify(input.parts.map((p) => ({ m: p.memberId, a: p.amount }))),
        input.at,
        patronageNote(input.period),
      ),
    d1
      .prepare(`UPDATE proposals SET applied_ref = 'surplus:' || ?1 WHERE id = ?1 AND close_id = ?2 AND ${booked}`)
      .bind(input.proposalId, input.closeId),
  ];
}

/** The returns booked in a period (the month report), oldest first. */
export async function surplusReturnsBooked(d1: D1Database, period: { start: number; end: number }) {
  const { results } = await d1
    .prepare(
      `SELECT s.proposal_id, p.title, s.period_start, s.period_end, s.amount, s.members, s.booked_at
       FROM surplus_returns AS s JOIN proposals AS p ON p.id = s.proposal_id
       WHERE s.booked_at >= ?1 AND s.booked_at < ?2 ORDER BY s.booked_at, s.proposal_id`,
    )
    .bind(period.start, period.end)
    .all<{
      proposal_id: string;
      title: string;
      period_start: string;
      period_end: string;
      amount: number;
      members: number;
      booked_at: number;
    }>();
  return results.map((row) => ({
    proposalId: row.proposal_id,
    title: row.title,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    amount: row.amount as Centavos,
    members: row.members,
    day: manilaDate(row.booked_at),
  }));
}
