import type { SubmissionResult } from "@conform-to/react";
import { PublicHeader } from "~/public/public-header";
import { ScrollLink } from "~/public/scroll-link";
import { SiteFooter } from "~/public/site-footer";
import {
  APPLICATION_STEPS,
  RIDER_BENEFITS,
  RIDER_REMINDERS,
  RIDER_REQUIREMENTS,
  RIDER_TESTIMONIALS,
} from "./become-rider-content";
import { RiderApplicationForm } from "./rider-application-form";
import { TestimonialCard } from "~/public/testimonial-card";

/** /become-rider: the rider recruitment page (spec section 2). */
export function BecomeRiderPage({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  return (
    <div className="public-page">
      <PublicHeader backToHome />
      <main>
        <section className="landing-hero" aria-labelledby="become-rider-heading">
          <div className="landing-hero-inner">
            <p className="eyebrow">Become a Rider</p>
            <h1 id="become-rider-heading">Ride with Hatid and own the cooperative</h1>
            <p className="landing-hero-lead">
              Earn up to ₱2,500 a day, keep 85% of every delivery fee, and get insurance, training and a vote in how
              the cooperative is run.
            </p>
            <div className="landing-hero-actions">
              <ScrollLink targetId="application-form" className="button button-large">
                Apply Now
              </ScrollLink>
            </div>
          </div>
        </section>

        <div className="public-content">
          <section className="landing-section" aria-labelledby="rider-stories-heading">
            <h2 id="rider-stories-heading" className="section-heading">
              From Our Riders
            </h2>
            <ul className="grid grid-2 plain-list">
              {RIDER_TESTIMONIALS.map((t) => (
                <li key={t.name}>
                  <TestimonialCard quote={t.quote} name={t.name} role={t.role} />
                </li>
              ))}
            </ul>
          </section>

          <section className="landing-section" aria-labelledby="benefits-heading">
            <h2 id="benefits-heading" className="section-heading">
              Why Ride With Us
            </h2>
            <ul className="grid grid-3 plain-list">
              {RIDER_BENEFITS.map((benefit) => (
                <li key={benefit.title} className="card feature-card">
                  <span className="feature-icon" aria-hidden="true">
                    {benefit.icon}
                  </span>
                  <h3>{benefit.title}</h3>
                  <p className="muted">{benefit.text}</p>
                </li>
              ))}
            </ul>
          </section>

          <section className="landing-section" aria-labelledby="requirements-heading">
            <h2 id="requirements-heading" className="section-heading">
              Requirements
            </h2>
            <ul className="grid grid-3 plain-list">
              {RIDER_REQUIREMENTS.map((requirement) => (
                <li key={requirement.title} className="card">
                  <h3>{requirement.title}</h3>
                  <ul className="check-list">
                    {requirement.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <aside className="reminders" aria-labelledby="reminders-heading">
              <h3 id="reminders-heading">Reminders</h3>
              <ul>
                {RIDER_REMINDERS.map((reminder) => (
                  <li key={reminder}>{reminder}</li>
                ))}
              </ul>
            </aside>
          </section>

          <section className="landing-section" aria-labelledby="process-heading">
            <h2 id="process-heading" className="section-heading">
              How to Join in 4 Steps
            </h2>
            <ol className="steps">
              {APPLICATION_STEPS.map((step, i) => (
                <li key={step.title} className="card step">
                  <span className="step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div>
                    <h3>{step.title}</h3>
                    <p className="muted">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p className="centered-actions">
              <ScrollLink targetId="application-form" className="button button-large">
                Apply Now
              </ScrollLink>
            </p>
          </section>

          <section id="application-form" className="landing-section" aria-labelledby="application-heading">
            <h2 id="application-heading" className="section-heading">
              Rider Application
            </h2>
            <p className="muted">Takes two minutes. Our team replies within 1-2 business days.</p>
            <RiderApplicationForm lastResult={lastResult} />
          </section>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
