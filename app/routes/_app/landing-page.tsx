import type { ReactNode } from "react";
import type { PublicFacts } from "~/public/public-facts.server";
import { useT } from "~/i18n/i18n";
import { PublicHeader } from "~/public/public-header";
import { SiteFooter } from "~/public/site-footer";
import { TermsAgreement } from "~/legal/terms-agreement";
import { Hero } from "./hero";
import { RiderRecruitment } from "./rider-recruitment";
import { Services } from "./services";
import { Stats } from "./landing-stats";
import { TestimonialCarousel } from "./testimonial-carousel";

/**
 * The signed-out landing page, shown at / and in place of every signed-in page for visitors who
 * are not signed in. `getStarted` is the sign-in wizard, placed in the Get Started section.
 */
const TESTIMONIALS = [
  { id: "maricel", name: "Maricel D." },
  { id: "jomar", name: "Jomar R." },
  { id: "andrea", name: "Andrea L." },
] as const;

export function LandingPage({ getStarted, facts }: { getStarted: ReactNode; facts: PublicFacts }) {
  const { figures } = facts;
  const t = useT();
  const testimonials = TESTIMONIALS.map(({ id, name }) => ({
    name,
    quote: t(`landing.testimonial.${id}.quote`, figures),
    role: t(`landing.testimonial.${id}.role`),
  }));
  return (
    <div className="public-page">
      <PublicHeader />
      <main>
        <Hero figures={figures} />
        <div className="public-content">
          <Services figures={figures} />
          <Stats />
          <RiderRecruitment figures={figures} />
          <TestimonialCarousel testimonials={testimonials} />
          <section id="register" aria-labelledby="get-started-heading" className="landing-section get-started">
            <div className="card get-started-card">
              <h2 id="get-started-heading">{t("landing.getStarted.heading")}</h2>
              <p className="muted">{t("landing.getStarted.lead")}</p>
              {getStarted}
              <TermsAgreement />
            </div>
          </section>
        </div>
      </main>
      <SiteFooter contacts={facts.contacts} />
    </div>
  );
}
