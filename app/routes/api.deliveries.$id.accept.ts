import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { acceptDelivery } from "~/deliveries/rider-operations.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { requireOnline, requireRider } from "~/riders/availability.server";

/** `POST /api/deliveries/{id}/accept` (empty body): the rider takes a pending delivery; 409 when another rider was first or they hold 3 already or are offline. */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  requireOnline(rider);
  const { delivery, rider: summary } = await acceptDelivery(
    { env: context.cloudflare.env, origin: new URL(request.url).origin },
    rider,
    params.id ?? "",
  );
  return Response.json(toDeliveryView(delivery, summary));
});

export const loader = methodNotAllowed;
