import { Link } from "@remix-run/react";
import { useT } from "~/i18n/i18n";
import { ScrollLink } from "~/public/scroll-link";

/**
 * Book a Delivery scrolls to the Get Started section; Become a Rider opens
 * /become-rider, where a rider applies (signing in does not make anyone a rider: decision 0210).
 * Plain links, so they work without JavaScript (the landing carries none of React's).
 */
export function Hero({ figures }: { figures: Record<string, string> }) {
  const t = useT();
  return (
    <section className="landing-hero" aria-labelledby="hero-heading">
      <div className="landing-hero-inner">
        <p className="eyebrow">{t("common.brand.tagline")}</p>
        <h1 id="hero-heading">{t("landing.hero.title")}</h1>
        <p className="landing-hero-lead">{t("landing.hero.lead", figures)}</p>
        <div className="landing-hero-actions">
          <ScrollLink targetId="register" className="button button-large">
            {t("landing.hero.book")}
          </ScrollLink>
          <Link to="/become-rider" className="button button-large button-light">
            {t("landing.hero.ride")}
          </Link>
        </div>
      </div>
    </section>
  );
}
