import { Brand } from "~/components/brand";
import { STATUS_LABELS } from "~/deliveries/delivery-format";
import { haversineKm } from "~/pricing/distance";
import { formatManilaDateTime } from "~/time/manila";
import { distanceText, etaText } from "./geo-text";
import { LiveMapCard } from "./live-map-card";
import type { MapPoint } from "./map-points";
import type { MapboxSettings } from "./mapbox-map";
import type { RecipientView } from "./recipient-link.server";
import { useLiveDelivery } from "./use-live-delivery";
import { WhoIsComing } from "./who-is-coming";

const point = (latitude: number | null, longitude: number | null): MapPoint | null =>
  latitude !== null && longitude !== null ? { latitude, longitude } : null;

/** The recipient's view: status, who is coming with the handover code, the live map (dropoff and rider) and the ETA. */
export function RecipientTracking({ view, token, mapbox }: { view: RecipientView; token: string; mapbox: MapboxSettings | null }) {
  const live = useLiveDelivery({
    deliveryId: view.deliveryId,
    initialStatus: view.status,
    initialRider: point(view.riderLatitude, view.riderLongitude),
    initialRiderAt: view.riderLocatedAt,
    recipientToken: token,
  });
  const { status, rider } = live;
  const dropoff = point(view.dropoffLatitude, view.dropoffLongitude);
  const toDropoffKm = rider && dropoff ? haversineKm(rider, dropoff) : null;
  const ended = status === "delivered" || status === "cancelled";

  return (
    <main className="page stack-lg tracking-page recipient-page">
      <Brand />
      <h1>Your delivery</h1>
      <section className="card stack" aria-labelledby="recipient-status-heading">
        <h2 id="recipient-status-heading" className="visually-hidden">
          Status
        </h2>
        <dl className="details">
          <dt>Status</dt>
          <dd data-testid="recipient-status">{STATUS_LABELS[status]}</dd>
          <dt>Rider</dt>
          <dd data-testid="recipient-rider">{view.riderFirstName ?? "Not assigned yet"}</dd>
          <dt>Delivering to</dt>
          <dd>
            {view.dropoffAddress}, {view.dropoffCity}
          </dd>
          {!ended ? (
            <>
              <dt>Estimated time</dt>
              <dd data-testid="recipient-eta">
                {toDropoffKm !== null ? `${etaText(toDropoffKm)} (${distanceText(toDropoffKm)} away)` : `About ${view.estimatedDuration} once picked up`}
              </dd>
            </>
          ) : null}
        </dl>
        {status === "delivered" && view.deliveredAt ? <p className="success-text">Delivered on {formatManilaDateTime(view.deliveredAt)}.</p> : null}
        {status === "cancelled" ? <p className="notice">This delivery was cancelled.</p> : null}
      </section>

      {!ended ? <WhoIsComing rider={view.rider} handoverCode={view.handoverCode} /> : null}

      <LiveMapCard
        status={status}
        pickup={null}
        dropoff={dropoff}
        rider={rider}
        lastHeardAt={live.lastHeardAt}
        connection={live.channel.connection}
        mapbox={mapbox}
        deliveredAt={status === "delivered" ? (view.deliveredAt ?? new Date().toISOString()) : null}
      />
    </main>
  );
}
