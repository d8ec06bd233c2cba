import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
import trackingStylesheetUrl from "~/styles/tracking.css";
import { RecipientTracking } from "./recipient-tracking";
import { useT } from "~/i18n/i18n";
import { metaText } from "~/i18n/meta";
import type { recipientPageLoader as loader } from "./route.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: trackingStylesheetUrl },
  { rel: "stylesheet", href: mapboxStylesheetUrl },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "tracking.recipient.meta.title", "Your delivery · Hatid") },
  { name: "robots", content: "noindex" },
];

export { recipientPageLoader as loader } from "./route.server";

export default function RecipientTrackingPage() {
  const { view, token, mapbox } = useLoaderData<typeof loader>();
  const t = useT();
  if (!view || !token) {
    return (
      <main className="centered-page">
        <section className="card stack" role="alert">
          <h1>{t("tracking.recipient.notFound")}</h1>
          <p className="muted">{t("tracking.recipient.notFoundBody")}</p>
        </section>
      </main>
    );
  }
  return <RecipientTracking view={view} token={token} mapbox={mapbox} />;
}
