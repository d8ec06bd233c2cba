import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { bookingSchema } from "~/deliveries/booking-schema";
import { createDelivery } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { geocoderFromEnv } from "~/geocoding/geocoder.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { paymentGatewayFromEnv } from "~/payments/gateway.server";
import { peakClock } from "~/pricing/peak-clock.server";

/**
 * `POST /api/deliveries`: books a delivery for the signed-in user; 201 with the delivery, its
 * discounts and `payment: {id, method, status, checkoutUrl}` (an online booking's checkout to open).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const input = await readJsonBody(request, bookingSchema);
  const { env } = context.cloudflare;
  const delivery = await createDelivery(getDb(env.DB), user, input, {
    geocoder: geocoderFromEnv(env),
    gateway: input.paymentMethod === "cash" || input.paymentMethod === "invoice" ? null : await paymentGatewayFromEnv(env),
    origin: new URL(request.url).origin,
    peakAt: peakClock(env),
  });
  return Response.json(toDeliveryView(delivery, null), { status: 201 });
});

export const loader = methodNotAllowed;
