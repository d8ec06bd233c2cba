import type { AdminStats } from "./stats.server";
import { ratingText } from "~/ledger/figures-format";
import { useT } from "~/i18n/i18n";
import { formatPesoAmount } from "~/money/money";

/** The admin dashboard's computed-figure cards: Top Riders Today, Delivery Metrics, Riders Online. */

/** A rider's name, or `unnamed` (the page's words for a rider without one). */
export const fullName = (person: { firstName: string | null; lastName: string | null }, unnamed: string) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ") || unnamed;

export function TopRiders({ stats }: { stats: AdminStats }) {
  const t = useT();
  return (
    <section className="card admin-card">
      <h2>{t("admin.top.heading")}</h2>
      {stats.topRiders.length === 0 ? (
        <p className="muted">{t("admin.top.empty")}</p>
      ) : (
        <ol className="admin-top-riders">
          {stats.topRiders.map((top) => (
            <li key={top.rider.id} data-rider-id={top.rider.id}>
              <span className="admin-top-name">{fullName(top.rider, t("admin.unnamedRider"))}</span>
              <span className="muted">
                {t("admin.top.deliveries", { count: top.deliveryCount })} ·{" "}
                <span data-testid="top-rider-rating">
                  {top.rating === null ? t("admin.top.noRatings") : `★ ${ratingText(top.rating)}`}
                </span>
              </span>
              <span className="admin-top-earnings">{formatPesoAmount(top.earnings)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** docs/guide/what-is-true.md: over the last 7 Manila days; each figure says "No data yet" without data. */
export function DeliveryMetrics({ metrics }: { metrics: AdminStats["metrics"] }) {
  const t = useT();
  const noData = t("admin.noData");
  const lines = [
    {
      label: t("admin.metrics.averageTime"),
      value:
        metrics.averageDeliveryMinutes === null
          ? noData
          : t("admin.metrics.minutes", { minutes: metrics.averageDeliveryMinutes }),
    },
    {
      label: t("admin.metrics.successRate"),
      value: metrics.successRate === null ? noData : `${metrics.successRate.toFixed(1)}%`,
    },
    {
      label: t("admin.metrics.satisfaction"),
      value: metrics.satisfaction === null ? noData : `${metrics.satisfaction.toFixed(1)}/5.0`,
    },
  ];
  return (
    <section className="card admin-card" data-testid="delivery-metrics">
      <h2>{t("admin.metrics.heading")}</h2>
      <dl className="figure-list">
        {lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted admin-note">{t("admin.metrics.note", { count: metrics.ratingCount })}</p>
    </section>
  );
}

/** Who is online now: riders who chose online and were heard from in the last 10 minutes. */
export function OnlineRiders({ riders }: { riders: AdminStats["onlineRiders"] }) {
  const t = useT();
  return (
    <section className="card admin-card" data-testid="online-riders">
      <h2>{t("admin.online.heading")}</h2>
      {riders.length === 0 ? (
        <p className="muted">{t("admin.online.empty")}</p>
      ) : (
        <ul className="admin-online-riders">
          {riders.map((rider) => (
            <li key={rider.id}>{fullName(rider, t("admin.unnamedRider"))}</li>
          ))}
        </ul>
      )}
      <p className="muted admin-note">{t("admin.online.note")}</p>
    </section>
  );
}
