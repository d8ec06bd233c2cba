import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { actorFor } from "~/deliveries/state-machine";
import { statusChangeSchema } from "~/deliveries/status-schema";
import { suspensionRefusal } from "~/auth/suspension";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { forbidden } from "~/http/refusal";
import { changeStatusAs } from "~/riders/rider-steps.server";

/**
 * `POST /api/deliveries/{id}/status` with `{ status }`: one step of the lifecycle. Riders move
 * their deliveries along; cancelling is for the customer who booked or an admin. Answers 401,
 * 400 (unknown status), 403 (role), 404 (not visible), 409 (step not allowed now), 422 (a wrong
 * handover code, with `triesLeft`; or code entry locked), else 200. Delivered takes the optional
 * `handoverCode` / `handoverNote` (decision 0140).
 */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const change = await readJsonBody(request, statusChangeSchema);
  if (actorFor(change.status) !== "customer_or_admin") {
    if (user.role !== "rider") throw forbidden();
    const suspended = suspensionRefusal(user);
    if (suspended) throw suspended;
  }
  const { delivery, rider } = await changeStatusAs(context.cloudflare, user, params.id ?? "", change);
  return Response.json(toDeliveryView(delivery, rider));
});

export const loader = methodNotAllowed;
