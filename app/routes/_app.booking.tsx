import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { newFormKey } from "~/forms/form-key.server";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { decodeCursor } from "~/http/cursor";
import { bookingAction } from "~/deliveries/booking-action.server";
import { customerMayCancel } from "~/deliveries/cancel-delivery";
import { cancellationQuote } from "~/deliveries/cancellation.server";
import { pageCustomerDeliveries } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { ratingsFor } from "~/ratings/ratings.server";
import { partnerIdOf } from "~/partners/billing-partner.server";
import { settingsInForce } from "~/settings/settings.server";
import bookingStyles from "~/styles/booking.css";
import customerFormStyles from "~/styles/customer-forms.css";
import { useOptionalUser } from "./_app";
import { useT } from "~/i18n/i18n";
import { languageOf, messagesFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta";

import { BookingForm, RECENT_BOOKINGS, REDIRECT_DELAY_MS } from "~/deliveries/booking-form";
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: customerFormStyles },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "booking.meta.title", "Book a Delivery · Hatid") },
  {
    name: "description",
    content: metaText(
      matches,
      "booking.meta.description",
      "Book a package, document or food delivery with Hatid: see the fare before you book, pay cash or online, and follow your rider live.",
    ),
  },
];


export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context.cloudflare.env);
  // The form's rules are checked in the browser too: their English goes through the server catalog.
  const i18n = messagesFor(languageOf(request, user), ["booking", "server.booking", "server.pricing", "server.validation", "server.deliveries", "server.ratings", "server.http"]);
  // The booking's key, made at render time: the form sends it, and a second post with it books nothing more.
  const bookingKey = newFormKey();
  if (!user) return { recent: [], nextCursor: null, invoiceAllowed: false, rateCard: undefined, i18n, bookingKey };
  const db = getDb(context.cloudflare.env.DB);
  const [page, partnerId, settings] = await Promise.all([
    // "Load more" without JavaScript is a link to the next page (?cursor=); a bad cursor shows the first.
    pageCustomerDeliveries(db, user.id, { cursor: decodeCursor(new URL(request.url).searchParams.get("cursor") ?? "") ?? null, limit: RECENT_BOOKINGS }),
    partnerIdOf(db, user.id),
    settingsInForce(context.cloudflare.env.DB),
  ]);
  const language = languageOf(request, user);
  const [ratings, cancellations] = await Promise.all([
    ratingsFor(db, page.items.filter((row) => row.status === "delivered").map((row) => row.id)),
    // Each Cancel shows its fee, rendered here so it works without JavaScript.
    Promise.all(page.items.map((row) => (customerMayCancel(row.status) ? cancellationQuote(context.cloudflare.env, row, language) : null))),
  ]);
  return {
    recent: page.items.map((delivery, index) => ({ ...toDeliveryView(delivery), rating: ratings.get(delivery.id) ?? null, cancellation: cancellations[index] ?? null })),
    nextCursor: page.nextCursor,
    invoiceAllowed: partnerId !== null,
    rateCard: settings.settings.rateCard,
    i18n,
    bookingKey,
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => bookingAction(request, context.cloudflare.env);



export default function BookingPage() {
  const user = useOptionalUser();
  const navigate = useNavigate();
  const t = useT();
  const { bookingKey } = useLoaderData<typeof loader>();

  useEffect(() => {
    if (user) return;
    const timer = setTimeout(() => navigate("/"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, navigate]);

  if (!user) {
    return (
      <main className="page">
        <section className="card booking-notice" role="alert">
          <h1>{t("booking.loginRequired")}</h1>
          <p className="muted">{t("booking.loginRequiredBody")}</p>
        </section>
      </main>
    );
  }
  // A new key after each booking: the form starts afresh for the next one.
  return <BookingForm key={bookingKey} />;
}

