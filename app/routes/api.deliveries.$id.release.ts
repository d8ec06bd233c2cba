import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { requireRider } from "~/riders/availability.server";
import { riderReleases } from "~/riders/rider-steps.server";

/** `POST /api/deliveries/{id}/release` (empty body): the assigned rider gives back a delivery still `assigned`; it is pending again. */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const { delivery, rider: summary } = await riderReleases(context.cloudflare, rider, params.id ?? "");
  return Response.json(toDeliveryView(delivery, summary));
});

export const loader = methodNotAllowed;
