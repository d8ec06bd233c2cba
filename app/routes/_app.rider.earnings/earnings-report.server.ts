import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveries } from "~/db/schema";
import type { Centavos } from "~/money/money";
import { riderPart } from "~/money/fee-split";
import { manilaDate, manilaMonth, manilaToday, manilaWeek } from "~/i18n/manila";

/** One delivered delivery on View Earnings: the rider's 85% share of its fee. */
export interface EarnedDelivery {
  id: string;
  pickupCity: string;
  dropoffCity: string;
  totalFee: Centavos;
  share: Centavos;
  deliveredAt: string;
}

export interface EarningsDay {
  /** Manila calendar date, YYYY-MM-DD. */
  day: string;
  share: Centavos;
  deliveries: EarnedDelivery[];
}

export interface EarningsReport {
  today: Centavos;
  week: Centavos;
  month: Centavos;
  deliveredThisMonth: number;
  /** Days of this month with deliveries, newest first. */
  days: EarningsDay[];
}

/**
 * View Earnings (/rider/earnings): today, this week and this month in the Manila calendar, and the
 * month day by day with each delivery's share. One range scan of deliveries_rider_delivered_idx
 * over the month and the week (a week may start in the previous month).
 */
export async function riderEarningsReport(db: Db, riderId: string, now: number | Date): Promise<EarningsReport> {
  const today = manilaToday(now);
  const week = manilaWeek(now);
  const month = manilaMonth(now);
  const rows = await db
    .select({
      id: deliveries.id,
      pickupCity: deliveries.pickupCity,
      dropoffCity: deliveries.dropoffCity,
      totalFee: deliveries.totalFee,
      peakSurcharge: deliveries.peakSurcharge,
      deliveredAt: deliveries.deliveredAt,
    })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.riderId, riderId),
        gte(deliveries.deliveredAt, new Date(Math.min(week.start, month.start))),
        lt(deliveries.deliveredAt, new Date(Math.max(week.end, month.end))),
        eq(deliveries.status, "delivered"),
      ),
    )
    .orderBy(desc(deliveries.deliveredAt), desc(deliveries.id));
  const report: EarningsReport = { today: 0, week: 0, month: 0, deliveredThisMonth: 0, days: [] };
  const within = (at: number, period: { start: number; end: number }) => at >= period.start && at < period.end;
  for (const row of rows) {
    const at = Number(row.deliveredAt);
    // The rider's 85% and the whole peak-hours bonus (decision 0183).
    const share = riderPart(row.totalFee, row.peakSurcharge);
    if (within(at, today)) report.today += share;
    if (within(at, week)) report.week += share;
    if (!within(at, month)) continue;
    report.month += share;
    report.deliveredThisMonth += 1;
    const day = manilaDate(at);
    let entry = report.days.at(-1);
    if (entry?.day !== day) report.days.push((entry = { day, share: 0, deliveries: [] }));
    entry.share += share;
    const { peakSurcharge: _peak, ...fields } = row;
    entry.deliveries.push({ ...fields, share, deliveredAt: new Date(at).toISOString() });
  }
  return report;
}
