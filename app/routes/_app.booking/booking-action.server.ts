import { data } from "@remix-run/cloudflare";
import { getSessionUser } from "~/auth/session.server";
import { cityNamedBy } from "~/places/cities";
import { intentOf, readForm, redirectWithToast, runFormStep, submitForm } from "~/forms/form-action.server";
import { parseSubmission } from "~/forms/submission";
import { formKeyOf, onceForFormKey } from "~/forms/form-key.server";
import { Refusal } from "~/http/refusal";
import { languageOf, translate } from "~/i18n/i18n.server";
import { estimateFor } from "~/pricing/estimate.server";
import { bookDelivery } from "~/deliveries/book.server";
import { BOOKED_ANCHOR } from "./booking-anchors";
import { bookingQuoteSchema, bookingSchema } from "~/deliveries/booking-schema";
import { toDeliveryView } from "~/deliveries/delivery-view";

/**
 * `book`; `quote` ("See the price", the page without JavaScript); `applyPromo` and `removePromo`
 * (the promo field's Apply and Remove without JavaScript: the quote with the code, or without it).
 */
export const BOOKING_INTENTS = ["book", "quote", "applyPromo", "removePromo"] as const;

/**
 * The /booking page's action (decision 0187): `book` parses the form with the schema of
 * `POST /api/deliveries` and books through the same `bookDelivery`, once per the form's key made at
 * render time (a double tap books once), then redirects back to /booking (or to an online
 * payment's checkout) with its success toast; `quote` (the page without JavaScript) answers the
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
    case "removePromo":
    case "applyPromo": {
      if (intent === "removePromo") form.delete("promoCode");
      // The form comes back as typed, with the price when both cities are there. Only the code's
      // own problem is said: the customer pressed Apply, not Confirm Booking.
      const submission = parseSubmission(form, bookingQuoteSchema);
      if (submission.status !== "success") {
        const reply = submission.reply();
        const promoProblem = reply.error?.promoCode;
        const error: Record<string, string[] | null> = promoProblem ? { promoCode: promoProblem } : {};
        return data({ ...reply, error }, { status: promoProblem ? 400 : 200 });
      }
      return submitForm(form, bookingQuoteSchema, async (value) =>
        data({ ...submission.reply(), estimate: await estimateFor(env, user, value) }),
      );
    }
    case "book":
      return submitForm(form, bookingSchema, async (value) => {
        return onceForFormKey(env, user.id, formKeyOf(form), "booking", async () => {
          // The page always shows the box: not sent means unticked (the API's JSON defaults it to on).
          const input = { ...value, notifyRecipient: form.get("notifyRecipient") === "on" };
          const delivery = toDeliveryView(await bookDelivery(env, user, input, new URL(request.url).origin), null);
          // Online: on to the gateway's checkout; riders see the booking once it is paid.
          // Cash and invoice: back to /booking, which shows the new booking at the top, with its tracking link.
          return redirectWithToast(request, delivery.payment.checkoutUrl ?? bookedPage(delivery.id), {
            title: translate(language, "booking.created"),
          });
        });
      });
    default:
      return runFormStep(async () => {
        throw new Refusal(400, "server.validation.invalidBody");
      });
  }
}

/** Where a booking paid in cash or by invoice goes: /booking, landing at the new booking. */
export const bookedPage = (deliveryId: string) => `/booking?booked=${encodeURIComponent(deliveryId)}#${BOOKED_ANCHOR}`;

/**
 * The city when the list could not be used (no JavaScript, or not yet): one of the places listed
 * under the field ("…Choice", after a city that named no one place), else the city as typed, read
 * the way the picker settles it on leaving the field ("makati" is Makati, Metro Manila). Text that
 * names no one city stays as typed: the schema asks to choose from the list, and the page lists
 * the places it may mean.
 */
function cityFromTyping(form: FormData, field: "pickupCity" | "dropoffCity") {
  const chosen = form.get(field);
  const listed = form.get(`${field}Choice`);
  const typed = form.get(`${field}Text`);
  if (typeof chosen === "string" && chosen !== "") return;
  if (typeof listed === "string" && listed !== "") form.set(field, listed);
  else if (typeof typed === "string") form.set(field, cityNamedBy(typed) ?? typed.trim());
}
