import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { listCustomerDeliveries } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiError } from "~/http/api.server";

/** `GET /api/deliveries/my`: the signed-in user's own bookings, newest first (at most 100). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser({ request, context });
  const rows = await listCustomerDeliveries(getDb(context.cloudflare.env.DB), user.id);
  return Response.json(rows.map((delivery) => toDeliveryView(delivery)));
}

export const action = () => apiError(405, "Method Not Allowed");
