import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { pageCustomerDeliveries } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { pageHeaders, readPageQuery } from "~/http/paging.server";
import { ratingsFor } from "~/deliveries/ratings.server";

/**
 * `GET /api/deliveries/my?cursor=&limit=`: the signed-in user's own bookings, newest first, one
 * page (20 by default, 100 at most) as a plain array, each with its `rating` (null until rated);
 * the next page's cursor in `X-Next-Cursor`.
 */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const url = new URL(request.url);
  const db = getDb(context.cloudflare.env.DB);
  const page = await pageCustomerDeliveries(db, user.id, readPageQuery(url));
  const ratings = await ratingsFor(
    db,
    page.items.filter((delivery) => delivery.status === "delivered").map((delivery) => delivery.id),
  );
  return Response.json(
    page.items.map((delivery) => ({ ...toDeliveryView(delivery), rating: ratings.get(delivery.id) ?? null })),
    { headers: pageHeaders(url, page.nextCursor) },
  );
});

export const action = methodNotAllowed;
