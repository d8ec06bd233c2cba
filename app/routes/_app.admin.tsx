import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { formatPesoAmount } from "~/money/money";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { listLiveDeliveries } from "~/admin/live-deliveries.server";
import { DELIVERIES_REFRESH_MS, LIVE_DELIVERIES_SHOWN, STATS_REFRESH_MS, type LiveFilter } from "~/admin/live-deliveries";
import { DeliveryMetrics, OnlineRiders, TopRiders } from "~/admin/figure-cards";
import { NoCodeHandovers } from "~/admin/no-code-handovers";
import { listNoCodeHandovers, type NoCodeHandover } from "~/admin/no-code-handovers.server";
import { adminStats, type AdminStats } from "~/admin/stats.server";
import { adminPageAccess } from "~/admin/admin-page.server";
import { adminMeta } from "~/admin/admin-page";
import { AccessDenied } from "~/components/access-denied";
import { getDb } from "~/db/client.server";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { ApiError, apiRequest } from "~/http/api-client";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";

import { AdminQuickActions } from "~/admin/admin-quick-actions";
import { CoopFundAllocation } from "~/admin/fund-allocation-card";
import { LiveDeliveries, type LiveList } from "~/admin/live-deliveries-card";
import { ProfitSharing } from "~/admin/profit-sharing-card";
import { StatCard } from "~/components/stat-card";
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = adminMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { title: "admin.title.dashboard" });
  if (denied) return denied;
  // Signed out: the layout shows the landing page; this page's data is never read.
  if (!user) return { allowed: true as const, initial: null, ...page };
  const now = Date.now();
  const [stats, live, noCodeHandovers] = await Promise.all([
    adminStats(env.DB, now),
    listLiveDeliveries(getDb(env.DB), { filter: "all", limit: LIVE_DELIVERIES_SHOWN, cursor: null }),
    listNoCodeHandovers(getDb(env.DB)),
  ]);
  return { allowed: true as const, initial: { stats, live, now, noCodeHandovers }, ...page };
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  if (!data.initial) return null;
  return <AdminPanel initial={data.initial} />;
}

const liveUrl = (filter: LiveFilter) => `/api/admin/deliveries?filter=${filter}&limit=${LIVE_DELIVERIES_SHOWN}`;

function AdminPanel({ initial }: { initial: { stats: AdminStats; live: LiveList; now: number; noCodeHandovers: NoCodeHandover[] } }) {
  const [stats, setStats] = useState(initial.stats);
  const [live, setLive] = useState(initial.live);
  const [filter, setFilter] = useState<LiveFilter>("all");
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [now, setNow] = useState(initial.now);
  const [problem, setProblem] = useState<"sessionExpired" | "refreshFailed" | null>(null);
  const t = useT();
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const report = (error: unknown) =>
    setProblem(error instanceof ApiError && error.isUnauthorized ? "sessionExpired" : "refreshFailed");

  const refreshStats = useCallback(async () => {
    try {
      setStats(await apiRequest<AdminStats>("GET", "/api/admin/stats"));
      setProblem(null);
    } catch (error) {
      report(error);
    }
  }, []);

  const refreshDeliveries = useCallback(async (wanted: LiveFilter) => {
    try {
      const answer = await apiRequest<LiveList>("GET", liveUrl(wanted));
      if (filterRef.current !== wanted) return; // the tab changed meanwhile
      setLive(answer);
      setNow(Date.now());
      setProblem(null);
    } catch (error) {
      report(error);
    }
  }, []);

  // Auto-refresh (spec section 4 and 9): on by default, stats every 30 s and deliveries every 15 s;
  // switched off, no request is made at all.
  useEffect(() => {
    if (!autoRefresh) return;
    const timer = setInterval(refreshStats, STATS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [autoRefresh, refreshStats]);
  useEffect(() => {
    if (!autoRefresh) return;
    const timer = setInterval(() => refreshDeliveries(filterRef.current), DELIVERIES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [autoRefresh, refreshDeliveries]);

  // "N mins ago" keeps counting between refreshes without asking the server.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const chooseFilter = (next: LiveFilter) => {
    if (next === filter) return;
    setFilter(next);
    filterRef.current = next;
    void refreshDeliveries(next);
  };

  const toggleAutoRefresh = (on: boolean) => {
    setAutoRefresh(on);
    if (on) {
      void refreshStats();
      void refreshDeliveries(filterRef.current);
    }
  };

  return (
    <main className="page admin-page">
      <h1>{t("admin.panel.heading")}</h1>
      {problem ? (
        <p className="admin-problem" role="alert">
          {t(`admin.panel.${problem}`)}
        </p>
      ) : null}

      <section className="grid grid-4 admin-stats" aria-label={t("admin.stats.label")}>
        <StatCard label={t("admin.stats.todayDeliveries")} value={String(stats.todayDeliveries)} testId="stat-today-deliveries" />
        <StatCard label={t("admin.stats.activeRiders")} value={String(stats.activeRiders)} testId="stat-active-riders" />
        <StatCard label={t("admin.stats.revenueToday")} value={formatPesoAmount(stats.todayRevenue)} testId="stat-revenue-today" />
        <StatCard label={t("admin.stats.memberBenefitsFund")} value={formatPesoAmount(stats.memberBenefitsFund)} testId="stat-member-benefits-fund" />
      </section>

      <div className="page-columns">
        <LiveDeliveries
          live={live}
          filter={filter}
          onFilter={chooseFilter}
          autoRefresh={autoRefresh}
          onAutoRefresh={toggleAutoRefresh}
          now={now}
          onChanged={() => {
            void refreshDeliveries(filterRef.current);
            void refreshStats();
          }}
        />
        <div className="admin-side">
          <ProfitSharing stats={stats} />
          <TopRiders stats={stats} />
          <DeliveryMetrics metrics={stats.metrics} />
          <OnlineRiders riders={stats.onlineRiders} />
          <CoopFundAllocation stats={stats} />
          <NoCodeHandovers handovers={initial.noCodeHandovers} />
          <AdminQuickActions />
        </div>
      </div>
    </main>
  );
}

