import { BRAND_TAGLINE } from "~/components/brand";
import { ScrollLink } from "~/public/scroll-link";

/**
 * Both buttons scroll to the Get Started section (spec section 2). They are plain in-page links, so
 * they work without JavaScript; with it they scroll smoothly.
 */
export function Hero() {
  return (
    <section className="landing-hero" aria-labelledby="hero-heading">
      <div className="landing-hero-inner">
        <p className="eyebrow">{BRAND_TAGLINE}</p>
        <h1 id="hero-heading">Deliveries by riders who own the company</h1>
        <p className="landing-hero-lead">
          Book package and food deliveries across the Philippines and follow them live on the map. Every rider is a
          member-owner of the cooperative and keeps 85% of every fee.
        </p>
        <div className="landing-hero-actions">
          <ScrollLink targetId="register" className="button button-large">
            Book a Delivery
          </ScrollLink>
          <ScrollLink targetId="register" className="button button-large button-light">
            Become a Rider
          </ScrollLink>
        </div>
      </div>
    </section>
  );
}
