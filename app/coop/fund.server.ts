import { encodeCursor, type PageCursor } from "~/http/cursor";
import type { Page } from "~/http/paging.server";
import type { Centavos } from "~/money/money";
import { manilaDate, MANILA_OFFSET_MS } from "~/i18n/manila";

/**
 * The member benefits fund (docs/guide/coop.md; decision 0215).
 *
 * In: the member-benefits share of every fee (the 5% remainder of each delivered fare and of each
 * cancellation fee collected) and the ₱1 insurance per delivery, as `daily_totals` records them per
 * Manila day: the same rows the admin's "Member Benefits Fund" and the month's fund allocation read,
 * so no page contradicts another.
 * Out: claims paid (the riders' ledger `benefit` entries, source `claim:{id}`) and passed payout
 * proposals (`fund_payouts`, one per proposal, booked by the close).
 * The balance never goes below ₱0: a payout is booked only inside a statement that checks the
 * balance covers it (`payoutStatements`), and claims are approved the same way. Claims hold their
 * amount from their filing (decision 0215): a new claim or payout asks only for what no claim holds.
 */

/** The balance as one SQL expression, for guards inside a batch (whole-table sums: daily_totals has a row a day; the ledger's by kind_at index). */
export const FUND_BALANCE_SQL = `((SELECT coalesce(sum(member_benefits_share + insurance), 0) FROM daily_totals)
  - (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE kind = 'benefit')
  - (SELECT coalesce(sum(amount), 0) FROM fund_payouts))`;

export async function fundBalance(d1: D1Database): Promise<Centavos> {
  const row = await d1.prepare(`SELECT ${FUND_BALANCE_SQL} AS balance`).first<{ balance: number }>();
  return row?.balance ?? 0;
}

/**
 * What claims hold of the fund (decision 0215): a claim holds its amount from its filing until it
 * is decided (`pending`, `in_vote`), and a claim the members passed while the fund could not pay it
 * is owed (`waiting_funds`) until the cron pays it. On fund_claims_held_idx.
 */
const CLAIMS_HELD_SQL = `(SELECT coalesce(sum(amount), 0) FROM fund_claims WHERE status IN ('pending', 'in_vote', 'waiting_funds'))`;
export const CLAIMS_OWED_SQL = `(SELECT coalesce(sum(amount), 0) FROM fund_claims WHERE status = 'waiting_funds')`;
/** The money no claim holds: the most a new claim or a new payout proposal may ask for, and what a passed payout may take at its close. */
export const FUND_FREE_SQL = `(${FUND_BALANCE_SQL} - ${CLAIMS_HELD_SQL})`;

export interface FundStanding {
  balance: Centavos;
  /** Held by claims filed and not yet decided or paid (waiting for funds included). */
  held: Centavos;
  /** Of `held`: claims the members passed that wait for funds. */
  owed: Centavos;
  owedClaims: number;
  /** balance − held, never shown below ₱0. */
  free: Centavos;
}

export async function fundStanding(d1: D1Database): Promise<FundStanding> {
  const row = await d1
    .prepare(
      `SELECT ${FUND_BALANCE_SQL} AS balance, ${CLAIMS_HELD_SQL} AS held, ${CLAIMS_OWED_SQL} AS owed,
              (SELECT count(*) FROM fund_claims WHERE status = 'waiting_funds') AS owed_claims`,
    )
    .first<{ balance: number; held: number; owed: number; owed_claims: number }>();
  const { balance = 0, held = 0, owed = 0, owed_claims: owedClaims = 0 } = row ?? {};
  return { balance, held, owed, owedClaims, free: Math.max(0, balance - held) };
}

type FundMovementKind = "fees" | "claim" | "payout";

export interface FundMovement {
  /** `fees:{day}`, `claim:{claimId}` (the ledger entry's source) or `payout:{proposalId}`. */
  id: string;
  /** The Manila day, YYYY-MM-DD. */
  day: string;
  kind: FundMovementKind;
  /** Signed: + into the fund, − out of it. */
  amount: Centavos;
  /** A payout's proposal title; null for fees and claims (labelled in the reader's language, never with the claimant). */
  title: string | null;
  at: number;
}

/** A `YYYY-MM-DD` column's Manila midnight in UTC ms. */
const dayStartSql = (column: string) => `(CAST(strftime('%s', ${column}) AS INTEGER) * 1000 - ${MANILA_OFFSET_MS})`;

/**
 * ?1 the cursor's time, ?2 its id, ?3 the last day whose fees line may come, ?4 how many rows.
 * Each source takes its own newest rows past the cursor on its own index, at most ?4 of them
 * (daily_totals' day backwards, ledger_entries_kind_at_idx, fund_payouts_booked_idx), and the page
 * is the newest ?4 of those: a page costs the same however long the fund's history is.
 */
export const MOVEMENTS_SQL = `SELECT kind, id, at, day, amount, title FROM (
    SELECT * FROM (
      SELECT 'fees' AS kind, 'fees:' || day AS id, ${dayStartSql("day")} AS at, day, member_benefits_share + insurance AS amount, NULL AS title
      FROM daily_totals WHERE day <= ?3 AND member_benefits_share + insurance != 0 AND (${dayStartSql("day")} < ?1 OR (${dayStartSql("day")} = ?1 AND 'fees:' || day < ?2))
      ORDER BY day DESC LIMIT ?4)
    UNION ALL
    SELECT * FROM (
      SELECT 'claim', source_id, at, NULL, -amount, NULL FROM ledger_entries
      WHERE kind = 'benefit' AND (at < ?1 OR (at = ?1 AND source_id < ?2))
      ORDER BY at DESC, source_id DESC LIMIT ?4)
    UNION ALL
    SELECT * FROM (
      SELECT 'payout', 'payout:' || f.proposal_id, f.booked_at, NULL, -f.amount, p.title
      FROM fund_payouts AS f JOIN proposals AS p ON p.id = f.proposal_id
      WHERE f.booked_at < ?1 OR (f.booked_at = ?1 AND 'payout:' || f.proposal_id < ?2)
      ORDER BY f.booked_at DESC, f.proposal_id DESC LIMIT ?4)
  ) ORDER BY at DESC, id DESC LIMIT ?4`;

/** The fund's movements, newest first, keyset-paged on (at, id): a day's fees are one line at the day's Manila midnight; a claim at its ledger entry's time; a payout at its booking. */
export async function fundMovements(
  d1: D1Database,
  { cursor, limit }: { cursor: PageCursor | null; limit: number },
): Promise<Page<FundMovement>> {
  const at = cursor?.createdAt ?? Number.MAX_SAFE_INTEGER;
  const id = cursor?.id ?? "\u{10FFFF}";
  // The last day whose midnight is at or before the cursor (a far future day without one).
  const lastDay = cursor ? manilaDate(cursor.createdAt) : "9999-12-31";
  const { results } = await d1
    .prepare(MOVEMENTS_SQL)
    .bind(at, id, lastDay, limit + 1)
    .all<{
      kind: FundMovementKind;
      id: string;
      at: number;
      day: string | null;
      amount: number;
      title: string | null;
    }>();
  const items: FundMovement[] = results.slice(0, limit).map((row) => ({
    id: row.id,
    day: row.day ?? manilaDate(row.at),
    kind: row.kind,
    amount: row.amount,
    title: row.title,
    at: row.at,
  }));
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: results.length > limit && last ? encodeCursor({ createdAt: new Date(last.at), id: last.id }) : null,
  };
}

/** The fund over a Manila period of whole days [startDay, endDay): what came in, claims paid, payouts; and the balance at its end. */
export interface FundPeriod {
  intake: Centavos;
  claimsPaid: Centavos;
  payouts: { proposalId: string; title: string; amount: Centavos; day: string }[];
  payoutsTotal: Centavos;
  balanceAtEnd: Centavos;
}

export async function fundOverPeriod(d1: D1Database, period: { start: number; end: number }): Promise<FundPeriod> {
  const startDay = manilaDate(period.start);
  const endDay = manilaDate(period.end);
  const [intake, claims, payouts, before] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        "SELECT coalesce(sum(member_benefits_share + insurance), 0) AS total FROM daily_totals WHERE day >= ?1 AND day < ?2",
      )
      .bind(startDay, endDay),
    d1
      .prepare(
        "SELECT coalesce(sum(amount), 0) AS total FROM ledger_entries WHERE kind = 'benefit' AND at >= ?1 AND at < ?2",
      )
      .bind(period.start, period.end),
    d1
      .prepare(
        `SELECT f.proposal_id, p.title, f.amount, f.booked_at FROM fund_payouts AS f JOIN proposals AS p ON p.id = f.proposal_id
         WHERE f.booked_at >= ?1 AND f.booked_at < ?2 ORDER BY f.booked_at, f.proposal_id`,
      )
      .bind(period.start, period.end),
    d1
      .prepare(
        `SELECT (SELECT coalesce(sum(member_benefits_share + insurance), 0) FROM daily_totals WHERE day < ?1)
              - (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE kind = 'benefit' AND at < ?2)
              - (SELECT coalesce(sum(amount), 0) FROM fund_payouts WHERE booked_at < ?2) AS total`,
      )
      .bind(endDay, period.end),
  ]);
  const total = (result: D1Result<Record<string, unknown>> | undefined) =>
    (result!.results[0] as { total: number }).total;
  const rows = payouts!.results as { proposal_id: string; title: string; amount: number; booked_at: number }[];
  return {
    intake: total(intake),
    claimsPaid: total(claims),
    payouts: rows.map((row) => ({
      proposalId: row.proposal_id,
      title: row.title,
      amount: row.amount,
      day: manilaDate(row.booked_at),
    })),
    payoutsTotal: rows.reduce((sum, row) => sum + row.amount, 0),
    balanceAtEnd: total(before),
  };
}

/**
 * A passed payout's booking, for the close's batch: the fund_payouts row, written only by the close
 * that holds `closeId` and only while the money no claim holds covers the amount (read inside the
 * batch's transaction, so no claim or other payout can slip in between; decision 0215: claims come
 * first); then the proposal's applied_ref. The primary key on the proposal makes a second booking
 * impossible.
 */
export function payoutStatements(
  d1: D1Database,
  input: { proposalId: string; amount: Centavos; closeId: string; at: number },
): D1PreparedStatement[] {
  const closedByThisCall = "EXISTS (SELECT 1 FROM proposals WHERE id = ?1 AND close_id = ?2)";
  return [
    d1
      .prepare(
        `INSERT INTO fund_payouts (proposal_id, amount, booked_at) SELECT ?1, ?3, ?4 WHERE ${closedByThisCall} AND ${FUND_FREE_SQL} >= ?3 ON CONFLICT (proposal_id) DO NOTHING`,
      )
      .bind(input.proposalId, input.closeId, input.amount, input.at),
    d1
      .prepare(
        `UPDATE proposals SET applied_ref = 'payout:' || ?1 WHERE id = ?1 AND close_id = ?2 AND EXISTS (SELECT 1 FROM fund_payouts WHERE proposal_id = ?1)`,
      )
      .bind(input.proposalId, input.closeId),
  ];
}
