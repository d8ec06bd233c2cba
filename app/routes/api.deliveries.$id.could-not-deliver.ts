import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { requireRider } from "~/riders/availability.server";
import { riderCouldNotDeliver } from "~/riders/rider-steps.server";
import { couldNotDeliverFromForm } from "~/deliveries/returns.server";

/**
 * `POST /api/deliveries/{id}/could-not-deliver` (multipart: `reason`, `note`, `photo`): the assigned
 * rider returns a picked-up or in-transit delivery to the sender (decision 0222). 401, 403 (not an
 * active rider), 400 (reason, note or photo), 404 (not theirs to see), 409 (another status, or not
 * 10 minutes at the dropoff yet), 403 (another rider's), else 200 with the delivery, now `returning`.
 */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Refusal(400, "server.deliveries.return.notMultipart");
  }
  const upload = await couldNotDeliverFromForm(form);
  const { delivery, rider: summary } = await riderCouldNotDeliver(context.cloudflare, rider, params.id ?? "", upload);
  return Response.json(toDeliveryView(delivery, summary));
});

export const loader = methodNotAllowed;
