import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fundView } from "~/coop/fund-view.server";
import { fundMovements, fundStanding } from "~/coop/fund.server";
import { requireCoopUser } from "~/coop/coop-access.server";
import { apiHandler } from "~/http/api.server";
import { readPageQuery } from "~/http/paging.server";
import { languageOf } from "~/i18n/i18n.server";

/**
 * `GET /api/coop/fund?cursor=&limit=` (riders, members or not, and admins; customers and suspended
 * riders 403): the member benefits fund's balance and its movements, newest first, paged: `{ balance,
 * heldForClaims, free, waitingForFunds: { claims, amount }, movements, nextCursor }` in pesos. A
 * claim shows as its amount only, never who was paid.
 */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireCoopUser({ request, context });
  const { cursor, limit } = readPageQuery(new URL(request.url));
  const d1 = context.cloudflare.env.DB;
  const [standing, page] = await Promise.all([fundStanding(d1), fundMovements(d1, { cursor, limit })]);
  return Response.json(fundView(standing, page, languageOf(request, user)), {
    headers: { "Cache-Control": "no-store" },
  });
});
