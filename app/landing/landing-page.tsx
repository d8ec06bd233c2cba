import type { ReactNode } from "react";
import { PublicHeader } from "~/public/public-header";
import { SiteFooter } from "~/public/site-footer";
import { Hero } from "./hero";
import { RiderRecruitment } from "./rider-recruitment";
import { Services } from "./services";
import { Stats } from "./stats";
import { TestimonialCarousel } from "./testimonial-carousel";

/**
 * The signed-out landing page, shown at / and in place of every signed-in page for visitors who
 * are not signed in. `getStarted` is the sign-in wizard, placed in the Get Started section.
 */
export function LandingPage({ getStarted }: { getStarted: ReactNode }) {
  return (
    <div className="public-page">
      <PublicHeader />
      <main>
        <Hero />
        <div className="public-content">
          <Services />
          <Stats />
          <RiderRecruitment />
          <TestimonialCarousel />
          <section id="register" aria-labelledby="get-started-heading" className="landing-section get-started">
            <div className="card get-started-card">
              <h2 id="get-started-heading">Get Started</h2>
              <p className="muted">
                Sign in or create your account with your Philippine mobile number. New here? We'll ask for your name
                after the code.
              </p>
              {getStarted}
            </div>
          </section>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
