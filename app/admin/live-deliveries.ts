import { z } from "zod";
import { CURSOR_INVALID, decodeCursor } from "~/http/cursor";
import { encodeMessage } from "~/i18n/message";
import type { DeliveryStatus } from "~/db/schema";

/**
 * The admin Live Deliveries filters (docs/guide/deliveries.md#statuses: In Progress holds assigned,
 * picked_up and in_transit, like the rider's active list). All includes cancelled deliveries.
 * Shared by the page and `GET /api/admin/deliveries`.
 */
export const LIVE_FILTERS = ["all", "pending", "in_progress", "completed"] as const;
export type LiveFilter = (typeof LIVE_FILTERS)[number];

/** null: every status. */
export const LIVE_FILTER_STATUSES: Record<LiveFilter, readonly DeliveryStatus[] | null> = {
  all: null,
  pending: ["pending"],
  in_progress: ["assigned", "picked_up", "in_transit", "returning"],
  completed: ["delivered"],
};

/** The API answers pages of 20 by default and 100 at most; the page shows 10. */
const LIVE_DELIVERIES_MAX = 100;
const LIVE_DELIVERIES_DEFAULT = 20;
export const LIVE_DELIVERIES_SHOWN = 10;

/** The dashboard's auto-refresh periods: stats every 30 s, deliveries every 15 s. */
export const STATS_REFRESH_MS = 30_000;
export const DELIVERIES_REFRESH_MS = 15_000;

const LIMIT_INVALID = encodeMessage("server.admin.limitInvalid", { min: 1, max: LIVE_DELIVERIES_MAX });

export const liveDeliveriesQuerySchema = z.object({
  filter: z
    .enum(LIVE_FILTERS, { errorMap: () => ({ message: encodeMessage("server.admin.filterInvalid") }) })
    .default("all"),
  limit: z.coerce
    .number({ invalid_type_error: LIMIT_INVALID })
    .int(LIMIT_INVALID)
    .min(1, LIMIT_INVALID)
    .max(LIVE_DELIVERIES_MAX, LIMIT_INVALID)
    .default(LIVE_DELIVERIES_DEFAULT),
  /** Opaque keyset cursor from a previous page's `nextCursor` (see app/http/paging.server.ts). */
  cursor: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return null;
      const cursor = decodeCursor(value);
      if (!cursor) ctx.addIssue({ code: "custom", message: CURSOR_INVALID });
      return cursor;
    }),
});
export type LiveDeliveriesQuery = z.infer<typeof liveDeliveriesQuerySchema>;

export interface LiveCounts {
  all: number;
  pending: number;
  inProgress: number;
  completed: number;
}

export const LIVE_COUNT_KEYS: Record<LiveFilter, keyof LiveCounts> = {
  all: "all",
  pending: "pending",
  in_progress: "inProgress",
  completed: "completed",
};

/** Counts per filter from counts per status. */
export function liveCounts(byStatus: Partial<Record<DeliveryStatus, number>>): LiveCounts {
  const sum = (statuses: readonly DeliveryStatus[]) =>
    statuses.reduce((total, status) => total + (byStatus[status] ?? 0), 0);
  return {
    all: Object.values(byStatus).reduce((a, b) => a + (b ?? 0), 0),
    pending: sum(LIVE_FILTER_STATUSES.pending!),
    inProgress: sum(LIVE_FILTER_STATUSES.in_progress!),
    completed: sum(LIVE_FILTER_STATUSES.completed!),
  };
}
