import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { cancellationInputOf, cancellationPolicy } from "~/deliveries/state-machine";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { requestLanguage, translateMessage } from "~/i18n/i18n.server";
import { centavosToPesos } from "~/money/money";
import { settingsOfVersion } from "~/settings/settings.server";
import { feeOutcome } from "~/payments/owed-fees.server";

/**
 * `GET /api/deliveries/{id}/cancellation` (the customer who booked it): `{allowed, fee, reason, owed}`
 * (`reason` in the caller's language)
 * for cancelling now (`owed`: the part of the fee added to their next booking, decision 0182), from the one cancellation policy the status call charges. 404 when the
 * caller may not see the delivery; 403 for anyone else who may (its rider, admins).
 */
export const loader = apiHandler(["GET", "HEAD"], async ({ request, context, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const found = await getVisibleDelivery(getDb(context.cloudflare.env.DB), user, params.id ?? "");
  if (!found) throw new Refusal(404, "server.deliveries.notFound");
  if (found.delivery.customerId !== user.id) throw new Refusal(403, "server.deliveries.onlyCustomerCancelsHere");
  const { cancellationFees } = await settingsOfVersion(context.cloudflare.env.DB, found.delivery.settingsVersion);
  const policy = cancellationPolicy(cancellationInputOf(found.delivery, new Date()), cancellationFees);
  return Response.json(
    {
      allowed: policy.allowed,
      fee: centavosToPesos(policy.fee ?? 0),
      reason: translateMessage(await requestLanguage(request, context.cloudflare.env), policy.reason),
      owed: centavosToPesos(feeOutcome(found.delivery, policy.fee ?? 0).owed),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const action = methodNotAllowed;
