import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import { StatCard } from "~/components/stat-card";
import { ratingText } from "~/ledger/figures-format";
import { FormErrors } from "~/forms/form-errors";
import { useT } from "~/i18n/i18n";
import { formatPesos, formatPesosShort } from "~/money/money";
import { useRiderDeliveryQueue, WaitingForSignal } from "~/offline/use-rider-delivery-queue";
import { formatHour } from "~/pricing/peak";
import { ActiveDeliveryItem } from "~/riders/active-delivery-item";
import { AvailableDeliveryItem } from "./available-delivery-item";
import { MembershipCard } from "./membership-card";
import { PerformanceCard } from "~/riders/performance-card";
import { RecentHistory } from "./recent-history";
import type { DashboardData, riderDashboardLoader as loader } from "./route.server";
import { AvailabilitySwitch, RiderQuickActions } from "./rider-quick-actions";
import { formErrorsOf, type Answer } from "~/riders/rider-step-forms";
import { SuspendedNotice } from "./suspended-notice";
import { WeekCard } from "./week-card";
import riderStyles from "~/styles/rider.css";
import { useUser } from "~/auth/use-user";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: riderStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Rider Dashboard · Hatid" },
];

/** The available list refreshes every 30 s. */
const AVAILABLE_POLL_MS = 30_000;

export { riderDashboardLoader as loader, riderDashboardAction as action } from "./route.server";

export default function RiderDashboardPage() {
  const data = useLoaderData<typeof loader>() as ReturnType<typeof useLoaderData<typeof loader>> & {
    suspension?: string;
  };
  if ("suspension" in data && data.suspension) return <SuspendedNotice message={data.suspension} />;
  if (!("dashboard" in data) || !data.dashboard) return null;
  return <RiderDashboard dashboard={data.dashboard} />;
}

function RiderDashboard({ dashboard }: { dashboard: DashboardData }) {
  const { available, active, history, earnings, figures, online, membership, peak } = dashboard;
  const t = useT();
  const revalidator = useRevalidator();
  // Every button is a form posting to this page's action (works before JavaScript); with JavaScript
  // and no signal, the offline queue keeps a step on the phone and sends it when the signal returns.
  const user = useUser();
  const deliveryQueue = useRiderDeliveryQueue(user.id, () => revalidator.revalidate());
  const keep = (fields: FormData) => void deliveryQueue.fromForm(fields);
  // A refusal answered to a form posted without JavaScript (with it, each form shows its own).
  const refused = formErrorsOf(useActionData<Answer>());
  const refreshing = revalidator.state === "loading";

  const refresh = useCallback(() => {
    // Offline, a reload of the data would fail: the page keeps what it shows until the signal returns.
    if (revalidator.state === "idle" && navigator.onLine) revalidator.revalidate();
  }, [revalidator]);

  // Available Deliveries: polled every 30 s while the page is visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, AVAILABLE_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <main className="page rider-dashboard">
      <h1>{t("rider.dashboard.title")}</h1>
      <FormErrors errors={refused} className="field-errors rider-refused" />
      {peak ? (
        <p className="peak-banner" role="status" data-testid="peak-banner">
          {t("rider.peak.banner", { amount: formatPesosShort(peak.surcharge), until: formatHour(peak.endHour) })}
        </p>
      ) : null}

      <section className="grid grid-4 rider-stats" aria-label={t("rider.dashboard.glance")}>
        <StatCard
          label={t("rider.stat.todayEarnings")}
          value={formatPesos(earnings.today)}
          testId="stat-today-earnings"
        />
        <StatCard
          label={t("rider.stat.active")}
          value={String(active.length)}
          note={online ? t("rider.stat.nearby", { count: available.length }) : t("rider.toast.offline")}
          testId="stat-active-deliveries"
        />
        <StatCard
          label={t("rider.stat.completedToday")}
          value={String(earnings.completedToday)}
          testId="stat-completed-today"
        />
        <StatCard
          label={t("rider.stat.rating")}
          value={figures.rating === null ? t("rider.performance.noData") : ratingText(figures.rating)}
          note={figures.ratingCount > 0 ? t("rider.stat.ratingNote", { count: figures.ratingCount }) : undefined}
          testId="stat-rating"
        />
      </section>

      <div className="rider-layout">
        <div className="rider-main">
          <section className="card" id="available-deliveries" aria-labelledby="available-title" aria-busy={refreshing}>
            <div className="rider-card-head">
              <h2 id="available-title">{t("rider.available.title")}</h2>
              <button type="button" className="button button-secondary" onClick={refresh} disabled={refreshing}>
                {refreshing ? t("rider.available.refreshing") : t("rider.available.refresh")}
              </button>
            </div>
            {!online ? (
              <AvailabilitySwitch online={false} />
            ) : available.length === 0 ? (
              <p className="muted">{t("rider.available.none")}</p>
            ) : (
              <ul className="rider-list">
                {available.map((delivery) => {
                  const waiting = deliveryQueue.waiting(delivery.id);
                  return (
                    <AvailableDeliveryItem
                      key={delivery.id}
                      delivery={delivery}
                      busy={waiting.length > 0}
                      notice={<WaitingForSignal actions={waiting} isSending={deliveryQueue.isSending} />}
                      onOffline={keep}
                    />
                  );
                })}
              </ul>
            )}
          </section>

          <section className="card" id="active-deliveries" aria-labelledby="active-title">
            <h2 id="active-title">{t("rider.active.title")}</h2>
            {active.length === 0 ? (
              <p className="muted">{t("rider.active.none")}</p>
            ) : (
              <ul className="rider-list">
                {active.map((delivery) => {
                  const waiting = deliveryQueue.waiting(delivery.id);
                  return (
                    <ActiveDeliveryItem
                      key={delivery.id}
                      delivery={delivery}
                      busy={waiting.length > 0}
                      notice={<WaitingForSignal actions={waiting} isSending={deliveryQueue.isSending} />}
                      onOffline={keep}
                    />
                  );
                })}
              </ul>
            )}
          </section>
        </div>

        <aside className="rider-side" aria-label={t("rider.dashboard.cooperative")}>
          <RiderQuickActions online={online} />

          <WeekCard earnings={earnings} />

          <PerformanceCard figures={figures} />
          <MembershipCard membership={membership} />
        </aside>
      </div>

      <RecentHistory history={history} />
    </main>
  );
}
