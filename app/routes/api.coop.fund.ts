import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { fundView } from "~/coop/fund-view.server";
import { fundBalance, fundMovements } from "~/coop/fund.server";
import { apiHandler } from "~/http/api.server";
import { readPageQuery } from "~/http/paging.server";
import { languageOf } from "~/i18n/i18n.server";

/**
 * `GET /api/coop/fund?cursor=&limit=` (riders, members or not, and admins; customers 403): the
 * member benefits fund's balance and its movements, newest first, paged: `{ balance, movements,
 * nextCursor }` in pesos. A claim shows as its amount only, never who was paid.
 */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiRole({ request, context }, "rider", "admin");
  const { cursor, limit } = readPageQuery(new URL(request.url));
  const d1 = context.cloudflare.env.DB;
  const [balance, page] = await Promise.all([fundBalance(d1), fundMovements(d1, { cursor, limit })]);
  return Response.json(fundView(balance, page, languageOf(request, user)), { headers: { "Cache-Control": "no-store" } });
});
