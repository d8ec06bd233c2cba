import type { ReactNode } from "react";
import { Brand, BRAND_NAME, BRAND_TAGLINE } from "~/components/brand";

/**
 * The signed-out landing page, shown at / and in place of every signed-in page for visitors who
 * are not signed in. `getStarted` is the sign-in wizard, placed in the Get Started section.
 */
export function LandingPage({ getStarted }: { getStarted: ReactNode }) {
  return (
    <>
      <header className="public-header">
        <Brand />
      </header>
      <main className="page">
        <section className="hero">
          <h1>{BRAND_NAME}</h1>
          <p className="hero-tagline">{BRAND_TAGLINE}</p>
          <p>
            Book package and food deliveries and follow them live on the map. Riders own the cooperative: 85%
            of every fee goes to the rider.
          </p>
        </section>
        <section id="register" aria-labelledby="get-started-heading" className="card">
          <h2 id="get-started-heading">Get Started</h2>
          {getStarted}
        </section>
      </main>
    </>
  );
}
