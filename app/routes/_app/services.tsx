import { useT } from "~/i18n/i18n";

const SERVICES = [
  { icon: "📦", id: "fast" },
  { icon: "🤝", id: "ownership" },
  { icon: "🏘️", id: "community" },
] as const;

/** Our Services: three cards. */
export function Services({ figures }: { figures: Record<string, string> }) {
  const t = useT();
  return (
    <section className="landing-section" aria-labelledby="services-heading">
      <h2 id="services-heading" className="section-heading">
        {t("landing.services.heading")}
      </h2>
      <ul className="grid grid-3 plain-list">
        {SERVICES.map((service) => (
          <li key={service.id} className="card feature-card">
            <span className="feature-icon" aria-hidden="true">
              {service.icon}
            </span>
            <h3>{t(`landing.services.${service.id}.title`)}</h3>
            <p className="muted">{t(`landing.services.${service.id}.text`, figures)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
