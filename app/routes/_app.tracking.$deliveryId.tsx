import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import type { DeliveryStatus } from "~/db/schema";
import { getVisibleDelivery } from "~/deliveries/deliveries.server";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { DeliveryTimeline, type TimelineEntry } from "~/deliveries/delivery-timeline";
import { toViewerDeliveryView, type DeliveryView } from "~/deliveries/delivery-view";
import { listDeliveryEvents } from "~/deliveries/events.server";
import { CustomerRating } from "~/ratings/customer-rating";
import { findRating } from "~/ratings/ratings.server";
import { PACKAGE_SIZE_LABELS } from "~/pricing/rate-card";
import { haversineKm } from "~/pricing/distance";
import trackingStylesheetUrl from "~/styles/tracking.css";
import { distanceText, etaText, statusText } from "~/tracking/geo-text";
import type { MapPoint, MapPoints } from "~/tracking/map-points";
import { MARKER_COLOURS } from "~/tracking/map-points";
import { MapboxLiveMap, type MapboxSettings } from "~/tracking/mapbox-map";
import { hasEnded, isTrackable, type ServerMessage } from "~/tracking/messages";
import { SchematicMap } from "~/tracking/schematic-map";
import { PaymentSummary } from "~/payments/payment-summary";
import { CancelDeliveryButton, customerMayCancel } from "~/deliveries/cancel-delivery";
import { useDeliveryChannel } from "~/tracking/use-delivery-channel";
import { WhoIsComing } from "~/tracking/who-is-coming";
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
  const db = getDb(env.DB);
  const found = await getVisibleDelivery(db, user, params.deliveryId ?? "");
  if (!found) return data({ delivery: null, mapbox: null }, { status: 404 });
  const mapbox: MapboxSettings | null = env.MAPBOX_TOKEN ? { token: env.MAPBOX_TOKEN, style: env.MAPBOX_STYLE || DEFAULT_MAPBOX_STYLE } : null;
  const [events, rating] = await Promise.all([listDeliveryEvents(db, found.delivery.id), findRating(db, found.delivery.id)]);
  const timeline: TimelineEntry[] = events.map((event) => ({ kind: event.kind, at: event.at.toISOString() }));
  return data({ delivery: toViewerDeliveryView(found.delivery, found.rider, found.contact, user), mapbox, timeline, rating });
}

const point = (latitude: string | null, longitude: string | null): MapPoint | null =>
  latitude !== null && longitude !== null ? { latitude: Number(latitude), longitude: Number(longitude) } : null;

/** The live tracking page (spec section 2, Tracking page). */
export default function Tracking() {
  const loaded = useLoaderData<typeof loader>();
  const user = useUser();
  const { delivery, mapbox } = loaded;
  if (!delivery || !("timeline" in loaded)) {
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
  return (
    <LiveTracking key={delivery.id} delivery={delivery} mapbox={mapbox}>
      <DeliveryTimeline entries={loaded.timeline} />
      <CustomerRating delivery={delivery} rating={loaded.rating} viewerId={user.id} />
    </LiveTracking>
  );
}

/** The customer rates a delivered delivery here; afterwards everyone who sees it sees the stars. */
function LiveTracking({ delivery, mapbox, children }: { delivery: DeliveryView; mapbox: MapboxSettings | null; children: ReactNode }) {
  const user = useUser();
  const navigate = useNavigate();
  // A ref, so the socket's message handler stays the same function across renders.
  const currentRevalidator = useRevalidator();
  const revalidator = useRef(currentRevalidator);
  revalidator.current = currentRevalidator;
  const [status, setStatus] = useState<DeliveryStatus>(delivery.status);
  const [riderPosition, setRiderPosition] = useState<MapPoint | null>(point(delivery.riderLatitude, delivery.riderLongitude));

  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === "location_update" && message.deliveryId === delivery.id) {
        setRiderPosition({ latitude: message.latitude, longitude: message.longitude });
      } else if ((message.type === "status_update" || message.type === "subscribed") && message.deliveryId === delivery.id) {
        setStatus(message.status);
        // The timeline and the rating section come from the loader: reload them on a change.
        if (message.type === "status_update") revalidator.current.revalidate();
      } else if (message.type === "error") {
        console.error("Live tracking:", message.message);
      }
    },
    [delivery.id],
  );
  const { connected, send, closedReason, refusal } = useDeliveryChannel(delivery.id, user.id, onMessage);

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

      {!hasEnded(status) ? (
        <WhoIsComing rider={delivery.rider && "vehicle" in delivery.rider ? delivery.rider : null} handoverCode={delivery.handoverCode} />
      ) : null}

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
            <dd>{formatPesos(pesosToCentavos(delivery.amountDue))}</dd>
          </dl>
          {delivery.customerId === user.id && customerMayCancel(status) ? (
            <CancelDeliveryButton deliveryId={delivery.id} onCancelled={() => setStatus("cancelled")} />
          ) : null}
        </section>

        <PaymentSummary delivery={delivery} isCustomer={delivery.customerId === user.id} />

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
        {closedReason ? (
          <p className="field-errors" role="alert" data-testid="live-closed">
            {closedReason}
          </p>
        ) : null}
        {refusal && !closedReason ? (
          <p className="field-errors" role="alert" data-testid="live-refused">
            {refusal}
          </p>
        ) : null}
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
      {children}
    </main>
  );
}
