import { useState } from "react";
import { StatusBadge } from "~/components/status-badge";
import { formatPesos, pesosToCentavos } from "~/money/money";
import { RatingForm, RatingStars } from "~/ratings/rating-form";
import type { RatingView } from "~/ratings/rating-schema";
import { formatManilaDateTime } from "~/time/manila";
import { deliveryIdTail } from "./delivery-format";
import type { DeliveryView } from "./delivery-view";

export type RecentBooking = DeliveryView & { rating: RatingView | null };

const pesos = (amount: number) => formatPesos(pesosToCentavos(amount));

/** Your Recent Bookings (booking page): each booking, and once delivered its rating or a Rate button. */
export function RecentBookings({ recent }: { recent: RecentBooking[] }) {
  return (
    <section className="card recent-bookings" id="recent-bookings" aria-labelledby="recent-bookings-title">
      <h2 id="recent-bookings-title">Your Recent Bookings</h2>
      {recent.length === 0 ? (
        <p className="muted">You haven't made any bookings yet</p>
      ) : (
        <ul className="recent-list">
          {recent.map((delivery) => (
            <li key={delivery.id} className="recent-item" data-delivery-id={delivery.id}>
              <div className="recent-head">
                <StatusBadge status={delivery.status} />
                <span className="recent-id">#{deliveryIdTail(delivery.id)}</span>
                <span className="recent-fee">{pesos(delivery.amountDue)}</span>
              </div>
              <p className="recent-route">
                <span className="visually-hidden">From </span>
                {delivery.pickupAddress}, {delivery.pickupCity}
              </p>
              <p className="recent-route">
                <span aria-hidden="true">→ </span>
                <span className="visually-hidden">To </span>
                {delivery.dropoffAddress}, {delivery.dropoffCity}
              </p>
              <p className="muted recent-date">
                <time dateTime={delivery.createdAt}>{formatManilaDateTime(delivery.createdAt)}</time>
              </p>
              {delivery.status === "delivered" ? <BookingRating deliveryId={delivery.id} stored={delivery.rating} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingRating({ deliveryId, stored }: { deliveryId: string; stored: RatingView | null }) {
  const [rating, setRating] = useState(stored);
  const [open, setOpen] = useState(false);
  if (rating) return <RatingStars rating={rating} />;
  if (!open) {
    return (
      <div>
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Rate Delivery
        </button>
      </div>
    );
  }
  return <RatingForm deliveryId={deliveryId} onRated={setRating} />;
}
