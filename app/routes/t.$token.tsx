import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
import trackingStylesheetUrl from "~/styles/tracking.css";
import { findByRecipientToken } from "~/tracking/recipient-link.server";
import { RecipientTracking } from "~/tracking/recipient-tracking";
import type { MapboxSettings } from "~/tracking/mapbox-map";
import { useT } from "~/i18n/i18n";
import { messagesFor, requestLanguage } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: trackingStylesheetUrl },
  { rel: "stylesheet", href: mapboxStylesheetUrl },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "tracking.recipient.meta.title", "Your delivery · Hatid") },
  { name: "robots", content: "noindex" },
];

/**
 * `/t/{token}`: the recipient's public tracking page (no sign-in). 404 for a wrong token and from
 * 24 hours after the delivery ended. The page never receives the customer's name or any phone.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const token = params.token ?? "";
  const [found, language] = await Promise.all([findByRecipientToken(env, token), requestLanguage(request, env)]);
  // The map's words and the status labels (app), the page's own (tracking).
  const i18n = messagesFor(language, ["app", "tracking"]);
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  if (!found) return data({ view: null, token: null, mapbox: null, i18n }, { status: 404, headers });
  const mapbox: MapboxSettings | null = env.MAPBOX_TOKEN
    ? { token: env.MAPBOX_TOKEN, style: env.MAPBOX_STYLE || "mapbox://styles/mapbox/streets-v12" }
    : null;
  return data({ view: found.view, token, mapbox, i18n }, { headers });
}

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
