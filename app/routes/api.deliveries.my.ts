import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { pageCustomerDeliveries } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { pageHeaders, readPageQuery } from "~/http/paging.server";

/**
 * `GET /api/deliveries/my?cursor=&limit=`: the signed-in user's own bookings, newest first, one
 * page (20 by default, 100 at most) as the spec's array; the next page's cursor in `X-Next-Cursor`.
 */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const url = new URL(request.url);
  const page = await pageCustomerDeliveries(getDb(context.cloudflare.env.DB), user.id, readPageQuery(url));
  return Response.json(
    page.items.map((delivery) => toDeliveryView(delivery)),
    { headers: pageHeaders(url, page.nextCursor) },
  );
});

export const action = () => methodNotAllowed();
