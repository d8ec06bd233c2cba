import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { pricingRequestSchema } from "~/deliveries/booking-schema";
import { geocoderFromEnv } from "~/geocoding/geocoder.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { centavosToPesos } from "~/money/money";
import { priceDistance, priceRoute } from "~/pricing/pricing.server";
import { discountFareFor, discountView } from "~/pricing/quote.server";
import { withPeakSurcharge } from "~/pricing/peak";
import { peakClock } from "~/pricing/peak-clock.server";
import { getDb } from "~/db/client.server";
import { settingsInForce } from "~/settings/settings.server";
import { assertWithinReach } from "~/deliveries/booking-limits.server";
import { unpaidOwedFees } from "~/payments/owed-fees.server";

/**
 * `POST /api/pricing/calculate` -> `{baseFare, distanceFee, sizeFee, total, distance,
 * estimatedDuration, fare, idDiscount, promo, peakSurcharge, owedFee}` in pesos. With both cities the
 * server's own distance is used; with only the spec's `{distance, packageSize}` that distance is
 * priced. `total` is what the customer pays: the fare less their approved ID discount, then less the
 * promo code, plus the peak-hours surcharge when booked now in a peak window (0 outside one), plus
 * `owedFee`, an earlier unpaid cancellation fee this booking collects (decision 0182).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const body = await readJsonBody(request, pricingRequestSchema);
  const { settings } = await settingsInForce(context.cloudflare.env.DB);
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
  // A trip between two cities that could not be booked is refused here too (issue 27).
  if (body.pickupCity !== undefined && body.dropoffCity !== undefined) assertWithinReach(price.distanceKm, settings);
  const now = new Date();
  const discounted = await discountFareFor(getDb(context.cloudflare.env.DB), user, price.total, body.promoCode, now, settings.promoCodes, settings.idDiscountPercents);
  const priced = withPeakSurcharge(discounted, peakClock(context.cloudflare.env, now.getTime()), settings.peakHours);
  const owed = await unpaidOwedFees(context.cloudflare.env.DB, user.id);
  return Response.json({
    baseFare: centavosToPesos(price.baseFare),
    distanceFee: centavosToPesos(price.distanceFee),
    sizeFee: centavosToPesos(price.sizeFee),
    ...discountView(priced),
    owedFee: centavosToPesos(owed.amount),
    total: centavosToPesos(priced.total + owed.amount),
    distance: price.distance,
    estimatedDuration: price.estimatedDuration,
    // Measured between city centres (no geocoder, or it failed): pages say "about" (issue 27).
    approximate: "distanceSource" in price && price.distanceSource !== "geocoded",
  });
});

export const loader = methodNotAllowed;
