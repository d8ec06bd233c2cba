import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/admin/admin-page";
import { ManageRiders } from "./manage-riders";
import adminStyles from "~/styles/admin.css";
import type { manageRidersLoader as loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = adminMeta;

export { manageRidersLoader as loader, manageRidersAction as action } from "./route.server";

export default function ManageRidersPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.initial) return null;
  return <ManageRiders {...data.initial} />;
}
