import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { riderEarnings } from "~/ledger/earnings.server";
import { riderFigures } from "~/ledger/rider-figures.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { centavosToPesos } from "~/money/money";
import { requireRider } from "~/riders/availability.server";
import { memberships } from "~/riders/rider-memberships.server";

/**
 * `GET /api/earnings/rider/stats`: the rider's 85% shares today and this week (Manila calendar), in
 * pesos, their figures (rating, acceptance, completion, on-time; null without data) and whether
 * they are online, and their membership (status, delivered, needed, memberSince).
 */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const { DB } = context.cloudflare.env;
  const now = Date.now();
  const [earnings, figures, membership] = await Promise.all([
    riderEarnings(getDb(DB), rider.id, now),
    riderFigures(DB, rider.id, now),
    memberships(DB, [rider], now).then((all) => all.get(rider.id)!),
  ]);
  return Response.json({
    todayEarnings: centavosToPesos(earnings.today),
    weekEarnings: centavosToPesos(earnings.week),
    completedToday: earnings.completedToday,
    completedThisWeek: earnings.completedThisWeek,
    ...figures,
    online: rider.riderOnline,
    membership,
  });
});

export const action = methodNotAllowed;
