import { aliasedTable, and, count, desc, eq, inArray, ne, sql, sum } from "drizzle-orm";
import { afterCursor, toPage } from "~/http/paging.server";
import type { Db } from "~/db/client.server";
import { dailyTotals, deliveries, users, type DeliveryStatus } from "~/db/schema";
import { toDeliveryView, toRiderSummary, type DeliveryView } from "~/deliveries/delivery-view";
import { liveCounts, LIVE_FILTER_STATUSES, type LiveCounts, type LiveDeliveriesQuery } from "./live-deliveries";

const riders = aliasedTable(users, "rider");

/**
 * `GET /api/admin/deliveries`: the newest deliveries of a filter with their riders, and the count
 * of every filter, in one D1 round trip. The list walks deliveries_created_at_idx (All) or
 * deliveries_status_created_idx (a status filter) newest first and stops at the limit; the counts
 * count every status but delivered through deliveries_undelivered_status_idx (a partial index
 * without the delivered bulk of history) and delivered from the daily_totals ledger, one row per
 * day (docs/decisions/0050).
 */
export async function listLiveDeliveries(
  db: Db,
  query: LiveDeliveriesQuery,
): Promise<{ deliveries: DeliveryView[]; counts: LiveCounts; nextCursor: string | null }> {
  const statuses = LIVE_FILTER_STATUSES[query.filter];
  const list = db
    // Distinct result names: a D1 batch answers rows as objects, where a second "id" would overwrite the first.
    .select({
      delivery: deliveries,
      riderRefId: sql<string | null>`${riders.id}`.as("rider_ref_id"),
      riderFirstName: sql<string | null>`${riders.firstName}`.as("rider_first_name"),
      riderLastName: sql<string | null>`${riders.lastName}`.as("rider_last_name"),
    })
    .from(deliveries)
    .leftJoin(riders, eq(riders.id, deliveries.riderId))
    .where(and(statuses ? inArray(deliveries.status, [...statuses]) : undefined, afterCursor(query.cursor)))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(query.limit + 1);
  const undelivered = db
    .select({ status: deliveries.status, n: count() })
    .from(deliveries)
    .where(ne(deliveries.status, "delivered"))
    .groupBy(deliveries.status);
  const delivered = db.select({ n: sum(dailyTotals.deliveredCount) }).from(dailyTotals);
  const [rows, statusCounts, [deliveredTotal]] = await db.batch([list, undelivered, delivered]);
  const byStatus: Partial<Record<DeliveryStatus, number>> = { delivered: Number(deliveredTotal?.n ?? 0) };
  for (const row of statusCounts) byStatus[row.status] = row.n;
  const page = toPage(rows, query.limit, (row) => row.delivery);
  return {
    nextCursor: page.nextCursor,
    deliveries: page.items.map(({ delivery, riderRefId, riderFirstName, riderLastName }) =>
      toDeliveryView(
        delivery,
        riderRefId ? toRiderSummary({ id: riderRefId, firstName: riderFirstName, lastName: riderLastName }) : null,
      ),
    ),
    counts: liveCounts(byStatus),
  };
}
