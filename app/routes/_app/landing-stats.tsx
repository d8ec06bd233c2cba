import { useT } from "~/i18n/i18n";
import { RIDER_SHARE_PERCENT } from "~/money/fee-split";

/** The at-a-glance figures claimed by the landing page. */
export const LANDING_STATS = [
  { value: "99.9%", label: "safety" },
  { value: "24/7", label: "availability" },
  { value: "nationwide", label: "coverage" },
  { value: `${RIDER_SHARE_PERCENT}%`, label: "riderShare" },
] as const;

export function Stats() {
  const t = useT();
  return (
    <section className="landing-stats" aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="visually-hidden">
        {t("landing.stats.heading")}
      </h2>
      <dl className="stats-grid">
        {LANDING_STATS.map((stat) => (
          <div key={stat.label} className="stat">
            <dt className="stat-label">{t(`landing.stats.${stat.label}`)}</dt>
            <dd className="stat-value">{stat.value === "nationwide" ? t("landing.stats.nationwide") : stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
