import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { apiRequest } from "~/http/api-client";
import type { LiveList } from "./live-deliveries-card";
import {
  DELIVERIES_REFRESH_MS,
  LIVE_DELIVERIES_SHOWN,
  STATS_REFRESH_MS,
  type LiveFilter,
} from "~/admin/live-deliveries";

/**
 * The dashboard's auto-refresh (on by default, stats every 30 s, deliveries every
 * 15 s). Every 15 s the live list alone (the page of it on screen) comes from
 * `GET /api/admin/deliveries`; every 30 s the page's data is asked again, stats and list together. Each new page data (a refresh, a filter, an
 * action's answer) restarts both periods and wins over a list fetched before it. Without signal
 * nothing is asked (a failed page refresh would replace the dashboard with the error page). Switched
 * on again, it refreshes at once.
 */
export function useDashboardRefresh({
  live,
  filter,
  cursor,
  renderedAt,
}: {
  live: LiveList;
  filter: LiveFilter;
  cursor: string | null;
  renderedAt: number;
}) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  // The list fetched since the page data of `renderedAt` (a newer page data makes it stale).
  const [fetched, setFetched] = useState<{ live: LiveList; at: number; since: number } | null>(null);
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;

  useEffect(() => {
    if (!autoRefresh) return;
    let superseded = false;
    const stats = setInterval(() => {
      if (navigator.onLine && revalidatorRef.current.state === "idle") revalidatorRef.current.revalidate();
    }, STATS_REFRESH_MS);
    const list = setInterval(() => {
      if (!navigator.onLine) return;
      // The page of the list on screen: the first, or the one after `cursor` ("Older deliveries").
      const page = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      apiRequest<LiveList>("GET", `/api/admin/deliveries?filter=${filter}&limit=${LIVE_DELIVERIES_SHOWN}${page}`).then(
        (next) => {
          if (!superseded) setFetched({ live: next, at: Date.now(), since: renderedAt });
        },
        () => undefined, // no signal, or signed out: the next period tries again
      );
    }, DELIVERIES_REFRESH_MS);
    return () => {
      superseded = true;
      clearInterval(stats);
      clearInterval(list);
    };
  }, [autoRefresh, filter, cursor, renderedAt]);

  const switchAutoRefresh = (on: boolean) => {
    setAutoRefresh(on);
    if (on) revalidator.revalidate();
  };
  const current = fetched?.since === renderedAt ? fetched : null;
  return { autoRefresh, switchAutoRefresh, live: current?.live ?? live, listFetchedAt: current?.at ?? null };
}
