import type { z } from "zod";
import { getDb } from "~/db/client.server";
import type { User } from "~/db/schema";
import { assertWithinReach } from "~/deliveries/booking-limits.server";
import type { pricingRequestSchema } from "~/deliveries/booking-schema";
import { geocoderFromEnv } from "~/places/geocoder.server";
import { centavosToPesos } from "~/money/money";
import { unpaidOwedFees } from "~/payments/owed-fees.server";
import { settingsInForce } from "~/settings/settings.server";
import type { Estimate } from "./estimate";
import { withPeakSurcharge } from "./peak";
import { peakClock } from "./peak-clock.server";
import { priceDistance, priceRoute } from "./pricing.server";
import { discountFareFor, discountView } from "./quote.server";

/**
 * The price of a booking as the customer would pay it now (`POST /api/pricing/calculate`, and the
 * booking page's "See the price" without JavaScript): with both cities the server's own distance,
 * else the `distance` sent; less the customer's ID discount and promo code, plus the peak-hours
 * surcharge and an earlier unpaid cancellation fee (decision 0217). Pesos.
 */
export async function estimateFor(
  env: Env,
  user: User,
  body: z.output<typeof pricingRequestSchema>,
): Promise<Estimate> {
  const { settings } = await settingsInForce(env.DB);
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
          { geocoder: geocoderFromEnv(env), rateCard: settings.rateCard },
        )
      : priceDistance(body.distance!, body.packageSize, settings.rateCard);
  // A trip between two cities that could not be booked is refused here too.
  if (body.pickupCity !== undefined && body.dropoffCity !== undefined) assertWithinReach(price.distanceKm, settings);
  const now = new Date();
  const discounted = await discountFareFor(
    getDb(env.DB),
    user,
    price.total,
    body.promoCode,
    now,
    settings.promoCodes,
    settings.idDiscountPercents,
  );
  const priced = withPeakSurcharge(discounted, peakClock(env, now.getTime()), settings.peakHours);
  const owed = await unpaidOwedFees(env.DB, user.id);
  return {
    baseFare: centavosToPesos(price.baseFare),
    distanceFee: centavosToPesos(price.distanceFee),
    sizeFee: centavosToPesos(price.sizeFee),
    ...discountView(priced),
    owedFee: centavosToPesos(owed.amount),
    total: centavosToPesos(priced.total + owed.amount),
    distance: price.distance,
    estimatedDuration: price.estimatedDuration,
    // Measured between city centres (no geocoder, or it failed): pages say "about".
    approximate: "distanceSource" in price && price.distanceSource !== "geocoded",
  };
}
