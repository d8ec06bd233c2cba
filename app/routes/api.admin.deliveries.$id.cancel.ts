import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminCancel } from "~/admin/delivery-control.server";
import { adminCancelSchema } from "~/admin/delivery-control";
import { requireApiRole } from "~/auth/session.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { pesosToCentavos } from "~/money/money";

/**
 * `POST /api/admin/deliveries/{id}/cancel` with `{reason, fee?}` (admins): the cancelled delivery.
 * 404 unknown; 409 once delivered or cancelled, or a fee without a rider; 400 bad body.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const { reason, fee } = await readJsonBody(args.request, adminCancelSchema);
  const { delivery, rider } = await adminCancel(args.context.cloudflare, admin, args.params.id ?? "", {
    reason,
    fee: fee === undefined ? 0 : pesosToCentavos(fee),
  });
  return Response.json(toDeliveryView(delivery, rider));
});

export const loader = methodNotAllowed;
