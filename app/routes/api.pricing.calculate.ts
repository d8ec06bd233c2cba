import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { pricingRequestSchema } from "~/deliveries/booking-schema";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { estimateFor } from "~/pricing/estimate.server";

/**
 * `POST /api/pricing/calculate` -> `{baseFare, distanceFee, sizeFee, total, distance,
 * estimatedDuration, fare, idDiscount, promo, peakSurcharge, owedFee}` in pesos. With both cities the
 * server's own distance is used; with only a plain `{distance, packageSize}` that distance is
 * priced. `total` is what the customer pays: the fare less their approved ID discount, then less the
 * promo code, plus the peak-hours surcharge when booked now in a peak window (0 outside one), plus
 * `owedFee`, an earlier unpaid cancellation fee this booking collects (decision 0217).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const body = await readJsonBody(request, pricingRequestSchema);
  return Response.json(await estimateFor(context.cloudflare.env, user, body));
});

export const loader = methodNotAllowed;
