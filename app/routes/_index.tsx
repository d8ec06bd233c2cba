import type { MetaFunction } from "@remix-run/cloudflare";
import { Brand, BRAND_NAME, BRAND_TAGLINE } from "~/components/brand";

export const meta: MetaFunction = () => [
  { title: `${BRAND_NAME} · ${BRAND_TAGLINE}` },
  {
    name: "description",
    content: "Book package and food deliveries across the Philippines with riders who own the cooperative.",
  },
];

export default function Index() {
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
      </main>
    </>
  );
}
