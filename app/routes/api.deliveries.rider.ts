import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { listRiderDeliveries } from "~/deliveries/rider-operations.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { requireRider } from "~/riders/availability.server";

/** `GET /api/deliveries/rider`: the deliveries assigned to the signed-in rider, newest first (at most 100, every active one included). */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const rows = await listRiderDeliveries(getDb(context.cloudflare.env.DB), rider.id);
  return Response.json(rows.map((delivery) => toDeliveryView(delivery)));
});

export const action = () => methodNotAllowed();
