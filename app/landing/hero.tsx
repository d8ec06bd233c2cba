import { BRAND_TAGLINE } from "~/components/brand";

/**
 * Both buttons scroll to the Get Started section (spec section 2). They are plain in-page links, so
 * they work before (or without) JavaScript; public.css makes the scroll smooth.
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
          <a href="#register" className="button button-large">
            Book a Delivery
          </a>
          <a href="#register" className="button button-large button-light">
            Become a Rider
          </a>
        </div>
      </div>
    </section>
  );
}
