import type { AdminStats } from "~/admin/stats.server";
import { NO_DATA, ratingText } from "~/earnings/figures-format";
import { formatPesos, pesosToCentavos } from "~/money/money";

/** The admin dashboard's computed-figure cards: Top Riders Today, Delivery Metrics, Riders Online. */

const pesos = (amount: number) => formatPesos(pesosToCentavos(amount));
export const fullName = (person: { firstName: string | null; lastName: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ") || "Unnamed rider";

export function TopRiders({ stats }: { stats: AdminStats }) {
  return (
    <section className="card admin-card">
      <h2>Top Riders Today</h2>
      {stats.topRiders.length === 0 ? (
        <p className="muted">No deliveries completed today yet.</p>
      ) : (
        <ol className="admin-top-riders">
          {stats.topRiders.map((top) => (
            <li key={top.rider.id} data-rider-id={top.rider.id}>
              <span className="admin-top-name">{fullName(top.rider)}</span>
              <span className="muted">
                {top.deliveryCount} {top.deliveryCount === 1 ? "delivery" : "deliveries"} ·{" "}
                <span data-testid="top-rider-rating">{top.rating === null ? "no ratings yet" : `★ ${ratingText(top.rating)}`}</span>
              </span>
              <span className="admin-top-earnings">{pesos(top.earnings)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** PRODUCT.md: over the last 7 Manila days; each figure says "No data yet" without data. */
export function DeliveryMetrics({ metrics }: { metrics: AdminStats["metrics"] }) {
  const lines = [
    { label: "Average Delivery Time", value: metrics.averageDeliveryMinutes === null ? NO_DATA : `${metrics.averageDeliveryMinutes} mins` },
    { label: "Success Rate", value: metrics.successRate === null ? NO_DATA : `${metrics.successRate.toFixed(1)}%` },
    { label: "Customer Satisfaction", value: metrics.satisfaction === null ? NO_DATA : `${metrics.satisfaction.toFixed(1)}/5.0` },
  ];
  return (
    <section className="card admin-card" data-testid="delivery-metrics">
      <h2>Delivery Metrics</h2>
      <dl className="figure-list">
        {lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted admin-note">
        Last 7 days (Manila time), from booking to delivery; satisfaction from {metrics.ratingCount}{" "}
        {metrics.ratingCount === 1 ? "rating" : "ratings"}.
      </p>
    </section>
  );
}

/** Who is online now: riders who chose online and were heard from in the last 10 minutes. */
export function OnlineRiders({ riders }: { riders: AdminStats["onlineRiders"] }) {
  return (
    <section className="card admin-card" data-testid="online-riders">
      <h2>Riders Online</h2>
      {riders.length === 0 ? (
        <p className="muted">No rider is online right now.</p>
      ) : (
        <ul className="admin-online-riders">
          {riders.map((rider) => (
            <li key={rider.id}>{fullName(rider)}</li>
          ))}
        </ul>
      )}
      <p className="muted admin-note">A rider not heard from for 10 minutes counts as offline.</p>
    </section>
  );
}
