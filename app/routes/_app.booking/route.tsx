import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { BookingForm, REDIRECT_DELAY_MS } from "./booking-form";
import type { bookingPageLoader as loader } from "./route.server";
import { useT } from "~/i18n/i18n";
import { metaText } from "~/i18n/meta";
import bookingStyles from "~/styles/booking.css";
import customerFormStyles from "~/styles/customer-forms.css";
import { useOptionalUser } from "~/auth/use-user";

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

export { bookingPageLoader as loader, bookingPageAction as action } from "./route.server";

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
