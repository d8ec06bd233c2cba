import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { pageCustomerDeliveries } from "~/deliveries/deliveries.server";
import { toDeliveryView } from "~/deliveries/delivery-view";
import { ratingsFor } from "~/ratings/ratings.server";
import { partnerIdOf } from "~/partners/membership.server";
import { settingsInForce } from "~/settings/settings.server";
import bookingStyles from "~/styles/booking.css";
import { useOptionalUser } from "./_app";

import { BookingForm, RECENT_BOOKINGS, REDIRECT_DELAY_MS } from "~/deliveries/booking-form";
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];

export const meta: MetaFunction = () => [
  { title: "Book a Delivery · Hatid" },
  {
    name: "description",
    content: "Book a package, document or food delivery with Hatid: see the fare before you book, pay cash or online, and follow your rider live.",
  },
];


export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context.cloudflare.env);
  if (!user) return { recent: [], nextCursor: null, invoiceAllowed: false, rateCard: undefined };
  const db = getDb(context.cloudflare.env.DB);
  const [page, partnerId, settings] = await Promise.all([
    pageCustomerDeliveries(db, user.id, { cursor: null, limit: RECENT_BOOKINGS }),
    partnerIdOf(db, user.id),
    settingsInForce(context.cloudflare.env.DB),
  ]);
  const ratings = await ratingsFor(db, page.items.filter((row) => row.status === "delivered").map((row) => row.id));
  return {
    recent: page.items.map((delivery) => ({ ...toDeliveryView(delivery), rating: ratings.get(delivery.id) ?? null })),
    nextCursor: page.nextCursor,
    invoiceAllowed: partnerId !== null,
    rateCard: settings.settings.rateCard,
  };
}



export default function BookingPage() {
  const user = useOptionalUser();
  const navigate = useNavigate();

  useEffect(() => {
    if (user) return;
    const timer = setTimeout(() => navigate("/"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, navigate]);

  if (!user) {
    return (
      <main className="page">
        <section className="card booking-notice" role="alert">
          <h1>Login Required</h1>
          <p className="muted">Please log in to book a delivery. Taking you to the sign-in page...</p>
        </section>
      </main>
    );
  }
  return <BookingForm />;
}

