import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { toViewerDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { findRating } from "~/deliveries/ratings.server";

/**
 * `GET /api/deliveries/{id}`: one delivery with its rider (the rider block while active) and its
 * rating (null until rated); the handover code for its customer only; 404 for anyone who may not see it.
 */
export const loader = apiHandler(["GET"], async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const found = await getVisibleDelivery(getDb(context.cloudflare.env.DB), user, params.id ?? "");
  if (!found) throw new Refusal(404, "server.deliveries.notFound");
  const rating = await findRating(getDb(context.cloudflare.env.DB), found.delivery.id);
  return Response.json({ ...toViewerDeliveryView(found.delivery, found.rider, found.contact, user), rating });
});

export const action = methodNotAllowed;
