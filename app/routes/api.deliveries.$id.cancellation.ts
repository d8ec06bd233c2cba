import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { cancellationQuote } from "~/deliveries/cancellation.server";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { requestLanguage } from "~/i18n/i18n.server";

/**
 * `GET /api/deliveries/{id}/cancellation` (the customer who booked it): `{allowed, fee, reason, owed}`
 * (`reason` in the caller's language)
 * for cancelling now (`owed`: the part of the fee added to their next booking, decision 0217), from the one cancellation policy the status call charges. 404 when the
 * caller may not see the delivery; 403 for anyone else who may (its rider, admins).
 */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const found = await getVisibleDelivery(getDb(context.cloudflare.env.DB), user, params.id ?? "");
  if (!found) throw new Refusal(404, "server.deliveries.notFound");
  if (found.delivery.customerId !== user.id) throw new Refusal(403, "server.deliveries.onlyCustomerCancelsHere");
  const quote = await cancellationQuote(
    context.cloudflare.env,
    found.delivery,
    await requestLanguage(request, context.cloudflare.env),
  );
  return Response.json(quote, { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed;
