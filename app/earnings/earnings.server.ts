import { and, eq, gte, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveries } from "~/db/schema";
import { splitFee, type Centavos } from "~/money/money";
import { manilaToday, manilaWeek } from "~/time/manila";

export interface RiderEarnings {
  /** The rider's 85% shares of today's delivered fees (Manila calendar day), in centavos. */
  today: Centavos;
  /** The same for this week, Monday 00:00 to Sunday 24:00 in Manila. */
  week: Centavos;
  /** The cooperative's 15% (operations + member benefits) of this week's delivered fees. */
  weekCoopShare: Centavos;
  completedToday: number;
  completedThisWeek: number;
}

/**
 * A rider's earnings (PRODUCT.md, Money and Time): the sum of splitFee(fee).rider over the
 * deliveries they delivered, dated by deliveredAt in Asia/Manila. One indexed range scan over the
 * week (deliveries_rider_delivered_idx); today is always inside this week.
 */
export async function riderEarnings(db: Db, riderId: string, now: Date | number): Promise<RiderEarnings> {
  const week = manilaWeek(now);
  const today = manilaToday(now);
  const rows = await db
    .select({ totalFee: deliveries.totalFee, deliveredAt: deliveries.deliveredAt })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.riderId, riderId),
        gte(deliveries.deliveredAt, new Date(week.start)),
        lt(deliveries.deliveredAt, new Date(week.end)),
        eq(deliveries.status, "delivered"),
      ),
    );
  const earnings: RiderEarnings = { today: 0, week: 0, weekCoopShare: 0, completedToday: 0, completedThisWeek: 0 };
  for (const row of rows) {
    const split = splitFee(row.totalFee);
    const share = split.rider;
    const at = Number(row.deliveredAt);
    earnings.week += share;
    earnings.weekCoopShare += split.operations + split.memberBenefits;
    earnings.completedThisWeek += 1;
    if (at >= today.start && at < today.end) {
      earnings.today += share;
      earnings.completedToday += 1;
    }
  }
  return earnings;
}
