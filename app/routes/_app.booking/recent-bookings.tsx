import { Link } from "@remix-run/react";
import { useState } from "react";
import { hasEnded } from "~/tracking/channel-messages";
import { LiveStatusBadge } from "~/deliveries/live-status-badge";
import { StatusBadge } from "~/components/status-badge";
import { formatPesoAmount } from "~/money/money";
import { RatingForm, RatingStars } from "~/deliveries/rating-form";
import { CancelDeliveryButton, customerMayCancel } from "~/deliveries/cancel-delivery";
import type { RatingView } from "~/deliveries/rating-schema";
import { formatManilaDateTime } from "~/i18n/manila";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import type { CancellationQuote } from "~/deliveries/cancellation.server";
import { useT } from "~/i18n/i18n";

export type RecentBooking = DeliveryView & { rating: RatingView | null; cancellation?: CancellationQuote | null };

/**
 * The booking page's "Your Recent Bookings": the newest few from the loader, then more, page by
 * page, from `GET /api/deliveries/my?cursor=` (its `X-Next-Cursor` says whether there are more).
 * Each delivered booking shows its rating, or a Rate button.
 */
export function RecentBookings({
  recent,
  nextCursor,
  pageSize,
  userId,
}: {
  userId?: string;
  recent: RecentBooking[];
  nextCursor: string | null;
  pageSize: number;
}) {
  // The first page comes from the loader (fresh after every revalidation, e.g. a cancellation);
  // older pages are what "Load more" fetched since.
  const t = useT();
  const [older, setOlder] = useState<RecentBooking[]>([]);
  const items = [...recent, ...older.filter((delivery) => !recent.some((shown) => shown.id === delivery.id))];
  const [cursor, setCursor] = useState(nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const response = await fetch(`/api/deliveries/my?limit=${pageSize}&cursor=${encodeURIComponent(cursor)}`, {
        credentials: "include",
      });
      if (!response.ok) throw new Error(String(response.status));
      const more = (await response.json()) as RecentBooking[];
      setOlder((loaded) => [...loaded, ...more.filter((delivery) => !loaded.some((s) => s.id === delivery.id))]);
      setCursor(response.headers.get("X-Next-Cursor"));
    } catch {
      setError(t("booking.recent.moreFailed"));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="card recent-bookings" id="recent-bookings" aria-labelledby="recent-bookings-title">
      <h2 id="recent-bookings-title">{t("booking.recent.heading")}</h2>
      {items.length === 0 ? (
        <p className="muted">{t("booking.recent.empty")}</p>
      ) : (
        <ul className="recent-list">
          {items.map((delivery) => (
            <li key={delivery.id} className="recent-item" data-delivery-id={delivery.id}>
              <div className="recent-head">
                {hasEnded(delivery.status) || !userId ? (
                  <StatusBadge status={delivery.status} />
                ) : (
                  <LiveStatusBadge deliveryId={delivery.id} userId={userId} initial={delivery.status} />
                )}
                <Link className="recent-id" to={`/tracking/${delivery.id}`}>
                  {t("booking.recent.track", { id: deliveryIdTail(delivery.id) })}
                </Link>
                {/* A cancelled booking costs its cancellation fee, if any, not its fare. */}
                <span className="recent-fee" data-testid="recent-fee">
                  {delivery.status !== "cancelled"
                    ? formatPesoAmount(delivery.amountDue)
                    : delivery.cancellationFee > 0
                      ? t("booking.recent.cancellationFee", { amount: formatPesoAmount(delivery.cancellationFee) })
                      : t("booking.recent.noCharge")}
                </span>
              </div>
              <p className="recent-route">
                <span className="visually-hidden">{t("booking.recent.from")}</span>
                {delivery.pickupAddress}, {delivery.pickupCity}
              </p>
              <p className="recent-route">
                <span aria-hidden="true">→ </span>
                <span className="visually-hidden">{t("booking.recent.to")}</span>
                {delivery.dropoffAddress}, {delivery.dropoffCity}
              </p>
              <p className="muted recent-date">
                <time dateTime={delivery.createdAt}>{formatManilaDateTime(delivery.createdAt)}</time>
              </p>
              {delivery.status === "delivered" ? (
                <BookingRating deliveryId={delivery.id} stored={delivery.rating} />
              ) : null}
              {customerMayCancel(delivery.status) ? (
                <CancelDeliveryButton
                  deliveryId={delivery.id}
                  quote={delivery.cancellation ?? null}
                  redirectTo="/booking"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {cursor ? (
        <Link
          to={`/booking?cursor=${encodeURIComponent(cursor)}#recent-bookings`}
          className="button button-secondary"
          aria-busy={loading}
          onClick={(event) => {
            // With JavaScript the older bookings are added below; without it, the link shows them.
            event.preventDefault();
            if (!loading) void loadMore();
          }}
        >
          {loading ? t("booking.recent.loading") : t("booking.recent.more")}
        </Link>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** A delivered booking's stars, or Rate: a disclosure with the rating form (no JavaScript needed to open it). */
function BookingRating({ deliveryId, stored }: { deliveryId: string; stored: RatingView | null }) {
  const t = useT();
  if (stored) return <RatingStars rating={stored} />;
  return (
    <details className="rate-delivery">
      <summary className="button button-secondary" role="button">
        {t("booking.recent.rate")}
      </summary>
      <RatingForm deliveryId={deliveryId} redirectTo="/booking" />
    </details>
  );
}
