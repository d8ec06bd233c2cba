import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { bookingSchema } from "~/deliveries/booking-schema";
import { createDelivery } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { geocoderFromEnv } from "~/geocoding/geocoder.server";
import { apiError, readJsonBody } from "~/http/api.server";
import { UnknownCityError } from "~/pricing/pricing.server";

/** `POST /api/deliveries`: books a delivery for the signed-in user; 201 with the delivery. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const user = await requireApiUser({ request, context });
  const input = await readJsonBody(request, bookingSchema);
  try {
    const delivery = await createDelivery(getDb(context.cloudflare.env.DB), user, input, {
      geocoder: geocoderFromEnv(context.cloudflare.env),
    });
    return Response.json(toDeliveryView(delivery, null), { status: 201 });
  } catch (error) {
    if (error instanceof UnknownCityError) return apiError(400, error.message, { errors: { [error.field]: [error.message] } });
    throw error;
  }
}

export const loader = () => apiError(405, "Method Not Allowed");
