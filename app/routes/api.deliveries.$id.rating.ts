import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { ratingSchema } from "~/deliveries/rating-schema";
import { rateDelivery } from "~/deliveries/ratings.server";

/**
 * `POST /api/deliveries/{id}/rating` with `{ stars, comment? }`: the delivery's customer rates it
 * once it is delivered; 201 `{ rating }`. 400 bad body, 404 not visible, 403 not the customer,
 * 409 not delivered or already rated.
 */
export const action = apiHandler(["POST"], async ({ request, context, params }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const input = await readJsonBody(request, ratingSchema);
  const { env } = context.cloudflare;
  const rating = await rateDelivery(env.DB, getDb(env.DB), user, params.id ?? "", input);
  return Response.json({ rating }, { status: 201 });
});

export const loader = methodNotAllowed;
