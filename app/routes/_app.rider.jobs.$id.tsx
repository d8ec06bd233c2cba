import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { getDb } from "~/db/client.server";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { toViewerDeliveryView } from "~/deliveries/delivery-view";
import { useT } from "~/i18n/i18n";
import { languageOf, messagesFor, translate } from "~/i18n/i18n.server";
import { JobScreen } from "~/riders/job-screen";
import { riderDeliveryAction } from "~/riders/rider-actions.server";
import riderStyles from "~/styles/rider.css";
import trackingStylesheetUrl from "~/styles/tracking.css";
import type { MapboxSettings } from "~/tracking/mapbox-map";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: riderStyles },
  { rel: "stylesheet", href: trackingStylesheetUrl },
  { rel: "stylesheet", href: mapboxStylesheetUrl },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Your Job · Hatid" },
  { name: "robots", content: "noindex" },
];

/** `/rider/jobs/{id}`: one delivery as its rider works it (pending ones too, to accept from here); 404 for anyone else. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "rider");
  const language = languageOf(request, user);
  const words = { i18n: messagesFor(language, ["rider", "server.deliveries", "server.tracking", "server.validation"]), title: translate(language, "rider.meta.job") };
  // Denied: the notice only, none of the page's data (nor its catalog).
  if (denied) return data({ allowed: false as const, denied: translate(language, "rider.accessDenied"), title: words.title }, { status: 403 });
  if (!user) return { allowed: true as const, job: null };
  const found = await getVisibleDelivery(getDb(env.DB), user, params.id ?? "");
  if (!found) return data({ allowed: true as const, job: null, missing: true, ...words }, { status: 404 });
  const mapbox: MapboxSettings | null = env.MAPBOX_TOKEN ? { token: env.MAPBOX_TOKEN, style: env.MAPBOX_STYLE || "mapbox://styles/mapbox/streets-v12" } : null;
  return { allowed: true as const, job: { delivery: toViewerDeliveryView(found.delivery, found.rider, found.contact, user), riderId: user.id, mapbox }, ...words };
}

/** The job screen's steps as forms (Accept, Confirm Pickup, Start Trip, Mark Delivered with the code). */
export const action = (args: ActionFunctionArgs) => {
  const id = args.params.id ?? "";
  return riderDeliveryAction(args, { deliveryId: id, back: `/rider/jobs/${encodeURIComponent(id)}` });
};

export default function RiderJobPage() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  if (!loaded.allowed) return <AccessDenied message={loaded.denied} />;
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
