import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { rolePageAccess } from "~/auth/role-page.server";
import { AccessDenied } from "~/components/access-denied";
import { getDb } from "~/db/client.server";
import { listApplications } from "~/riders/applications.server";
import { ManageRiders } from "~/riders/manage-riders";
import { listRiders } from "~/riders/riders.server";
import adminStyles from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => [{ title: "Manage Riders · Hatid" }];

/** Manage Riders (the admin's Quick Action): applications to review, and the approved riders. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user, denied } = await rolePageAccess(request, env, "admin");
  if (denied) return denied;
  if (!user) return { allowed: true as const, initial: null };
  const [applications, riders] = await Promise.all([listApplications(getDb(env.DB), "submitted"), listRiders(env.DB)]);
  return { allowed: true as const, initial: { applications, riders } };
}

export default function ManageRidersPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.allowed) return <AccessDenied message="Access Denied: Admin access required for this page" />;
  if (!data.initial) return null;
  return <ManageRiders applications={data.initial.applications} riders={data.initial.riders} />;
}
