import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
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
  const { delivery, riderId, mapbox } = loaded.job;
  return <JobScreen key={delivery.id} delivery={delivery} riderId={riderId} mapbox={mapbox} />;
}
