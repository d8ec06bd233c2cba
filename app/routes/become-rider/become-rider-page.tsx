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
import { useT } from "~/i18n/i18n";
import type { PublicFacts } from "~/public/public-facts.server";

/** /become-rider: the rider recruitment page. */
export function BecomeRiderPage({
  lastResult,
  facts,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  facts: PublicFacts;
}) {
  const t = useT();
  const { figures } = facts;
  return (
    <div className="public-page">
      <PublicHeader backToHome />
      <main>
        <section className="landing-hero" aria-labelledby="become-rider-heading">
          <div className="landing-hero-inner">
            <p className="eyebrow">{t("becomeRider.eyebrow")}</p>
            <h1 id="become-rider-heading">{t("becomeRider.title")}</h1>
            <p className="landing-hero-lead">{t("becomeRider.lead", figures)}</p>
            <div className="landing-hero-actions">
              <ScrollLink targetId="application-form" className="button button-large">
                {t("becomeRider.applyNow")}
              </ScrollLink>
            </div>
          </div>
        </section>

        <div className="public-content">
          <section className="landing-section" aria-labelledby="rider-stories-heading">
            <h2 id="rider-stories-heading" className="section-heading">
              {t("becomeRider.stories.heading")}
            </h2>
            <ul className="grid grid-2 plain-list">
              {RIDER_TESTIMONIALS.map((story) => (
                <li key={story.id}>
                  <TestimonialCard
                    quote={t(`becomeRider.story.${story.id}.quote`, figures)}
                    name={story.name}
                    role={t(`becomeRider.story.${story.id}.role`)}
                  />
                </li>
              ))}
            </ul>
          </section>

          <section className="landing-section" aria-labelledby="benefits-heading">
            <h2 id="benefits-heading" className="section-heading">
              {t("becomeRider.benefits.heading")}
            </h2>
            <ul className="grid grid-3 plain-list">
              {RIDER_BENEFITS.map((benefit) => (
                <li key={benefit.id} className="card feature-card">
                  <span className="feature-icon" aria-hidden="true">
                    {benefit.icon}
                  </span>
                  <h3>{t(`becomeRider.benefit.${benefit.id}.title`, figures)}</h3>
                  <p className="muted">{t(`becomeRider.benefit.${benefit.id}.text`, figures)}</p>
                </li>
              ))}
            </ul>
          </section>

          <section className="landing-section" aria-labelledby="requirements-heading">
            <h2 id="requirements-heading" className="section-heading">
              {t("becomeRider.requirements.heading")}
            </h2>
            <ul className="grid grid-3 plain-list">
              {RIDER_REQUIREMENTS.map((requirement) => (
                <li key={requirement.id} className="card">
                  <h3>{t(`becomeRider.requirement.${requirement.id}.title`)}</h3>
                  <ul className="check-list">
                    {requirement.items.map((item) => (
                      <li key={item}>{t(`becomeRider.requirement.${item}`)}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <aside className="reminders" aria-labelledby="reminders-heading">
              <h3 id="reminders-heading">{t("becomeRider.reminders.heading")}</h3>
              <ul>
                {RIDER_REMINDERS.map((reminder) => (
                  <li key={reminder}>{t(`becomeRider.reminder.${reminder}`)}</li>
                ))}
              </ul>
            </aside>
          </section>

          <section className="landing-section" aria-labelledby="process-heading">
            <h2 id="process-heading" className="section-heading">
              {t("becomeRider.process.heading")}
            </h2>
            <ol className="steps">
              {APPLICATION_STEPS.map((step, i) => (
                <li key={step} className="card step">
                  <span className="step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div>
                    <h3>{t(`becomeRider.step.${step}.title`)}</h3>
                    <p className="muted">{t(`becomeRider.step.${step}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p className="centered-actions">
              <ScrollLink targetId="application-form" className="button button-large">
                {t("becomeRider.applyNow")}
              </ScrollLink>
            </p>
          </section>

          <section id="application-form" className="landing-section" aria-labelledby="application-heading">
            <h2 id="application-heading" className="section-heading">
              {t("becomeRider.form.heading")}
            </h2>
            <p className="muted">{t("becomeRider.form.lead")}</p>
            <RiderApplicationForm lastResult={lastResult} />
          </section>
        </div>
      </main>
      <SiteFooter contacts={facts.contacts} />
    </div>
  );
}
