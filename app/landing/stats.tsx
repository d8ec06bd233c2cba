/** The at-a-glance figures claimed by the landing page (spec section 1). */
export const LANDING_STATS = [
  { value: "99.9%", label: "Safety record" },
  { value: "24/7", label: "Availability" },
  { value: "Nationwide", label: "Coverage" },
  { value: "85%", label: "Of every fee goes to the rider" },
] as const;

export function Stats() {
  return (
    <section className="landing-stats" aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="visually-hidden">
        At a glance
      </h2>
      <dl className="stats-grid">
        {LANDING_STATS.map((stat) => (
          <div key={stat.label} className="stat">
            <dt className="stat-label">{stat.label}</dt>
            <dd className="stat-value">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
