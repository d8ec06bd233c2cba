import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { pageRiderDeliveries } from "~/deliveries/rider-lists.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { pageHeaders, readPageQuery } from "~/http/paging.server";
import { requireRider } from "~/riders/availability.server";

/**
 * `GET /api/deliveries/rider?cursor=&limit=`: the deliveries the signed-in rider holds or held,
 * newest booking first, one page; the next page's cursor in `X-Next-Cursor`.
 */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const url = new URL(request.url);
  const page = await pageRiderDeliveries(getDb(context.cloudflare.env.DB), rider.id, readPageQuery(url));
  return Response.json(
    page.items.map((delivery) => toDeliveryView(delivery)),
    { headers: pageHeaders(url, page.nextCursor) },
  );
});

export const action = methodNotAllowed;
