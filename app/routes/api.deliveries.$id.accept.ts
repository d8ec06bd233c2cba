import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { requireRider } from "~/riders/availability.server";
import { riderAccepts } from "~/riders/rider-steps.server";

/** `POST /api/deliveries/{id}/accept` (empty body): the rider takes a pending delivery; 409 when another rider was first or they hold 3 already or are offline. */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const { delivery, rider: summary } = await riderAccepts(
    { env: context.cloudflare.env, origin: new URL(request.url).origin },
    rider,
    params.id ?? "",
  );
  return Response.json(toDeliveryView(delivery, summary));
});

export const loader = methodNotAllowed;
