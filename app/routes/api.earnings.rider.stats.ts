import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { riderEarnings } from "~/earnings/earnings.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { centavosToPesos } from "~/money/money";

/** `GET /api/earnings/rider/stats`: the rider's 85% shares today and this week (Manila calendar), in pesos. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireApiRole({ request, context }, "rider");
  const earnings = await riderEarnings(getDb(context.cloudflare.env.DB), rider.id, Date.now());
  return Response.json({
    todayEarnings: centavosToPesos(earnings.today),
    weekEarnings: centavosToPesos(earnings.week),
    completedToday: earnings.completedToday,
    completedThisWeek: earnings.completedThisWeek,
  });
});

export const action = () => methodNotAllowed();
