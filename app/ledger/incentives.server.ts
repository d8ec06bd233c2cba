import { riderRatings } from "./rider-figures.server";
import { Refusal } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";
import { centavosToPesos } from "~/money/money";
import { DEFAULT_INCENTIVES, tierReached, type IncentiveRules } from "~/settings/coop-settings";
import { manilaDate, manilaToday, manilaWeek, type Period } from "~/i18n/manila";

/**
 * Incentives (docs/guide/money.md#incentives), awarded when a Manila day or week closes: by the Worker's
 * cron a few minutes after Manila midnight (closeDuePeriods), or by an admin for a missed run
 * (`POST /api/admin/payroll/close`). A close is ONE D1 batch: the `payroll_closes` row, then each
 * award as an `incentive` ledger entry that enters only if that very close row was written, so a
 * period closed twice, even at the same moment, awards nothing more. Each award's source_id
 * ("incentive:day:2026-11-22:{riderId}:tier") is unique besides.
 */

export type PayrollPeriod = "day" | "week";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The cron closes yesterday and last week once Manila's clock has passed 00:05. */
const CLOSE_AFTER_MIDNIGHT_MS = 5 * 60 * 1000;

export interface Award {
  riderId: string;
  kind: "tier" | "rating" | "top";
  /** Centavos. */
  amount: number;
  /** An encoded message (`server.ledger.note.…`), put into words where it is read. */
  note: string;
}

export interface RiderTally {
  riderId: string;
  delivered: number;
  /** UTC ms of their last delivery in the period (the top-10 tie-break: earlier wins). */
  lastDeliveredAt: number;
  rating: number | null;
}

/** The awards a closed period (the day, or the week from Monday `startDate`) earns; pure, so the thresholds are tested on their own. */
export function awardsFor(
  period: PayrollPeriod,
  startDate: string,
  tallies: readonly RiderTally[],
  rules: IncentiveRules = DEFAULT_INCENTIVES,
): Award[] {
  const awards: Award[] = [];
  if (period === "day") {
    for (const t of tallies) {
      const tier = tierReached(rules.dailyTiers, t.delivered);
      if (!tier) continue;
      awards.push({
        riderId: t.riderId,
        kind: "tier",
        amount: tier.amount,
        note: encodeMessage("server.ledger.note.dailyIncentive", { date: startDate, count: t.delivered }),
      });
      if (t.rating !== null && t.rating >= rules.dailyRatingBonus.minRating && rules.dailyRatingBonus.amount > 0) {
        awards.push({
          riderId: t.riderId,
          kind: "rating",
          amount: rules.dailyRatingBonus.amount,
          note: encodeMessage("server.ledger.note.dailyRatingBonus", { date: startDate, rating: t.rating.toFixed(1) }),
        });
      }
    }
    return awards.filter((a) => a.amount > 0);
  }
  for (const t of tallies) {
    const tier = tierReached(rules.weeklyTiers, t.delivered);
    if (tier)
      awards.push({
        riderId: t.riderId,
        kind: "tier",
        amount: tier.amount,
        note: encodeMessage("server.ledger.note.weeklyIncentive", { date: startDate, count: t.delivered }),
      });
  }
  const ranked = tallies
    .filter((t) => t.delivered > 0)
    .sort(
      (a, b) =>
        b.delivered - a.delivered ||
        (b.rating ?? -1) - (a.rating ?? -1) ||
        a.lastDeliveredAt - b.lastDeliveredAt ||
        a.riderId.localeCompare(b.riderId),
    );
  ranked.slice(0, rules.weeklyTop.count).forEach((t, i) => {
    awards.push({
      riderId: t.riderId,
      kind: "top",
      amount: rules.weeklyTop.amount,
      note: encodeMessage("server.ledger.note.weeklyTop", {
        top: rules.weeklyTop.count,
        date: startDate,
        rank: i + 1,
        count: t.delivered,
      }),
    });
  });
  return awards.filter((a) => a.amount > 0);
}

/** The Manila day, or the Monday-to-Sunday week, holding `date` (YYYY-MM-DD). */
function payrollPeriod(period: PayrollPeriod, date: string): { startDate: string; range: Period } {
  const noon = Date.parse(`${date}T12:00:00+08:00`);
  const range = period === "day" ? manilaToday(noon) : manilaWeek(noon);
  return { startDate: manilaDate(range.start), range };
}

const sourcePrefix = (period: PayrollPeriod, startDate: string) => `incentive:${period}:${startDate}:`;

interface AwardView {
  riderId: string;
  riderName: string;
  amount: number;
  note: string | null;
}

export interface CloseResult {
  period: PayrollPeriod;
  startDate: string;
  endDate: string;
  /** True when this call closed it; false when it was closed before (nothing more awarded). */
  closedNow: boolean;
  closedAt: string;
  awards: AwardView[];
}

/** Closes a past day or week (409 while it is still open); closing it again answers its awards and awards nothing. */
export async function closePeriod(
  d1: D1Database,
  input: { period: PayrollPeriod; date: string; closedBy: string | null; rules?: IncentiveRules },
  now = Date.now(),
): Promise<CloseResult> {
  const { startDate, range } = payrollPeriod(input.period, input.date);
  if (range.end > now) {
    throw new Refusal(409, input.period === "day" ? "server.ledger.dayStillOpen" : "server.ledger.weekStillOpen", {
      date: manilaDate(range.end),
    });
  }
  const existing = await d1
    .prepare("SELECT closed_at FROM payroll_closes WHERE period = ?1 AND start_date = ?2")
    .bind(input.period, startDate)
    .first<{ closed_at: number }>();
  let closedNow = false;
  let closedAt = existing?.closed_at ?? now;
  if (!existing) {
    const tallies = await talliesOf(d1, range);
    const awards = awardsFor(input.period, startDate, tallies, input.rules ?? DEFAULT_INCENTIVES);
    const closeId = crypto.randomUUID();
    const awardedAt = range.end - 1;
    const results = await d1.batch([
      d1
        .prepare(
          "INSERT INTO payroll_closes (period, close_id, start_date, closed_at, closed_by) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
        )
        .bind(input.period, closeId, startDate, now, input.closedBy),
      ...awards.map((award) =>
        d1
          .prepare(
            `INSERT OR IGNORE INTO ledger_entries (rider_id, kind, amount, source_id, at, note, created_by)
             SELECT ?1, 'incentive', ?2, ?3, ?4, ?5, ?6
             WHERE EXISTS (SELECT 1 FROM payroll_closes WHERE period = ?7 AND start_date = ?8 AND close_id = ?9)`,
          )
          .bind(
            award.riderId,
            award.amount,
            `${sourcePrefix(input.period, startDate)}${award.riderId}:${award.kind}`,
            awardedAt,
            award.note,
            input.closedBy,
            input.period,
            startDate,
            closeId,
          ),
      ),
    ]);
    closedNow = results[0]!.meta.changes === 1;
    if (!closedNow) {
      const row = await d1
        .prepare("SELECT closed_at FROM payroll_closes WHERE period = ?1 AND start_date = ?2")
        .bind(input.period, startDate)
        .first<{ closed_at: number }>();
      closedAt = row?.closed_at ?? now;
    }
  }
  return {
    period: input.period,
    startDate,
    endDate: manilaDate(range.end - 1),
    closedNow,
    closedAt: new Date(closedAt).toISOString(),
    awards: await awardsOf(d1, input.period, startDate),
  };
}

/** Each rider's delivered count and last delivery in the period (covering deliveries_delivered_fee_idx), with their 90-day rating at its end. */
async function talliesOf(d1: D1Database, range: Period): Promise<RiderTally[]> {
  const { results } = await d1
    .prepare(
      `SELECT rider_id, count(*) AS delivered, max(delivered_at) AS last_at FROM deliveries
       WHERE delivered_at >= ?1 AND delivered_at < ?2 AND rider_id IS NOT NULL GROUP BY rider_id`,
    )
    .bind(range.start, range.end)
    .all<{ rider_id: string; delivered: number; last_at: number }>();
  const ratings = await riderRatings(
    d1,
    results.map((r) => r.rider_id),
    range.end,
  );
  return results.map((r) => ({
    riderId: r.rider_id,
    delivered: r.delivered,
    lastDeliveredAt: r.last_at,
    rating: ratings.get(r.rider_id)?.rating ?? null,
  }));
}

/** A period's awards (a range of ledger_entries_source_unique). */
async function awardsOf(d1: D1Database, period: PayrollPeriod, startDate: string): Promise<AwardView[]> {
  const prefix = sourcePrefix(period, startDate);
  const { results } = await d1
    .prepare(
      `SELECT l.rider_id, l.amount, l.note, u.first_name, u.last_name FROM ledger_entries AS l JOIN users AS u ON u.id = l.rider_id
       WHERE l.source_id >= ?1 AND l.source_id < ?2 ORDER BY l.source_id`,
    )
    .bind(prefix, `${prefix.slice(0, -1)};`)
    .all<{
      rider_id: string;
      amount: number;
      note: string | null;
      first_name: string | null;
      last_name: string | null;
    }>();
  return results.map((r) => ({
    riderId: r.rider_id,
    riderName: [r.first_name, r.last_name].filter(Boolean).join(" ") || "Rider",
    amount: centavosToPesos(r.amount),
    note: r.note,
  }));
}

/** The cron's part: once Manila is past 00:05, closes yesterday and, on Mondays, last week, unless already closed. */
export async function closeDuePeriods(
  d1: D1Database,
  now: number,
  rulesInForce: () => Promise<IncentiveRules> = async () => DEFAULT_INCENTIVES,
): Promise<CloseResult[]> {
  const today = manilaToday(now);
  if (now - today.start < CLOSE_AFTER_MIDNIGHT_MS) return [];
  const yesterday = manilaDate(today.start - DAY_MS);
  const lastWeek = manilaDate(manilaWeek(now).start - DAY_MS);
  const { results } = await d1
    .prepare(
      "SELECT period, start_date FROM payroll_closes WHERE (period = 'day' AND start_date = ?1) OR (period = 'week' AND start_date = ?2)",
    )
    .bind(yesterday, payrollPeriod("week", lastWeek).startDate)
    .all<{ period: string }>();
  const closed = new Set(results.map((r) => r.period));
  const done: CloseResult[] = [];
  if (closed.size === 2) return done;
  const rules = await rulesInForce();
  if (!closed.has("day"))
    done.push(await closePeriod(d1, { period: "day", date: yesterday, closedBy: null, rules }, now));
  if (!closed.has("week"))
    done.push(await closePeriod(d1, { period: "week", date: lastWeek, closedBy: null, rules }, now));
  return done;
}
