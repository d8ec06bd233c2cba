import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { formatPesoAmount } from "~/money/money";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { LiveFilter } from "~/admin/live-deliveries";
import { useDashboardRefresh } from "./use-dashboard-refresh";
import type { AssignableRider } from "./delivery-controls";
import { DeliveryMetrics, OnlineRiders, TopRiders } from "~/admin/figure-cards";
import { NoCodeHandovers } from "./no-code-handovers";
import type { NoCodeHandover } from "./no-code-handovers.server";
import type { AdminStats } from "~/admin/stats.server";
import { adminMeta } from "~/admin/admin-page";
import { useT } from "~/i18n/i18n";
import adminStyles from "~/styles/admin.css";
import { AdminQuickActions } from "./admin-quick-actions";
import { CoopFundAllocation } from "./fund-allocation-card";
import { LiveDeliveries, type LiveList } from "./live-deliveries-card";
import { ProfitSharing } from "./profit-sharing-card";
import { StatCard } from "~/components/stat-card";
import type { adminDashboardLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = adminMeta;

export { adminDashboardLoader as loader, adminDashboardAction as action } from "./route.server";

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  if (!data.initial) return null;
  return <AdminPanel {...data.initial} />;
}

type PanelData = {
  stats: AdminStats;
  live: LiveList;
  now: number;
  noCodeHandovers: NoCodeHandover[];
  filter: LiveFilter;
  cursor: string | null;
  riders: AssignableRider[];
  formKey: string;
  servicesMissing: number;
};

/**
 * The dashboard as the server rendered it (stats, live list, controls); with JavaScript it
 * refreshes itself while auto-refresh is on (useDashboardRefresh), and "N mins ago" keeps counting.
 */
function AdminPanel({
  stats,
  live: renderedLive,
  now: renderedAt,
  noCodeHandovers,
  filter,
  cursor,
  riders,
  formKey,
  servicesMissing,
}: PanelData) {
  const { autoRefresh, switchAutoRefresh, live, listFetchedAt } = useDashboardRefresh({
    live: renderedLive,
    filter,
    cursor,
    renderedAt,
  });
  const [tick, setTick] = useState(renderedAt);
  const t = useT();

  useEffect(() => setTick(renderedAt), [renderedAt]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  // "N mins ago" counts from the newest of: the page data, the last list fetched, the 30 s tick.
  const now = Math.max(tick, listFetchedAt ?? 0);

  return (
    <main className="page admin-page">
      <h1>{t("admin.panel.heading")}</h1>
      {servicesMissing > 0 ? (
        <p className="notice" role="alert">
          {t("admin.setupNotice.text", { count: servicesMissing })}{" "}
          <Link to="/admin/setup">{t("admin.setupNotice.link")}</Link>
        </p>
      ) : null}

      <section className="grid grid-4 admin-stats" aria-label={t("admin.stats.label")}>
        <StatCard
          label={t("admin.stats.todayDeliveries")}
          value={String(stats.todayDeliveries)}
          testId="stat-today-deliveries"
        />
        <StatCard
          label={t("admin.stats.activeRiders")}
          value={String(stats.activeRiders)}
          testId="stat-active-riders"
        />
        <StatCard
          label={t("admin.stats.revenueToday")}
          value={formatPesoAmount(stats.todayRevenue)}
          testId="stat-revenue-today"
        />
        <StatCard
          label={t("admin.stats.memberBenefitsFund")}
          value={formatPesoAmount(stats.memberBenefitsFund)}
          testId="stat-member-benefits-fund"
        />
      </section>

      <div className="page-columns">
        <LiveDeliveries
          live={live}
          filter={filter}
          olderPage={cursor !== null}
          autoRefresh={autoRefresh}
          onAutoRefresh={switchAutoRefresh}
          now={now}
          riders={riders}
          formKey={formKey}
        />
        <div className="admin-side">
          <ProfitSharing stats={stats} />
          <TopRiders stats={stats} />
          <DeliveryMetrics metrics={stats.metrics} />
          <OnlineRiders riders={stats.onlineRiders} />
          <CoopFundAllocation stats={stats} />
          <NoCodeHandovers handovers={noCodeHandovers} />
          <AdminQuickActions />
        </div>
      </div>
    </main>
  );
}
