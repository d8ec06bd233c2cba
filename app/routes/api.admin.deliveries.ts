import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listLiveDeliveries } from "~/admin/live-deliveries.server";
import { liveDeliveriesQuerySchema } from "~/admin/live-deliveries";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { validationRefusal } from "~/http/refusal";

/**
 * `GET /api/admin/deliveries?filter=all|pending|in_progress|completed&limit=1..100&cursor=` (admins
 * only): `{deliveries, counts: {all, pending, inProgress, completed}, nextCursor}`, newest first,
 * each with its rider, 20 by default; `nextCursor` (null on the last page) asks for the next page.
 */
export const loader = apiHandler(["GET", "HEAD"], async (args: LoaderFunctionArgs) => {
  await requireApiRole(args, "admin");
  const params = new URL(args.request.url).searchParams;
  const parsed = liveDeliveriesQuerySchema.safeParse({
    filter: params.get("filter") ?? undefined,
    limit: params.get("limit") ?? undefined,
    cursor: params.get("cursor") ?? undefined,
  });
  if (!parsed.success) throw validationRefusal(parsed.error);
  const result = await listLiveDeliveries(getDb(args.context.cloudflare.env.DB), parsed.data);
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
});
export const action = methodNotAllowed;
