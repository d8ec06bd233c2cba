import { useRef, useState, type KeyboardEvent } from "react";
import { useT } from "~/i18n/i18n";
import { TestimonialCard } from "~/public/testimonial-card";

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/**
 * The testimonial carousel with three dots (spec section 2). Without JavaScript it is a row of
 * cards that scrolls (and swipes) sideways with snap points, and each dot is a link to its card.
 * With JavaScript the dots and the arrow keys move it, and the active dot follows swipes.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const t = useT();
  const trackRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const count = testimonials.length;

  // The index shown (a ref too, so two quick key presses count from the first's target), and the
  // slide a programmatic scroll is heading to: its in-between scroll positions do not move the dot.
  const activeRef = useRef(0);
  const scrollingTo = useRef<number | null>(null);

  function goTo(index: number) {
    const next = (index + count) % count;
    activeRef.current = next;
    setActive(next);
    const track = trackRef.current;
    if (!track) return;
    const left = next * track.clientWidth;
    scrollingTo.current = Math.abs(track.scrollLeft - left) < 2 ? null : next;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    track.scrollTo({ left, behavior: reduceMotion ? "auto" : "smooth" });
  }

  function onScroll() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const index = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
    if (scrollingTo.current !== null) {
      if (index !== scrollingTo.current || Math.abs(track.scrollLeft - index * track.clientWidth) >= 2) return;
      scrollingTo.current = null;
    }
    activeRef.current = index;
    setActive(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "ArrowRight") goTo(activeRef.current + 1);
    else if (event.key === "ArrowLeft") goTo(activeRef.current - 1);
    else if (event.key === "Home") goTo(0);
    else if (event.key === "End") goTo(count - 1);
    else return;
    event.preventDefault();
  }

  return (
    <section className="landing-section" aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="section-heading">
        {t("landing.testimonials.heading")}
      </h2>
      <div
        className="carousel"
        role="region"
        aria-roledescription="carousel"
        aria-label={t("landing.testimonials.label")}
      >
        {/* The scrolling list itself takes the focus, so the keyboard can scroll it (arrow keys move a card). */}
        <ul className="carousel-track" ref={trackRef} onScroll={onScroll} tabIndex={0} aria-label={t("landing.testimonials.trackLabel")} onKeyDown={onKeyDown}>
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
              aria-current={i === active ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                goTo(i);
              }}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
