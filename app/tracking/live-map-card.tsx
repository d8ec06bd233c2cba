import { useMemo } from "react";
import type { DeliveryStatus } from "~/db/schema";
import { haversineKm } from "~/pricing/distance";
import { useMessageText, useT } from "~/i18n/i18n";
import { isStale } from "./freshness";
import { useLiveText } from "./live-text";
import { MARKER_COLOURS, placePoint, STALE_COLOUR, type MapPoint, type MapPoints, type RiderLook } from "./map-points";
import { MapboxLiveMap, type MapboxSettings } from "./mapbox-map";
import { hasEnded, isTrackable } from "./channel-messages";
import { SchematicMap } from "./schematic-map";
import type { Connection } from "./use-delivery-channel";
import { useNow, type useLiveDelivery } from "./use-live-delivery";

const RIDER_LOOK_IDS = {
  live: "app.map.rider",
  stale: "app.map.riderStale",
  delivered: "app.map.deliveredHere",
} as const satisfies Record<RiderLook, string>;

const BADGE_CLASSES: Record<Connection | "ended", string> = {
  live: "badge badge-connected",
  connecting: "badge badge-connecting",
  offline: "badge badge-disconnected",
  ended: "badge badge-ended",
};

/**
 * The connection badge: Connecting, Live or Offline (never "Live" while the browser is offline), and
 * Ended once the delivery has ended (nothing is live then, whatever the socket does).
 */
function ConnectionBadge({ connection }: { connection: Connection | "ended" }) {
  const t = useT();
  return (
    <span className={BADGE_CLASSES[connection]} role="status" data-testid="connection-badge">
      {t(`app.map.connection.${connection}`)}
    </span>
  );
}

interface DeliveryPlaces {
  pickupLatitude: number | string | null;
  pickupLongitude: number | string | null;
  pickupApproximate: boolean;
  pickupCity: string;
  dropoffLatitude: number | string | null;
  dropoffLongitude: number | string | null;
  dropoffApproximate: boolean;
  dropoffCity: string;
  deliveredAt: string | null;
}

/**
 * The live map card's props for a delivery that useLiveDelivery follows (the tracking page, the
 * rider's job screen): its points, the rider as last heard, and once delivered, when (now if the
 * room said so before the page's data did).
 */
export function liveMapProps(
  delivery: DeliveryPlaces,
  live: ReturnType<typeof useLiveDelivery>,
  mapbox: MapboxSettings | null,
) {
  return {
    status: live.status,
    pickup: placePoint(
      delivery.pickupLatitude,
      delivery.pickupLongitude,
      delivery.pickupApproximate ? delivery.pickupCity : null,
    ),
    dropoff: placePoint(
      delivery.dropoffLatitude,
      delivery.dropoffLongitude,
      delivery.dropoffApproximate ? delivery.dropoffCity : null,
    ),
    rider: live.rider,
    lastHeardAt: live.lastHeardAt,
    connection: live.channel.connection,
    mapbox,
    deliveredAt: live.status === "delivered" ? (delivery.deliveredAt ?? new Date().toISOString()) : null,
    ownPosition: Boolean(live.sharing),
  };
}

/**
 * The honest live map (docs/guide/deliveries.md#live-tracking): the connection badge, when
 * the rider was last heard (ticking), a greyed marker and a weak-signal line after 60 s without a
 * position, the distance and estimate only while the delivery is active, and once delivered the
 * time and the delivered point instead.
 */
export function LiveMapCard({
  status,
  pickup,
  dropoff,
  rider,
  lastHeardAt,
  connection,
  mapbox,
  deliveredAt,
  ownPosition = false,
  children,
}: {
  status: DeliveryStatus;
  pickup: MapPoint | null;
  dropoff: MapPoint | null;
  rider: MapPoint | null;
  lastHeardAt: number | null;
  connection: Connection;
  mapbox: MapboxSettings | null;
  deliveredAt: string | null;
  /** The rider's own screen: the marker is their own GPS, so no "last heard". */
  ownPosition?: boolean;
  children?: React.ReactNode;
}) {
  const t = useT();
  const text = useLiveText();
  const now = useNow();
  const delivered = status === "delivered";
  const live = isTrackable(status);
  const stale = live && !ownPosition && now !== null && isStale(lastHeardAt, now);
  const riderLook: RiderLook = delivered ? "delivered" : stale ? "stale" : "live";
  // Once delivered the delivered point is the rider's last position there, else the dropoff.
  const shownRider = hasEnded(status) ? (delivered ? (rider ?? dropoff) : null) : rider;
  const points: MapPoints = useMemo(
    () => ({ pickup, dropoff, rider: shownRider, riderLook }),
    [
      pickup?.latitude,
      pickup?.longitude,
      dropoff?.latitude,
      dropoff?.longitude,
      shownRider?.latitude,
      shownRider?.longitude,
      riderLook,
    ], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // No distance is measured to a place known only by its city (decision 0181): the rider nears the
  // address, not the city's centre, so such a figure would grow as they arrive.
  const toDropoffKm = live && rider && dropoff && !dropoff.approximate ? haversineKm(rider, dropoff) : null;
  const dropoffCityOnly = live && rider && dropoff?.approximate ? dropoff.approximate : null;

  return (
    <section className="card stack" aria-labelledby="map-heading">
      <div className="row map-header">
        <h2 id="map-heading">{t("app.map.heading")}</h2>
        <ConnectionBadge connection={hasEnded(status) ? "ended" : connection} />
      </div>
      {live && !ownPosition && rider && lastHeardAt !== null && now !== null ? (
        <p className="live-freshness muted" data-testid="last-heard">
          {text.lastHeard(lastHeardAt, now)}
        </p>
      ) : null}
      {stale ? (
        <p className="weak-signal" role="status" data-testid="weak-signal">
          {t("app.map.weakSignal")}
        </p>
      ) : null}
      {delivered && deliveredAt ? (
        <p className="success-text" data-testid="delivered-at">
          {text.deliveredAt(deliveredAt)}
        </p>
      ) : null}
      {children}
      {mapbox ? <MapboxLiveMap settings={mapbox} points={points} /> : <SchematicMap points={points} />}
      {pickup?.approximate || dropoff?.approximate ? (
        <p className="muted" data-testid="approximate-note">
          {t("app.map.approximateNote", {
            places: [
              pickup?.approximate ? t("app.map.pickup") : null,
              dropoff?.approximate ? t("app.map.dropoff") : null,
            ]
              .filter(Boolean)
              .join(", "),
          })}
        </p>
      ) : null}
      <ul className="legend" aria-label={t("app.map.legend")}>
        {pickup ? (
          <li>
            <span className="legend-dot" style={{ background: MARKER_COLOURS.pickup }} aria-hidden="true" />{" "}
            {t("app.map.pickup")}
          </li>
        ) : null}
        <li>
          <span className="legend-dot" style={{ background: MARKER_COLOURS.dropoff }} aria-hidden="true" />{" "}
          {t("app.map.dropoff")}
        </li>
        <li>
          <span
            className="legend-dot"
            style={{ background: stale ? STALE_COLOUR : MARKER_COLOURS.rider }}
            aria-hidden="true"
          />{" "}
          {t(RIDER_LOOK_IDS[riderLook])}
        </li>
      </ul>
      {toDropoffKm !== null ? (
        <dl className="eta grid grid-2">
          <div>
            <dt>{t("app.map.toDropoff")}</dt>
            <dd data-testid="distance-to-dropoff">{text.distance(toDropoffKm)}</dd>
          </div>
          <div>
            <dt>{t("app.map.eta")}</dt>
            <dd data-testid="estimated-time">{text.eta(toDropoffKm)}</dd>
          </div>
        </dl>
      ) : null}
      {dropoffCityOnly !== null ? (
        <p data-testid="distance-unknown">{t("app.map.toDropoffCityOnly", { city: dropoffCityOnly })}</p>
      ) : null}
    </section>
  );
}

/** The rider's own connection: the badge's state in words and when a position last reached the server. */
export function SharingStatus({
  connection,
  lastDeliveredAt,
  error,
}: {
  connection: Connection;
  lastDeliveredAt: number | null;
  error: string | null;
}) {
  const t = useT();
  const m = useMessageText();
  const now = useNow();
  return (
    <div className="stack-sm" data-testid="sharing-status">
      <p className="sharing-note" role="status">
        {t("app.map.sharing")} {connection === "offline" ? t("app.map.sharingOffline") : null}
      </p>
      <p className="muted" data-testid="last-delivered">
        {lastDeliveredAt !== null && now !== null
          ? t("app.map.lastDelivered", { seconds: Math.max(0, Math.floor((now - lastDeliveredAt) / 1000)) })
          : t("app.map.noneDelivered")}
      </p>
      {error ? (
        <p className="field-errors" role="alert">
          {m(error)}
        </p>
      ) : null}
    </div>
  );
}
