import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import type { CancellationQuote } from "~/deliveries/cancellation.server";
import type { OwedFeeStatus } from "~/db/schema";
import type { MapboxSettings } from "~/tracking/mapbox-map";
import type { trackingPageLoader as loader } from "./route.server";
import { Link, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import mapboxStylesheetUrl from "mapbox-gl/dist/mapbox-gl.css";
import { useRef, type ReactNode } from "react";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { DeliveryTimeline } from "./delivery-timeline";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { CustomerRating } from "./customer-rating";
import trackingStylesheetUrl from "~/styles/tracking.css";
import customerFormStyles from "~/styles/customer-forms.css";
import { MARKER_COLOURS, type MapPoint } from "~/tracking/map-points";
import { LiveMapCard, liveMapProps, SharingStatus } from "~/tracking/live-map-card";
import { useLiveDelivery } from "~/tracking/use-live-delivery";
import { hasEnded } from "~/tracking/channel-messages";
import { PaymentSummary } from "./payment-summary";
import { CancelDeliveryButton, customerMayCancel } from "~/deliveries/cancel-delivery";
import { WhoIsComing } from "~/tracking/who-is-coming";
import { DropoffArrivalNotice, ReturnNotice } from "~/tracking/dropoff-arrival-notice";
import { formatManilaClock } from "~/i18n/manila";
import { formatPesoAmount } from "~/money/money";
import { useUser } from "~/auth/use-user";
import { useMessageText, useT } from "~/i18n/i18n";
import { metaText } from "~/i18n/meta";
import { RiderDeliveryControls } from "./rider-delivery-controls";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: trackingStylesheetUrl },
  { rel: "stylesheet", href: customerFormStyles },
  { rel: "stylesheet", href: mapboxStylesheetUrl },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: metaText(matches, "tracking.meta.title", "Delivery Tracking · Hatid") },
  { name: "robots", content: "noindex" },
];

export { trackingPageLoader as loader, trackingPageAction as action } from "./route.server";

const point = (latitude: string | null, longitude: string | null): MapPoint | null =>
  latitude !== null && longitude !== null ? { latitude: Number(latitude), longitude: Number(longitude) } : null;

/** The live tracking page (docs/guide/deliveries.md#live-tracking). */
export default function Tracking() {
  const loaded = useLoaderData<typeof loader>();
  const user = useUser();
  const t = useT();
  const { delivery, mapbox } = loaded;
  if (!delivery || !("timeline" in loaded)) {
    return (
      <main className="page">
        <div className="card stack" role="alert">
          <p>{t("tracking.loadFailed")}</p>
          <Link to="/" className="button">
            {t("tracking.goHome")}
          </Link>
        </div>
      </main>
    );
  }
  return (
    <LiveTracking
      key={delivery.id}
      delivery={delivery}
      mapbox={mapbox}
      cancellation={loaded.cancellation}
      owedFee={loaded.owedFee}
    >
      <DeliveryTimeline entries={loaded.timeline} />
      <CustomerRating delivery={delivery} rating={loaded.rating} viewerId={user.id} />
    </LiveTracking>
  );
}

/** The customer rates a delivered delivery here; afterwards everyone who sees it sees the stars. */
function LiveTracking({
  delivery,
  mapbox,
  cancellation,
  owedFee,
  children,
}: {
  delivery: DeliveryView;
  mapbox: MapboxSettings | null;
  cancellation: CancellationQuote | null;
  owedFee: OwedFeeStatus | null;
  children: ReactNode;
}) {
  const user = useUser();
  const t = useT();
  const m = useMessageText();
  const navigate = useNavigate();
  // A ref, so the socket's message handler stays the same function across renders.
  const currentRevalidator = useRevalidator();
  const revalidator = useRef(currentRevalidator);
  revalidator.current = currentRevalidator;
  const isAssignedRider = user.role === "rider" && delivery.riderId === user.id;
  const live = useLiveDelivery({
    deliveryId: delivery.id,
    userId: user.id,
    initialStatus: delivery.status,
    initialRider: point(delivery.riderLatitude, delivery.riderLongitude),
    initialRiderAt: delivery.riderLocatedAt,
    sharingRiderId: isAssignedRider ? user.id : null,
    // The timeline, the rider block and the rating section come from the loader: reload them on a change.
    onStatusUpdate: () => revalidator.current.revalidate(),
  });
  const { status, channel, sharing } = live;

  return (
    <main className="page stack-lg tracking-page">
      <div className="row">
        {/* A link home, before and without JavaScript; with it, back to where the customer came from. */}
        <Link
          to="/"
          className="button button-secondary"
          onClick={(event) => {
            if (window.history.length <= 1) return;
            event.preventDefault();
            navigate(-1);
          }}
        >
          {t("tracking.back")}
        </Link>
        <h1 className="tracking-title">
          {t("tracking.title")} <span className="muted">#{deliveryIdTail(delivery.id)}</span>
        </h1>
      </div>

      {(status === "picked_up" || status === "in_transit") && delivery.dropoffArrivedAt ? (
        <DropoffArrivalNotice arrivedAt={delivery.dropoffArrivedAt} />
      ) : null}
      {delivery.couldNotDeliver && (status === "returning" || status === "returned") ? (
        <ReturnNotice
          reason={t(`app.returnReason.${delivery.couldNotDeliver.reason}`)}
          returnCode={delivery.returnCode}
          returnedAt={status === "returned" ? delivery.returnedAt : null}
          formatTime={formatManilaClock}
        />
      ) : null}
      {!hasEnded(status) && status !== "returning" ? (
        <WhoIsComing
          rider={delivery.rider && "vehicle" in delivery.rider ? delivery.rider : null}
          handoverCode={delivery.handoverCode}
        />
      ) : null}

      <div className="tracking-grid">
        <section className="card" aria-labelledby="details-heading">
          <h2 id="details-heading">{t("tracking.details.heading")}</h2>
          <dl className="details">
            <dt>{t("tracking.details.status")}</dt>
            <dd data-testid="tracking-status" className="status-text">
              {t(`tracking.status.${status}`)}
            </dd>
            <dt>{t("tracking.details.packageType")}</dt>
            <dd>{t(`app.label.type.${delivery.packageType}`)}</dd>
            <dt>{t("tracking.details.packageSize")}</dt>
            <dd>{t(`app.label.size.${delivery.packageSize}`)}</dd>
            <dt>{t("tracking.details.totalFee")}</dt>
            <dd>{formatPesoAmount(delivery.amountDue)}</dd>
          </dl>
          {isAssignedRider ? (
            <RiderDeliveryControls
              deliveryId={delivery.id}
              status={status}
              userId={user.id}
              onSettled={() => navigator.onLine && revalidator.current.revalidate()}
            />
          ) : null}
          {delivery.customerId === user.id && customerMayCancel(status) ? (
            <CancelDeliveryButton deliveryId={delivery.id} quote={cancellation} />
          ) : null}
        </section>

        <PaymentSummary
          delivery={{ ...delivery, status }}
          isCustomer={delivery.customerId === user.id}
          owedFee={owedFee}
        />

        <section className="card" aria-labelledby="locations-heading">
          <h2 id="locations-heading">{t("tracking.locations.heading")}</h2>
          <div className="location-line">
            <span className="legend-dot" style={{ background: MARKER_COLOURS.pickup }} aria-hidden="true" />
            <div>
              <strong>{t("tracking.locations.pickup")}</strong>
              <p>
                {delivery.pickupAddress}, {delivery.pickupCity}
              </p>
            </div>
          </div>
          <div className="location-line">
            <span className="legend-dot" style={{ background: MARKER_COLOURS.dropoff }} aria-hidden="true" />
            <div>
              <strong>{t("tracking.locations.dropoff")}</strong>
              <p>
                {delivery.dropoffAddress}, {delivery.dropoffCity}
              </p>
            </div>
          </div>
        </section>
      </div>

      <LiveMapCard {...liveMapProps(delivery, live, mapbox)}>
        {channel.closedReason ? (
          <p className="field-errors" role="alert" data-testid="live-closed">
            {m(channel.closedReason)}
          </p>
        ) : null}
        {channel.refusal && !channel.closedReason ? (
          <p className="field-errors" role="alert" data-testid="live-refused">
            {m(channel.refusal)}
          </p>
        ) : null}
        {sharing ? (
          <SharingStatus
            connection={channel.connection}
            lastDeliveredAt={sharing.lastDeliveredAt}
            error={sharing.error}
          />
        ) : null}
      </LiveMapCard>
      {children}
    </main>
  );
}
