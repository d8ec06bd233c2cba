import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { pageAvailableDeliveries } from "~/deliveries/rider-lists.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { pageHeaders, readPageQuery } from "~/http/paging.server";
import { requireOnline, requireRider } from "~/riders/availability.server";

/**
 * `GET /api/deliveries/available?cursor=&limit=`: pending deliveries nobody has taken, one page of
 * the newest, nearest pickup first within it, each with `distanceFromRider`; the next page's
 * cursor in `X-Next-Cursor`.
 */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  requireOnline(rider);
  const url = new URL(request.url);
  const page = await pageAvailableDeliveries(getDb(context.cloudflare.env.DB), rider, readPageQuery(url));
  return Response.json(
    page.items.map(({ delivery, distanceFromRider }) => ({ ...toDeliveryView(delivery, null), distanceFromRider })),
    { headers: pageHeaders(url, page.nextCursor) },
  );
});

export const action = methodNotAllowed;
