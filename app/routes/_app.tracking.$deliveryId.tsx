import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
import { useCallback, useMemo, useState } from "react";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import type { DeliveryStatus } from "~/db/schema";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { toDeliveryView, type DeliveryView } from "~/deliveries/delivery-view";
import { PACKAGE_SIZE_LABELS } from "~/pricing/rate-card";
import { haversineKm } from "~/pricing/distance";
import trackingStylesheetUrl from "~/styles/tracking.css";
import { distanceText, etaText, statusText } from "~/tracking/geo-text";
import type { MapPoint, MapPoints } from "~/tracking/map-points";
import { MARKER_COLOURS } from "~/tracking/map-points";
import { MapboxLiveMap, type MapboxSettings } from "~/tracking/mapbox-map";
import { isTrackable, type ServerMessage } from "~/tracking/messages";
import { SchematicMap } from "~/tracking/schematic-map";
import { CancelDeliveryButton, customerMayCancel } from "~/deliveries/cancel-delivery";
import { useDeliveryChannel } from "~/tracking/use-delivery-channel";
import { useLocationSharing } from "~/tracking/use-location-sharing";
import { formatPesos, pesosToCentavos } from "~/money/money";
import { useUser } from "./_app";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: trackingStylesheetUrl },
  { rel: "stylesheet", href: mapboxStylesheetUrl },
];

export const meta: MetaFunction = () => [{ title: "Delivery Tracking · Hatid" }, { name: "robots", content: "noindex" }];

const DEFAULT_MAPBOX_STYLE = "mapbox://styles/mapbox/streets-v12";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const user = await getSessionUser(request, env);
  if (!user) return data({ delivery: null, mapbox: null });
  const found = await getVisibleDelivery(getDb(env.DB), user, params.deliveryId ?? "");
  if (!found) return data({ delivery: null, mapbox: null }, { status: 404 });
  const mapbox: MapboxSettings | null = env.MAPBOX_TOKEN ? { token: env.MAPBOX_TOKEN, style: env.MAPBOX_STYLE || DEFAULT_MAPBOX_STYLE } : null;
  return data({ delivery: toDeliveryView(found.delivery, found.rider), mapbox });
}

const point = (latitude: string | null, longitude: string | null): MapPoint | null =>
  latitude !== null && longitude !== null ? { latitude: Number(latitude), longitude: Number(longitude) } : null;

/** The live tracking page (spec section 2, Tracking page). */
export default function Tracking() {
  const { delivery, mapbox } = useLoaderData<typeof loader>();
  if (!delivery) {
    return (
      <main className="page">
        <div className="card stack" role="alert">
          <p>Failed to load delivery information</p>
          <Link to="/" className="button">
            Go Home
          </Link>
        </div>
      </main>
    );
  }
  return <LiveTracking key={delivery.id} delivery={delivery} mapbox={mapbox} />;
}

function LiveTracking({ delivery, mapbox }: { delivery: DeliveryView; mapbox: MapboxSettings | null }) {
  const user = useUser();
  const navigate = useNavigate();
  const [status, setStatus] = useState<DeliveryStatus>(delivery.status);
  const [riderPosition, setRiderPosition] = useState<MapPoint | null>(point(delivery.riderLatitude, delivery.riderLongitude));

  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === "location_update" && message.deliveryId === delivery.id) {
        setRiderPosition({ latitude: message.latitude, longitude: message.longitude });
      } else if ((message.type === "status_update" || message.type === "subscribed") && message.deliveryId === delivery.id) {
        setStatus(message.status);
      } else if (message.type === "error") {
        console.error("Live tracking:", message.message);
      }
    },
    [delivery.id],
  );
  const { connected, send } = useDeliveryChannel(delivery.id, user.id, onMessage);

  const isAssignedRider = user.role === "rider" && delivery.riderId === user.id;
  const sharing = isAssignedRider && isTrackable(status);
  const own = useLocationSharing({ enabled: sharing, deliveryId: delivery.id, riderId: user.id, send });
  const rider = (sharing ? own.position : null) ?? riderPosition;

  const pickup = point(delivery.pickupLatitude, delivery.pickupLongitude);
  const dropoff = point(delivery.dropoffLatitude, delivery.dropoffLongitude);
  const points: MapPoints = useMemo(() => ({ pickup, dropoff, rider }), [pickup?.latitude, pickup?.longitude, dropoff?.latitude, dropoff?.longitude, rider?.latitude, rider?.longitude]); // eslint-disable-line react-hooks/exhaustive-deps
  const toDropoffKm = rider && dropoff ? haversineKm(rider, dropoff) : null;

  return (
    <main className="page stack-lg tracking-page">
      <div className="row">
        <button type="button" className="button button-secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}>
          ← Back
        </button>
        <h1 className="tracking-title">
          Delivery Tracking <span className="muted">#{deliveryIdTail(delivery.id)}</span>
        </h1>
      </div>

      <div className="tracking-grid">
        <section className="card" aria-labelledby="details-heading">
          <h2 id="details-heading">Delivery Details</h2>
          <dl className="details">
            <dt>Status</dt>
            <dd data-testid="tracking-status" className="status-text">
              {statusText(status)}
            </dd>
            <dt>Package Type</dt>
            <dd className="capitalize">{delivery.packageType}</dd>
            <dt>Package Size</dt>
            <dd>{PACKAGE_SIZE_LABELS[delivery.packageSize]}</dd>
            <dt>Total Fee</dt>
            <dd>{formatPesos(pesosToCentavos(delivery.totalFee))}</dd>
          </dl>
          {delivery.customerId === user.id && customerMayCancel(status) ? (
            <CancelDeliveryButton deliveryId={delivery.id} onCancelled={() => setStatus("cancelled")} />
          ) : null}
        </section>

        <section className="card" aria-labelledby="locations-heading">
          <h2 id="locations-heading">Locations</h2>
          <div className="location-line">
            <span className="legend-dot" style={{ background: MARKER_COLOURS.pickup }} aria-hidden="true" />
            <div>
              <strong>Pickup</strong>
              <p>
                {delivery.pickupAddress}, {delivery.pickupCity}
              </p>
            </div>
          </div>
          <div className="location-line">
            <span className="legend-dot" style={{ background: MARKER_COLOURS.dropoff }} aria-hidden="true" />
            <div>
              <strong>Dropoff</strong>
              <p>
                {delivery.dropoffAddress}, {delivery.dropoffCity}
              </p>
            </div>
          </div>
        </section>
      </div>

      <section className="card stack" aria-labelledby="map-heading">
        <div className="row map-header">
          <h2 id="map-heading">Live Map</h2>
          <span className={connected ? "badge badge-connected" : "badge badge-disconnected"} role="status">
            {connected ? "Connected" : "Disconnected"}
          </span>
        </div>
        {mapbox ? <MapboxLiveMap settings={mapbox} points={points} /> : <SchematicMap points={points} />}
        <ul className="legend" aria-label="Legend">
          <li>
            <span className="legend-dot" style={{ background: MARKER_COLOURS.pickup }} aria-hidden="true" /> Pickup
          </li>
          <li>
            <span className="legend-dot" style={{ background: MARKER_COLOURS.dropoff }} aria-hidden="true" /> Dropoff
          </li>
          <li>
            <span className="legend-dot" style={{ background: MARKER_COLOURS.rider }} aria-hidden="true" /> Rider
          </li>
        </ul>
        {toDropoffKm !== null ? (
          <dl className="eta grid grid-2">
            <div>
              <dt>Distance to Dropoff</dt>
              <dd data-testid="distance-to-dropoff">{distanceText(toDropoffKm)}</dd>
            </div>
            <div>
              <dt>Estimated Time</dt>
              <dd data-testid="estimated-time">{etaText(toDropoffKm)}</dd>
            </div>
          </dl>
        ) : null}
        {sharing ? (
          <p className="sharing-note" role="status">
            Your location is being tracked and shared with the customer in real-time.
          </p>
        ) : null}
        {sharing && own.error ? (
          <p className="field-errors" role="alert">
            {own.error}
          </p>
        ) : null}
      </section>
    </main>
  );
}
