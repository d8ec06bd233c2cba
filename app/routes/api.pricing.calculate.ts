import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { pricingRequestSchema } from "~/deliveries/booking-schema";
import { geocoderFromEnv } from "~/geocoding/geocoder.server";
import { apiError, apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { centavosToPesos } from "~/money/money";
import { priceDistance, priceRoute, UnknownCityError } from "~/pricing/pricing.server";
import { discountFareFor, discountView } from "~/pricing/quote.server";
import { withPeakSurcharge } from "~/pricing/peak";
import { peakClock } from "~/pricing/peak-clock.server";
import { getDb } from "~/db/client.server";
import { settingsInForce } from "~/settings/settings.server";

/**
 * `POST /api/pricing/calculate` -> `{baseFare, distanceFee, sizeFee, total, distance,
 * estimatedDuration, fare, idDiscount, promo, peakSurcharge}` in pesos. With both cities the server's
 * own distance is used; with only the spec's `{distance, packageSize}` that distance is priced.
 * `total` is what the customer pays: the fare less their approved ID discount, then less the promo
 * code, plus the peak-hours surcharge when booked now in a peak window (0 outside one).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const body = await readJsonBody(request, pricingRequestSchema);
  const { settings } = await settingsInForce(context.cloudflare.env.DB);
  try {
    const price =
      body.pickupCity !== undefined && body.dropoffCity !== undefined
        ? await priceRoute(
            {
              pickupCity: body.pickupCity,
              dropoffCity: body.dropoffCity,
              pickupAddress: body.pickupAddress,
              dropoffAddress: body.dropoffAddress,
              packageSize: body.packageSize,
            },
            { geocoder: geocoderFromEnv(context.cloudflare.env), rateCard: settings.rateCard },
          )
        : priceDistance(body.distance!, body.packageSize, settings.rateCard);
    const now = new Date();
    const discounted = await discountFareFor(getDb(context.cloudflare.env.DB), user, price.total, body.promoCode, now, settings.promoCodes, settings.idDiscountPercents);
    const priced = withPeakSurcharge(discounted, peakClock(context.cloudflare.env, now.getTime()), settings.peakHours);
    return Response.json({
      baseFare: centavosToPesos(price.baseFare),
      distanceFee: centavosToPesos(price.distanceFee),
      sizeFee: centavosToPesos(price.sizeFee),
      ...discountView(priced),
      distance: price.distance,
      estimatedDuration: price.estimatedDuration,
    });
  } catch (error) {
    if (error instanceof UnknownCityError) return apiError(400, error.message, { errors: { [error.field]: [error.message] } });
    throw error;
  }
});

export const loader = () => methodNotAllowed();
