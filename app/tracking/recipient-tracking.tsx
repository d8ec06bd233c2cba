import { useCallback, useMemo, useState } from "react";
import { Brand } from "~/components/brand";
import type { DeliveryStatus } from "~/db/enums";
import { STATUS_LABELS } from "~/deliveries/delivery-format";
import { haversineKm } from "~/pricing/distance";
import { formatManilaDateTime } from "~/time/manila";
import { distanceText, etaText } from "./geo-text";
import { MARKER_COLOURS, type MapPoint, type MapPoints } from "./map-points";
import { MapboxLiveMap, type MapboxSettings } from "./mapbox-map";
import type { ServerMessage } from "./messages";
import type { RecipientView } from "./recipient-link.server";
import { SchematicMap } from "./schematic-map";
import { useDeliveryChannel } from "./use-delivery-channel";
import { WhoIsComing } from "./who-is-coming";

const point = (latitude: number | null, longitude: number | null): MapPoint | null =>
  latitude !== null && longitude !== null ? { latitude, longitude } : null;

/** The recipient's view: status, the rider's first name, the live map (dropoff and rider) and the ETA. */
export function RecipientTracking({ view, token, mapbox }: { view: RecipientView; token: string; mapbox: MapboxSettings | null }) {
  const [status, setStatus] = useState<DeliveryStatus>(view.status);
  const [rider, setRider] = useState<MapPoint | null>(point(view.riderLatitude, view.riderLongitude));
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === "location_update" && message.deliveryId === view.deliveryId) setRider({ latitude: message.latitude, longitude: message.longitude });
      else if ((message.type === "status_update" || message.type === "subscribed") && message.deliveryId === view.deliveryId) setStatus(message.status);
    },
    [view.deliveryId],
  );
  const { connected } = useDeliveryChannel(view.deliveryId, undefined, onMessage, token);
  const dropoff = point(view.dropoffLatitude, view.dropoffLongitude);
  const points: MapPoints = useMemo(() => ({ pickup: null, dropoff, rider }), [dropoff?.latitude, dropoff?.longitude, rider?.latitude, rider?.longitude]); // eslint-disable-line react-hooks/exhaustive-deps
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

      <section className="card stack" aria-labelledby="recipient-map-heading">
        <div className="row map-header">
          <h2 id="recipient-map-heading">Live Map</h2>
          <span className={connected ? "badge badge-connected" : "badge badge-disconnected"} role="status">
            {connected ? "Connected" : "Disconnected"}
          </span>
        </div>
        {mapbox ? <MapboxLiveMap settings={mapbox} points={points} /> : <SchematicMap points={points} />}
        <ul className="legend" aria-label="Legend">
          <li>
            <span className="legend-dot" style={{ background: MARKER_COLOURS.dropoff }} aria-hidden="true" /> Dropoff
          </li>
          <li>
            <span className="legend-dot" style={{ background: MARKER_COLOURS.rider }} aria-hidden="true" /> Rider
          </li>
        </ul>
      </section>
    </main>
  );
}
