import { getDb } from "~/db/client.server";
import type { User } from "~/db/schema";
import { geocoderFromEnv } from "~/places/geocoder.server";
import { paymentGatewayFromEnv } from "~/payments/gateway.server";
import { peakClock } from "~/pricing/peak-clock.server";
import type { BookingInput } from "./booking-schema";
import { createDelivery } from "./deliveries.server";

/**
 * Books a delivery for `user`, the one path of `POST /api/deliveries` and of the
 * booking page's form: the server prices it, an online payment gets its checkout.
 */
export async function bookDelivery(env: Env, user: User, input: BookingInput, origin: string) {
  return createDelivery(getDb(env.DB), user, input, {
    // The booking stores the points it was priced between.
    geocoder: geocoderFromEnv(env, { permanent: true }),
    gateway:
      input.paymentMethod === "cash" || input.paymentMethod === "invoice" ? null : await paymentGatewayFromEnv(env),
    origin,
    peakAt: peakClock(env),
  });
}
