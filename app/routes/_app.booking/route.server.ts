import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { newFormKey } from "~/forms/form-key.server";
import { decodeCursor } from "~/http/cursor";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { partnerIdOf } from "~/partners/billing-partner.server";
import { ratingsFor } from "~/deliveries/ratings.server";
import { settingsInForce } from "~/settings/settings.server";
import { bookingAction } from "./booking-action.server";
import { RECENT_BOOKINGS } from "./booking-form";
import { customerMayCancel } from "~/deliveries/cancel-delivery";
import { cancellationQuote } from "~/deliveries/cancellation.server";
import { pageCustomerDeliveries } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";

/** `/booking`: the form's catalog and key, and the customer's recent bookings with their fees and ratings. */
export async function bookingPageLoader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context.cloudflare.env);
  // The form's rules are checked in the browser too: their English goes through the server catalog.
  const i18n = messagesFor(languageOf(request, user), [
    "booking",
    "server.booking",
    "server.pricing",
    "server.validation",
    "server.deliveries",
    "server.ratings",
    "server.http",
  ]);
  // The booking's key, made at render time: the form sends it, and a second post with it books nothing more.
  const bookingKey = newFormKey();
  if (!user)
    return {
      recent: [],
      nextCursor: null,
      invoiceAllowed: false,
      rateCard: undefined,
      i18n,
      bookingKey,
      bookedId: null,
    };
  const db = getDb(context.cloudflare.env.DB);
  const query = new URL(request.url).searchParams;
  const [page, partnerId, settings] = await Promise.all([
    // "Load more" without JavaScript is a link to the next page (?cursor=); a bad cursor shows the first.
    pageCustomerDeliveries(db, user.id, {
      cursor: decodeCursor(query.get("cursor") ?? "") ?? null,
      limit: RECENT_BOOKINGS,
    }),
    partnerIdOf(db, user.id),
    settingsInForce(context.cloudflare.env.DB),
  ]);
  const language = languageOf(request, user);
  const [ratings, cancellations] = await Promise.all([
    ratingsFor(
      db,
      page.items.filter((row) => row.status === "delivered").map((row) => row.id),
    ),
    // Each Cancel shows its fee, rendered here so it works without JavaScript.
    Promise.all(
      page.items.map((row) =>
        customerMayCancel(row.status) ? cancellationQuote(context.cloudflare.env, row, language) : null,
      ),
    ),
  ]);
  return {
    recent: page.items.map((delivery, index) => ({
      ...toDeliveryView(delivery),
      rating: ratings.get(delivery.id) ?? null,
      cancellation: cancellations[index] ?? null,
    })),
    nextCursor: page.nextCursor,
    invoiceAllowed: partnerId !== null,
    rateCard: settings.settings.rateCard,
    i18n,
    bookingKey,
    // After booking (?booked=, bookedPage): shown at the top when it is this customer's, among the newest.
    bookedId: query.get("booked"),
  };
}

export const bookingPageAction = ({ request, context }: ActionFunctionArgs) =>
  bookingAction(request, context.cloudflare.env);
