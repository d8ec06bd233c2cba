import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
import { useT } from "~/i18n/i18n";
import { JobScreen } from "./job-screen";
import type { riderJobLoader as loader } from "./route.server";
import riderStyles from "~/styles/rider.css";
import trackingStylesheetUrl from "~/styles/tracking.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: riderStyles },
  { rel: "stylesheet", href: trackingStylesheetUrl },
  { rel: "stylesheet", href: mapboxStylesheetUrl },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Your Job · Hatid" },
  { name: "robots", content: "noindex" },
];

export { riderJobLoader as loader, riderJobAction as action } from "./route.server";

export default function RiderJobPage() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  if ("missing" in loaded && loaded.missing) {
    return (
      <main className="page">
        <div className="card stack" role="alert">
          <p>{t("rider.job.missing")}</p>
          <Link to="/rider-dashboard" className="button">
            {t("rider.dashboardLink")}
          </Link>
        </div>
      </main>
    );
  }
  if (!("job" in loaded) || !loaded.job) return null;
  const { delivery, riderId, mapbox } = loaded.job;
  return <JobScreen key={delivery.id} delivery={delivery} riderId={riderId} mapbox={mapbox} />;
}
