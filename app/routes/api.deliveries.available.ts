import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { listAvailableDeliveries } from "~/deliveries/rider-operations.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

/** `GET /api/deliveries/available`: pending deliveries nobody has taken, nearest pickup first, each with `distanceFromRider`. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireApiRole({ request, context }, "rider");
  const available = await listAvailableDeliveries(getDb(context.cloudflare.env.DB), rider);
  return Response.json(available.map(({ delivery, distanceFromRider }) => ({ ...toDeliveryView(delivery, null), distanceFromRider })));
});

export const action = () => methodNotAllowed();
