import { Link } from "@remix-run/react";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { LiveStatusBadge } from "~/deliveries/live-status-badge";
import { hasEnded } from "~/tracking/channel-messages";
import type { CustomerRecentBooking } from "./route.server";
import { useT } from "~/i18n/i18n";

/**
 * The customer's home: Book a Delivery always at hand, and the newest bookings, each opening its
 * tracking page; the active ones' status stays live.
 */
export function CustomerRecent({ recent, userId }: { recent: CustomerRecentBooking[]; userId: string }) {
  const t = useT();
  return (
    <section className="card stack" aria-labelledby="recent-activity-heading">
      <div className="row recent-activity-head">
        <h2 id="recent-activity-heading">{t("home.recent.heading")}</h2>
        <Link to="/booking" className="button" data-testid="home-book">
          {t("home.recent.book")}
        </Link>
      </div>
      {recent.length === 0 ? (
        <p className="muted">{t("home.recent.empty")}</p>
      ) : (
        <ul className="home-recent-list" data-testid="home-recent">
          {recent.map((booking) => (
            <li key={booking.id} className="home-recent-item" data-delivery-id={booking.id}>
              <Link to={`/tracking/${booking.id}`} className="recent-link">
                <span className="recent-id">#{deliveryIdTail(booking.id)}</span> {booking.pickupCity} →{" "}
                {booking.dropoffCity}
                <span className="visually-hidden">{t("home.recent.track")}</span>
              </Link>{" "}
              {hasEnded(booking.status) ? (
                <StatusBadge status={booking.status} />
              ) : (
                <LiveStatusBadge deliveryId={booking.id} userId={userId} initial={booking.status} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
