import { getDb } from "~/db/client.server";
import {
  intentOf,
  readForm,
  redirectWithToast,
  requireActionUser,
  runFormStep,
  submitForm,
} from "~/forms/form-action.server";
import { Refusal } from "~/http/refusal";
import { languageOf, translate } from "~/i18n/i18n.server";
import { asPesos, formatPesoAmount, pesosToCentavos } from "~/money/money";
import { ratingSchema } from "~/deliveries/rating-schema";
import { rateDelivery } from "~/deliveries/ratings.server";
import { changeDeliveryStatus } from "~/deliveries/rider-operations.server";
import { statusChangeSchema } from "~/deliveries/status-schema";

export const CUSTOMER_DELIVERY_INTENTS = ["cancel", "rate"] as const;

/** Where a form sent from another page (Your Recent Bookings) goes back to: a path of this site only. */
export function backTo(form: FormData, fallback: string): string {
  const wanted = form.get("redirectTo");
  return typeof wanted === "string" && /^\/(?!\/)[^\\\s]*$/.test(wanted) ? wanted : fallback;
}

/**
 * The tracking page's action for the customer's forms (decision 0187), also the target of the
 * same forms in Your Recent Bookings: `cancel` (`status=cancelled` with the fee the customer saw,
 * through the status change `POST /api/deliveries/{id}/status` runs; a fee that changed meanwhile
 * is refused with 409 and charges nothing) and `rate` (the schema and function of
 * `POST /api/deliveries/{id}/rating`). Success redirects back with its success toast.
 */
export async function customerDeliveryAction(request: Request, env: Env, deliveryId: string) {
  const form = await readForm(request);
  const back = backTo(form, `/tracking/${deliveryId}`);
  return runFormStep(async () => {
    const user = await requireActionUser(request, env);
    const language = languageOf(request, user);
    switch (intentOf(form, CUSTOMER_DELIVERY_INTENTS)) {
      case "cancel":
        return submitForm(form, statusChangeSchema, async (value) => {
          // The page's form only cancels; the other steps are the rider's.
          if (value.status !== "cancelled") throw new Refusal(400, "server.deliveries.statusInvalid");
          const fee = asPesos(value.cancellationFee ?? 0);
          await changeDeliveryStatus({ env }, user, deliveryId, "cancelled", new Date(), {
            expectedCancellationFee:
              value.cancellationFee === undefined ? undefined : pesosToCentavos(value.cancellationFee),
          });
          return redirectWithToast(request, back, {
            title: translate(language, "app.cancel.done"),
            description:
              fee > 0
                ? translate(language, "app.cancel.doneWithFee", { fee: formatPesoAmount(fee) })
                : translate(language, "app.cancel.doneFree"),
          });
        });
      case "rate":
        return submitForm(form, ratingSchema, async (value) => {
          await rateDelivery(env.DB, getDb(env.DB), user, deliveryId, value);
          return redirectWithToast(request, back, { title: translate(language, "app.rating.thanks") });
        });
      default:
        throw new Refusal(400, "server.validation.invalidBody");
    }
  });
}
