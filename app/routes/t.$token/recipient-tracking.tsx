import { Brand } from "~/components/brand";
import { statusLabelId } from "~/deliveries/delivery-format";
import { DropoffArrivalNotice } from "~/tracking/dropoff-arrival-notice";
import { useT } from "~/i18n/i18n";
import { haversineKm } from "~/pricing/distance";
import { formatManilaDateTime } from "~/i18n/manila";
import { LiveMapCard } from "~/tracking/live-map-card";
import { placePoint, type MapPoint } from "~/tracking/map-points";
import type { MapboxSettings } from "~/tracking/mapbox-map";
import type { RecipientView } from "~/tracking/recipient-link.server";
import { useLiveDelivery } from "~/tracking/use-live-delivery";
import { useDurationText, useLiveText } from "~/tracking/live-text";
import { WhoIsComing } from "~/tracking/who-is-coming";

const point = (latitude: number | null, longitude: number | null): MapPoint | null =>
  latitude !== null && longitude !== null ? { latitude, longitude } : null;

/** The recipient's view: status, who is coming with the handover code, the live map (dropoff and rider) and the ETA. */
export function RecipientTracking({
  view,
  token,
  mapbox,
}: {
  view: RecipientView;
  token: string;
  mapbox: MapboxSettings | null;
}) {
  const t = useT();
  const text = useLiveText();
  const duration = useDurationText();
  const live = useLiveDelivery({
    deliveryId: view.deliveryId,
    initialStatus: view.status,
    initialRider: point(view.riderLatitude, view.riderLongitude),
    initialRiderAt: view.riderLocatedAt,
    recipientToken: token,
  });
  const { status, rider } = live;
  const dropoff = placePoint(
    view.dropoffLatitude,
    view.dropoffLongitude,
    view.dropoffApproximate ? view.dropoffCity : null,
  );
  // Never measured to an address known only by its city (decision 0181): the booking's estimate instead.
  const toDropoffKm = rider && dropoff && !dropoff.approximate ? haversineKm(rider, dropoff) : null;
  const ended = status === "delivered" || status === "cancelled" || status === "returned";
  const onTheWay = status === "picked_up" || status === "in_transit";

  return (
    <main className="page stack-lg tracking-page recipient-page">
      <Brand />
      <h1>{t("tracking.recipient.title")}</h1>
      <section className="card stack" aria-labelledby="recipient-status-heading">
        <h2 id="recipient-status-heading" className="visually-hidden">
          {t("tracking.details.status")}
        </h2>
        <dl className="details">
          <dt>{t("tracking.details.status")}</dt>
          <dd data-testid="recipient-status">{t(statusLabelId(status))}</dd>
          <dt>{t("tracking.recipient.rider")}</dt>
          <dd data-testid="recipient-rider">{view.riderFirstName ?? t("tracking.recipient.notAssigned")}</dd>
          <dt>{t("tracking.recipient.deliveringTo")}</dt>
          <dd>
            {view.dropoffAddress}, {view.dropoffCity}
          </dd>
          {!ended ? (
            <>
              <dt>{t("tracking.recipient.eta")}</dt>
              <dd data-testid="recipient-eta">
                {toDropoffKm !== null
                  ? t("tracking.recipient.etaAway", {
                      eta: text.eta(toDropoffKm),
                      distance: text.distance(toDropoffKm),
                    })
                  : t("tracking.recipient.etaOncePicked", { duration: duration(view.estimatedDuration) })}
              </dd>
            </>
          ) : null}
        </dl>
        {status === "delivered" && view.deliveredAt ? (
          <p className="success-text">
            {t("tracking.recipient.deliveredOn", { date: formatManilaDateTime(view.deliveredAt) })}
          </p>
        ) : null}
        {status === "cancelled" ? <p className="notice">{t("tracking.recipient.cancelled")}</p> : null}
      </section>

      {onTheWay && view.dropoffArrivedAt ? <DropoffArrivalNotice arrivedAt={view.dropoffArrivedAt} /> : null}
      {!ended && status !== "returning" ? <WhoIsComing rider={view.rider} handoverCode={view.handoverCode} /> : null}

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
