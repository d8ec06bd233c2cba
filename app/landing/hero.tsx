import { useT } from "~/i18n/i18n";
import { ScrollLink } from "~/public/scroll-link";

/**
 * Both buttons scroll to the Get Started section (spec section 2). They are plain in-page links, so
 * they work without JavaScript; with it they scroll smoothly.
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
          <ScrollLink targetId="register" className="button button-large button-light">
            {t("landing.hero.ride")}
          </ScrollLink>
        </div>
      </div>
    </section>
  );
}
