import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";

const POINTS = ["share", "earn", "insurance", "vote"] as const;

/** The rider recruitment block of the landing page, leading to /become-rider. */
export function RiderRecruitment({ figures }: { figures: Record<string, string> }) {
  const t = useT();
  return (
    <section className="landing-section recruit" aria-labelledby="recruit-heading">
      <div className="recruit-inner">
        <div>
          <h2 id="recruit-heading" className="section-heading">
            {t("landing.recruit.heading")}
          </h2>
          <p>{t("landing.recruit.lead", figures)}</p>
          <ul className="check-list">
            {POINTS.map((point) => (
              <li key={point}>{t(`landing.recruit.point.${point}`, figures)}</li>
            ))}
          </ul>
        </div>
        <div className="recruit-actions">
          <Link to="/become-rider" className="button button-large">
            {t("landing.recruit.learn")}
          </Link>
          <Link to="/become-rider#application-form" className="button button-large button-light">
            {t("landing.recruit.apply")}
          </Link>
        </div>
      </div>
    </section>
  );
}
