import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminPageAccess } from "~/admin/admin-page.server";
import { adminMeta } from "~/admin/admin-page";
import { AccessDenied } from "~/components/access-denied";
import { getDb } from "~/db/client.server";
import { listApplications, unsentApplicationTexts } from "~/riders/applications.server";
import { ManageRiders } from "~/riders/manage-riders";
import { listRiders } from "~/riders/riders.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = adminMeta;

/** Manage Riders (the admin's Quick Action): applications to review, and the approved riders. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied, page } = await adminPageAccess(request, env, { title: "admin.title.riders" });
  if (denied) return denied;
  if (!user) return { allowed: true as const, initial: null, ...page };
  const [applications, riders, unsentTexts] = await Promise.all([listApplications(getDb(env.DB), "submitted"), listRiders(env.DB), unsentApplicationTexts(env)]);
  return { allowed: true as const, initial: { applications, riders, unsentTexts }, ...page };
}

export default function ManageRidersPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.allowed) return <AccessDenied message={data.accessDenied} />;
  if (!data.initial) return null;
  return <ManageRiders applications={data.initial.applications} riders={data.initial.riders} unsentTexts={data.initial.unsentTexts} />;
}
