import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminAssign } from "~/admin/delivery-control.server";
import { adminAssignSchema } from "~/admin/delivery-control";
import { requireApiRole } from "~/auth/session.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

/**
 * `POST /api/admin/deliveries/{id}/assign` with `{riderId}` (admins): the delivery with its new
 * rider. 404 unknown; 409 with the reason (not pending/assigned, not an approved active rider,
 * suspended, already holding 3); 400 bad body.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const { riderId } = await readJsonBody(args.request, adminAssignSchema);
  const origin = new URL(args.request.url).origin;
  const { delivery, rider } = await adminAssign(
    { env: args.context.cloudflare.env, origin },
    admin,
    args.params.id ?? "",
    riderId,
  );
  return Response.json(toDeliveryView(delivery, rider));
});

export const loader = methodNotAllowed;
