import { Link } from "@remix-run/react";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { LiveStatusBadge } from "~/deliveries/live-status-badge";
import { hasEnded } from "~/tracking/messages";
import type { CustomerRecentBooking } from "./home.server";

/**
 * The customer's home: Book a Delivery always at hand, and the newest bookings, each opening its
 * tracking page; the active ones' status stays live.
 */
export function CustomerRecent({ recent, userId }: { recent: CustomerRecentBooking[]; userId: string }) {
  return (
    <section className="card stack" aria-labelledby="recent-activity-heading">
      <div className="row recent-activity-head">
        <h2 id="recent-activity-heading">Your Recent Bookings</h2>
        <Link to="/booking" className="button" data-testid="home-book">
          Book a Delivery
        </Link>
      </div>
      {recent.length === 0 ? (
        <p className="muted">You haven't made any bookings yet</p>
      ) : (
        <ul className="home-recent-list" data-testid="home-recent">
          {recent.map((booking) => (
            <li key={booking.id} className="home-recent-item" data-delivery-id={booking.id}>
              <Link to={`/tracking/${booking.id}`} className="recent-link">
                <span className="recent-id">#{deliveryIdTail(booking.id)}</span> {booking.pickupCity} → {booking.dropoffCity}
                <span className="visually-hidden">, track this delivery</span>
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
