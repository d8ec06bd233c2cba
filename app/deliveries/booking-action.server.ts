import { data } from "@remix-run/cloudflare";
import { getSessionUser } from "~/auth/session.server";
import { isCityValue, normaliseForSearch, searchCities } from "~/cities/cities";
import { intentOf, readForm, redirectWithToast, runFormStep, submitForm } from "~/forms/form-action.server";
import { formKeyOf, onceForFormKey } from "~/forms/form-key.server";
import { Refusal } from "~/http/refusal";
import { languageOf, translate } from "~/i18n/i18n.server";
import { estimateFor } from "~/pricing/estimate.server";
import { bookDelivery } from "./book.server";
import { bookingQuoteSchema, bookingSchema } from "./booking-schema";
import { toDeliveryView } from "./delivery-view";

export const BOOKING_INTENTS = ["book", "quote"] as const;

/**
 * The /booking page's action (decision 0187): `book` parses the form with the schema of
 * `POST /api/deliveries` and books through the same `bookDelivery`, once per the form's key made at
 * render time (a double tap books once), then redirects back to /booking (or to an online
 * payment's checkout) with the spec's toast; `quote` (the page without JavaScript) answers the
 * price as `POST /api/pricing/calculate` would. A signed-out post goes home with "Session Expired".
 */
export async function bookingAction(request: Request, env: Env) {
  const user = await getSessionUser(request, env);
  const language = languageOf(request, user);
  if (!user) {
    return redirectWithToast(request, "/", {
      title: translate(language, "booking.sessionExpired"),
      description: translate(language, "booking.sessionExpiredBody"),
      variant: "destructive",
    });
  }
  const form = await readForm(request);
  cityFromTyping(form, "pickupCity");
  cityFromTyping(form, "dropoffCity");
  // Enter in a field sends the form without a button's intent: that is booking.
  const intent = form.has("intent") ? intentOf(form, BOOKING_INTENTS) : "book";
  switch (intent) {
    case "quote":
      return submitForm(form, bookingQuoteSchema, async (value, submission) => {
        const estimate = await estimateFor(env, user, value);
        return data({ ...submission.reply(), estimate });
      });
    case "book":
      return submitForm(form, bookingSchema, async (value) => {
        return onceForFormKey(env, user.id, formKeyOf(form), "booking", async () => {
          // The page always shows the box: not sent means unticked (the API's JSON defaults it to on).
          const input = { ...value, notifyRecipient: form.get("notifyRecipient") === "on" };
          const delivery = toDeliveryView(await bookDelivery(env, user, input, new URL(request.url).origin), null);
          // Online: on to the gateway's checkout; riders see the booking once it is paid.
          return redirectWithToast(request, delivery.payment.checkoutUrl ?? "/booking", { title: translate(language, "booking.created") });
        });
      });
    default:
      return runFormStep(async () => {
        throw new Refusal(400, "server.validation.invalidBody");
      });
  }
}

/**
 * The city as typed, when the list could not be used (no JavaScript yet): "makati" is Makati,
 * Metro Manila, the way the picker settles it on leaving the field; text that names no one city
 * stays as typed, and the schema asks to choose from the list.
 */
export function cityFromText(text: string): string {
  const typed = text.trim();
  if (typed === "" || isCityValue(typed)) return typed;
  const wanted = normaliseForSearch(typed);
  const options = searchCities(typed, 50).groups.flatMap((group) => group.values);
  const exact = options.filter((option) => normaliseForSearch(option) === wanted || normaliseForSearch(option.split(",")[0]!) === wanted);
  if (exact.length === 1) return exact[0]!;
  return options.length === 1 ? options[0]! : typed;
}

function cityFromTyping(form: FormData, field: "pickupCity" | "dropoffCity") {
  const chosen = form.get(field);
  const typed = form.get(`${field}Text`);
  if ((typeof chosen === "string" && chosen !== "") || typeof typed !== "string") return;
  form.set(field, cityFromText(typed));
}
