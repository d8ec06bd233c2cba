import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { ridersAction } from "~/admin/admin-rider-actions.server";
import { getDb } from "~/db/client.server";
import { newFormKey } from "~/forms/form-key.server";
import { listApplications, unsentApplicationTexts } from "~/riders/applications.server";
import type { RidersTab } from "./manage-riders";
import { listRiders } from "~/riders/riders.server";

/** Manage Riders (the admin's Quick Action): applications to review, and the approved riders (`?tab=riders`). */
export async function manageRidersLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, {
    namespaces: ["server.riders", "server.applications", "server.messaging", "server.http", "server.validation"],
    title: "admin.title.riders",
  });
  const tab: RidersTab = new URL(request.url).searchParams.get("tab") === "riders" ? "riders" : "applications";
  const [applications, riders, unsentTexts] = await Promise.all([
    listApplications(getDb(env.DB), "submitted"),
    listRiders(env.DB),
    unsentApplicationTexts(env),
  ]);
  // The membership fee's key, made at render (decision 0180): a double submit records it once.
  return { initial: { tab, applications, riders, unsentTexts, formKey: newFormKey() }, ...page };
}

/** Suspend, Reactivate, the membership fee, Approve / Reject, Retry a text: the page's own forms (decision 0187). */
export const manageRidersAction = ({ request, context }: ActionFunctionArgs) =>
  ridersAction(request, context.cloudflare.env);
