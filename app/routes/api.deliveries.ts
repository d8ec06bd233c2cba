import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { bookDelivery } from "~/deliveries/book.server";
import { bookingSchema } from "~/deliveries/booking-schema";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

/**
 * `POST /api/deliveries`: books a delivery for the signed-in user; 201 with the delivery, its
 * discounts and `payment: {id, method, status, checkoutUrl}` (an online booking's checkout to open).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const input = await readJsonBody(request, bookingSchema);
  const delivery = await bookDelivery(context.cloudflare.env, user, input, new URL(request.url).origin);
  return Response.json(toDeliveryView(delivery, null), { status: 201 });
});

export const loader = methodNotAllowed;
