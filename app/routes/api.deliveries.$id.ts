import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiError, notFound } from "~/http/api.server";

/** `GET /api/deliveries/{id}`: one delivery with its rider; 404 for anyone who may not see it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireApiUser({ request, context });
  const found = await getVisibleDelivery(getDb(context.cloudflare.env.DB), user, params.id ?? "");
  if (!found) return notFound("Delivery not found");
  return Response.json(toDeliveryView(found.delivery, found.rider));
}

export const action = () => apiError(405, "Method Not Allowed");
