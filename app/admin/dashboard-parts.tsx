import { Link } from "@remix-run/react";
import { useId, useRef, type KeyboardEvent } from "react";
import { allocateCoopFund, COOP_FUND_ALLOCATION, LIVE_COUNT_KEYS, LIVE_DELIVERIES_SHOWN, LIVE_FILTERS, minutesSince, type LiveCounts, type LiveFilter } from "./live-deliveries";
import { fullName } from "./figure-cards";
import { DeliveryControls } from "./delivery-controls";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount, formatPesos, pesosToCentavos } from "~/money/money";
import type { AdminStats } from "./stats.server";
import { useAboutText } from "~/tracking/live-text";

/** The admin dashboard's cards (spec section 4, Coop Admin Panel), kept out of the route file. */
export interface LiveList {
  deliveries: DeliveryView[];
  counts: LiveCounts;
}

type FundKey = (typeof COOP_FUND_ALLOCATION)[number]["key"];

export function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="card admin-stat">
      <p className="admin-stat-label">{label}</p>
      <p className="admin-stat-value" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export function LiveDeliveries({
  live,
  filter,
  onFilter,
  autoRefresh,
  onAutoRefresh,
  now,
  onChanged,
}: {
  live: LiveList;
  filter: LiveFilter;
  onFilter: (filter: LiveFilter) => void;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  now: number;
  onChanged: () => void;
}) {
  const id = useId();
  const t = useT();
  const tabRefs = useRef<Partial<Record<LiveFilter, HTMLButtonElement | null>>>({});

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LIVE_FILTERS.indexOf(filter);
    const target =
      event.key === "ArrowRight"
        ? LIVE_FILTERS[(index + 1) % LIVE_FILTERS.length]
        : event.key === "ArrowLeft"
          ? LIVE_FILTERS[(index + LIVE_FILTERS.length - 1) % LIVE_FILTERS.length]
          : event.key === "Home"
            ? LIVE_FILTERS[0]
            : event.key === "End"
              ? LIVE_FILTERS[LIVE_FILTERS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    onFilter(target);
    tabRefs.current[target]?.focus();
  };

  const shown = live.deliveries.slice(0, LIVE_DELIVERIES_SHOWN);
  return (
    <section className="card admin-live" aria-labelledby={`${id}-heading`}>
      <div className="admin-live-head">
        <h2 id={`${id}-heading`}>{t("admin.live.heading")}</h2>
        <label className="admin-switch">
          <input type="checkbox" role="switch" checked={autoRefresh} onChange={(event) => onAutoRefresh(event.target.checked)} />
          <span className="admin-switch-track" aria-hidden="true" />
          <span>{t("admin.live.autoRefresh")}</span>
        </label>
      </div>
      <div role="tablist" aria-label={t("admin.live.filterLabel")} className="admin-tabs">
        {LIVE_FILTERS.map((f) => (
          <button
            key={f}
            ref={(el) => {
              tabRefs.current[f] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${f}`}
            aria-selected={f === filter}
            aria-controls={`${id}-panel`}
            tabIndex={f === filter ? 0 : -1}
            data-filter={f}
            className="admin-tab"
            onClick={() => onFilter(f)}
            onKeyDown={onTabKey}
          >
            {t(`admin.live.filter.${f}`)} <span className="admin-tab-count">{live.counts[LIVE_COUNT_KEYS[f]]}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${filter}`} className="admin-live-scroll" tabIndex={0}>
        {shown.length === 0 ? (
          <p className="muted admin-empty">{t("admin.live.empty")}</p>
        ) : (
          <ul className="admin-live-list">
            {shown.map((delivery) => (
              <LiveItem key={delivery.id} delivery={delivery} now={now} onChanged={onChanged} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const PICKED_UP: DeliveryView["status"][] = ["picked_up", "in_transit", "delivered"];

function LiveItem({ delivery, now, onChanged }: { delivery: DeliveryView; now: number; onChanged: () => void }) {
  const t = useT();
  const about = useAboutText();
  const minutes = minutesSince(delivery.createdAt, now);
  const pickup = `${delivery.pickupAddress}, ${delivery.pickupCity}`;
  const pickedUp = PICKED_UP.includes(delivery.status);
  return (
    <li className="admin-live-item" data-testid="live-item" data-delivery-id={delivery.id}>
      <div className="admin-live-row">
        <span className="admin-live-id">{`#${deliveryIdTail(delivery.id)}`}</span>
        <StatusBadge status={delivery.status} />
        <span className="admin-live-fee">{formatPesoAmount(delivery.totalFee)}</span>
      </div>
      <div className="admin-live-meta muted">
        {delivery.rider ? <span className="admin-live-rider">{fullName(delivery.rider, t("admin.unnamedRider"))}</span> : null}
        <span>{minutes === 0 ? t("admin.live.justNow") : t("admin.live.minutesAgo", { minutes })}</span>
        {delivery.distance ? <span>{about(`${delivery.distance} km`, delivery.approximate)}</span> : null}
      </div>
      <p className="admin-live-line" data-testid="pickup-line">
        <span className="admin-live-label">{t("admin.live.pickup")}</span> {pickedUp ? <s>{pickup}</s> : pickup}
      </p>
      <p className="admin-live-line">
        <span className="admin-live-label">{t("admin.live.dropoff")}</span> {delivery.dropoffAddress}, {delivery.dropoffCity}
      </p>
      <DeliveryControls delivery={delivery} onChanged={onChanged} />
    </li>
  );
}

/**
 * Profit Sharing, per period (decision 0183): Revenue (what customers paid) = Rider share (85% plus
 * peak bonuses) + Coop share (operations + member benefits), with the ID discounts, promo cost and
 * peak bonuses as their own lines.
 */
export function ProfitSharing({ stats }: { stats: AdminStats }) {
  const t = useT();
  const rows = [
    { period: t("admin.profit.today"), key: "today", lines: stats.today, coop: stats.todayCoopShare },
    { period: t("admin.profit.thisMonth"), key: "month", lines: stats.month, coop: stats.monthCoopShare },
  ];
  return (
    <section className="card admin-card">
      <h2>{t("admin.profit.heading")}</h2>
      {rows.map((row) => {
        const figures = [
          { label: t("admin.profit.revenue"), amount: row.lines.revenue, id: "revenue" },
          { label: t("admin.profit.riderShare"), amount: row.lines.riderShare, id: "rider-share" },
          { label: t("admin.profit.coopShare"), amount: row.coop, id: "coop-share" },
          { label: t("admin.profit.operations"), amount: row.lines.operations, id: "operations", sub: true },
          { label: t("admin.profit.memberBenefits"), amount: row.lines.memberBenefits, id: "member-benefits", sub: true },
          { label: t("admin.profit.idDiscounts"), amount: row.lines.idDiscounts, id: "id-discounts" },
          { label: t("admin.profit.promoCost"), amount: row.lines.promoCost, id: "promo-cost" },
          { label: t("admin.profit.peakBonuses"), amount: row.lines.peakBonuses, id: "peak-bonuses" },
        ];
        return (
          <div key={row.key} className="admin-split" data-testid={`profit-${row.key}`}>
            <h3>{row.period}</h3>
            <dl className="figure-list">
              {figures.map((figure) => (
                <div key={figure.id} className={figure.sub ? "figure-sub" : undefined}>
                  <dt>{figure.label}</dt>
                  <dd data-testid={`profit-${row.key}-${figure.id}`}>{formatPesoAmount(figure.amount)}</dd>
                </div>
              ))}
            </dl>
          </div>
        );
      })}
    </section>
  );
}

/** The month's fund allocation (40/25/15/20) splits what the Member Benefits Fund actually took in this month. */
export function CoopFundAllocation({ stats }: { stats: AdminStats }) {
  const t = useT();
  const parts = allocateCoopFund(pesosToCentavos(stats.monthFundIntake));
  return (
    <section className="card admin-card">
      <h2>{t("admin.fund.heading")}</h2>
      <p className="muted" data-testid="fund-month-intake">{t("admin.fund.monthIntake", { amount: formatPesoAmount(stats.monthFundIntake) })}</p>
      <dl className="figure-list">
        {parts.map((part) => (
          <div key={part.key}>
            <dt>{t("admin.fund.part", { label: t(`admin.fund.${part.key as FundKey}`), percent: part.percent })}</dt>
            <dd>{formatPesos(part.amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The spec's Quick Actions: those with a page link to it; the rest are shown, disabled, and said so. */
const QUICK_ACTIONS = ["riders", "reports", "partners", "idDiscounts", "settings"] as const;
const QUICK_ACTION_PAGES: Record<(typeof QUICK_ACTIONS)[number], string | undefined> = {
  riders: "/admin/riders",
  partners: "/admin/partners",
  idDiscounts: "/admin/id-discounts",
  reports: "/admin/reports",
  settings: "/admin/settings",
};

export function QuickActions() {
  const id = useId();
  const t = useT();
  return (
    <section className="card admin-card">
      <h2>{t("admin.quick.heading")}</h2>
      <div className="admin-actions">
        {QUICK_ACTIONS.map((action) => {
          const to = QUICK_ACTION_PAGES[action];
          return to ? (
            <Link key={action} to={to} className="button button-secondary">
              {t(`admin.quick.${action}`)}
            </Link>
          ) : (
            <button key={action} type="button" className="button button-secondary" disabled aria-describedby={`${id}-note`}>
              {t(`admin.quick.${action}`)}
            </button>
          );
        })}
      </div>
      <p>
        <Link to="/admin/cashouts">{t("admin.quick.cashouts")}</Link>
      </p>
      {QUICK_ACTIONS.some((action) => !QUICK_ACTION_PAGES[action]) ? (
        <p id={`${id}-note`} className="muted admin-note">
          {t("admin.quick.comingSoon")}
        </p>
      ) : null}
    </section>
  );
}
