import { useT } from "~/i18n/i18n";
import { TestimonialCard } from "~/public/testimonial-card";

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/**
 * The testimonial carousel with three dots, rendered on the server. Without
 * JavaScript it is a row of cards that scrolls (and swipes) sideways with snap points, and each
 * dot is a link to its card. The landing's page script (app/public/scripts/carousel.ts) makes the
 * dots and the arrow keys move it, and the active dot follow swipes.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const t = useT();
  const count = testimonials.length;
  return (
    <section className="landing-section" aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="section-heading">
        {t("landing.testimonials.heading")}
      </h2>
      <div
        className="carousel"
        data-carousel
        role="region"
        aria-roledescription="carousel"
        aria-label={t("landing.testimonials.label")}
      >
        {/* The scrolling list itself takes the focus, so the keyboard can scroll it (arrow keys move a card). */}
        <ul className="carousel-track" tabIndex={0} aria-label={t("landing.testimonials.trackLabel")}>
          {testimonials.map((testimonial, i) => (
            <li
              key={testimonial.name}
              id={`testimonial-${i + 1}`}
              className="carousel-slide"
              aria-roledescription="slide"
              aria-label={t("landing.testimonials.slide", { index: i + 1, count })}
            >
              <TestimonialCard quote={testimonial.quote} name={testimonial.name} role={testimonial.role} />
            </li>
          ))}
        </ul>
        <div className="carousel-dots">
          {testimonials.map((testimonial, i) => (
            <a
              key={testimonial.name}
              href={`#testimonial-${i + 1}`}
              className="carousel-dot"
              aria-label={t("landing.testimonials.show", { index: i + 1, count })}
              aria-current={i === 0 ? "true" : undefined}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
