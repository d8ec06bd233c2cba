import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listLiveDeliveries } from "~/admin/live-deliveries.server";
import { LIVE_DELIVERIES_SHOWN, LIVE_FILTERS, type LiveFilter } from "~/admin/live-deliveries";
import { dashboardAction } from "./dashboard-actions.server";
import { canTakeMore, type AssignableRider } from "./delivery-controls";
import { newFormKey } from "~/forms/form-key.server";
import { listRiders } from "~/riders/riders.server";
import { listNoCodeHandovers } from "./no-code-handovers.server";
import { adminStats } from "~/admin/stats.server";
import { adminPageWords } from "~/admin/admin-page.server";
import { requireUser } from "~/auth/role-page.server";
import { getDb } from "~/db/client.server";
import { decodeCursor } from "~/http/cursor";
import { missingServices } from "~/providers/services.server";

export async function adminDashboardLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await requireUser(request, env, "admin");
  const page = adminPageWords(request, user, {
    namespaces: ["server.admin", "server.deliveries", "server.http", "server.validation"],
    title: "admin.title.dashboard",
  });
  const params = new URL(request.url).searchParams;
  const wanted = params.get("filter");
  const filter: LiveFilter = (LIVE_FILTERS as readonly string[]).includes(wanted ?? "")
    ? (wanted as LiveFilter)
    : "all";
  // A later page of the live list ("Older deliveries"); a cursor that is not one shows the first page.
  const cursor = decodeCursor(params.get("cursor") ?? "") ? params.get("cursor") : null;
  const now = Date.now();
  const [stats, live, noCodeHandovers, riders] = await Promise.all([
    adminStats(env.DB, now),
    listLiveDeliveries(getDb(env.DB), {
      filter,
      limit: LIVE_DELIVERIES_SHOWN,
      cursor: cursor ? decodeCursor(cursor) : null,
    }),
    listNoCodeHandovers(getDb(env.DB)),
    listRiders(env.DB, now),
  ]);
  const assignable: AssignableRider[] = riders
    .filter(canTakeMore)
    .map(({ id, firstName, lastName, activeDeliveries }) => ({ id, firstName, lastName, activeDeliveries }));
  // Cancel's key (it may charge a fee), made at render (decision 0180).
  return {
    initial: {
      stats,
      live,
      now,
      noCodeHandovers,
      filter,
      cursor,
      riders: assignable,
      formKey: newFormKey(),
      servicesMissing: missingServices(env).length,
    },
    ...page,
  };
}

/** Assign / Reassign and Cancel: the dashboard's own forms (decision 0187). */
export const adminDashboardAction = ({ request, context }: ActionFunctionArgs) =>
  dashboardAction(request, context.cloudflare.env);
