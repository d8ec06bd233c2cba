import { feeIncomeSql } from "~/payments/fee-income";
import { and, eq, gte, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveries } from "~/db/schema";
import type { Centavos } from "~/money/money";
import { splitFee } from "~/money/fee-split";
import { manilaToday, manilaWeek } from "~/i18n/manila";

export interface RiderEarnings {
  /** The rider's 85% shares of today's delivered fees (Manila calendar day) plus their peak-hours bonuses, in centavos. */
  today: Centavos;
  /** The same for this week, Monday 00:00 to Sunday 24:00 in Manila. */
  week: Centavos;
  /** The cooperative's 15% (operations + member benefits) of this week's delivered fees. */
  weekCoopShare: Centavos;
  completedToday: number;
  completedThisWeek: number;
}

/**
 * A rider's earnings (docs/guide/money.md): the sum of splitFee(fee).rider over the
 * deliveries they delivered, dated by deliveredAt in Asia/Manila, and over the cancellation fees
 * charged while they held a delivery, dated by cancelledAt (an owed fee by the day it was collected). Two indexed range scans over the week
 * (deliveries_rider_delivered_idx, deliveries_rider_cancelled_idx); today is always inside this week.
 */
export async function riderEarnings(db: Db, riderId: string, now: Date | number): Promise<RiderEarnings> {
  const week = manilaWeek(now);
  const today = manilaToday(now);
  const [delivered, feesCharged] = await Promise.all([
    db
      .select({ fee: deliveries.totalFee, at: deliveries.deliveredAt, peak: deliveries.peakSurcharge })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.riderId, riderId),
          gte(deliveries.deliveredAt, new Date(week.start)),
          lt(deliveries.deliveredAt, new Date(week.end)),
          eq(deliveries.status, "delivered"),
        ),
      ),
    // Cancellation fees count when collected (app/payments/fee-income.ts).
    db.$client
      .prepare(`SELECT fee, at FROM (${feeIncomeSql({ rider: true })})`)
      .bind(week.start, week.end, riderId)
      .all<{ fee: number; at: number }>()
      .then(({ results }) => results.filter((row) => row.fee > 0)),
  ]);
  const earnings: RiderEarnings = { today: 0, week: 0, weekCoopShare: 0, completedToday: 0, completedThisWeek: 0 };
  const add = (row: { fee: number; at: Date | number | null; peak?: number }, completed: boolean) => {
    const split = splitFee(row.fee);
    const at = Number(row.at);
    // A peak-hours surcharge goes whole to the rider (decision 0183).
    const rider = split.rider + (row.peak ?? 0);
    earnings.week += rider;
    earnings.weekCoopShare += split.operations + split.memberBenefits;
    if (completed) earnings.completedThisWeek += 1;
    if (at >= today.start && at < today.end) {
      earnings.today += rider;
      if (completed) earnings.completedToday += 1;
    }
  };
  for (const row of delivered) add(row, true);
  for (const row of feesCharged) add(row, false);
  return earnings;
}
