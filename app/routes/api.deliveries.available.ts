import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "~/db/client.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { listAvailableDeliveries } from "~/deliveries/rider-operations.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { requireOnline, requireRider } from "~/riders/availability.server";

/** `GET /api/deliveries/available`: pending deliveries nobody has taken, nearest pickup first, each with `distanceFromRider`; 409 while the rider is offline. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  requireOnline(rider);
  const available = await listAvailableDeliveries(getDb(context.cloudflare.env.DB), rider);
  return Response.json(available.map(({ delivery, distanceFromRider }) => ({ ...toDeliveryView(delivery, null), distanceFromRider })));
});

export const action = () => methodNotAllowed();
