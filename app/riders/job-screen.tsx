import { Link, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { formatPesos, pesosToCentavos } from "~/money/money";
import { toast } from "~/toast/toast-store";
import { deliveredAtText } from "~/tracking/freshness";
import { LiveMapCard, SharingStatus } from "~/tracking/live-map-card";
import type { MapPoint } from "~/tracking/map-points";
import type { MapboxSettings } from "~/tracking/mapbox-map";
import { useLiveDelivery } from "~/tracking/use-live-delivery";
import { JobStepDialog } from "./job-step-dialog";
import { navigateUrl, nextJobStep, sendJobStep, type HandoverAnswer } from "./job-steps";

const point = (latitude: string | null, longitude: string | null): MapPoint | null =>
  latitude !== null && longitude !== null ? { latitude: Number(latitude), longitude: Number(longitude) } : null;

/**
 * The rider's job screen (`/rider/jobs/{id}`): the map, the next step as one large button behind a
 * confirmation naming it, the contacts with Call buttons, Navigate to the pickup then the dropoff,
 * and the rider's position shared while the screen is open. Built for one thumb at 360px.
 */
export function JobScreen({ delivery, riderId, mapbox }: { delivery: DeliveryView; riderId: string; mapbox: MapboxSettings | null }) {
  const currentRevalidator = useRevalidator();
  const revalidator = useRef(currentRevalidator);
  revalidator.current = currentRevalidator;
  const mine = delivery.riderId === riderId;
  const live = useLiveDelivery({
    deliveryId: delivery.id,
    userId: riderId,
    initialStatus: delivery.status,
    initialRider: point(delivery.riderLatitude, delivery.riderLongitude),
    initialRiderAt: delivery.riderLocatedAt,
    sharingRiderId: mine ? riderId : null,
    onStatusUpdate: () => revalidator.current.revalidate(),
  });
  const { status, setStatus, channel, sharing } = live;
  const step = nextJobStep(status, mine);
  const [confirming, setConfirming] = useState(false);
  const toPickup = status === "pending" || status === "assigned";

  async function runStep(handover?: HandoverAnswer) {
    if (!step) return;
    const changed = await sendJobStep(delivery.id, step, handover);
    setStatus(changed.status);
    toast({ title: step.kind === "accept" ? "Delivery accepted successfully!" : "Delivery status updated successfully!" });
    revalidator.current.revalidate();
  }

  return (
    <main className="page stack job-screen">
      <p>
        <Link to="/rider-dashboard">← Rider Dashboard</Link>
      </p>
      <div className="row job-title">
        <h1>
          Job <span className="muted">#{deliveryIdTail(delivery.id)}</span>
        </h1>
        <StatusBadge status={status} />
      </div>

      {step ? (
        <>
          <button type="button" className="button button-large job-next" onClick={() => setConfirming(true)} data-testid="job-next-step">
            {step.label}
          </button>
          <JobStepDialog key={step.label} step={step} open={confirming} onClose={() => setConfirming(false)} onConfirm={runStep} />
        </>
      ) : status === "delivered" ? (
        <p className="success-text job-done" data-testid="job-done">
          {deliveredAtText(delivery.deliveredAt ?? new Date().toISOString())}. Thank you!
        </p>
      ) : status === "cancelled" ? (
        <p className="notice">This delivery was cancelled.</p>
      ) : null}

      {mine && (status === "assigned" || status === "picked_up" || status === "in_transit") ? (
        <section className="card stack-sm" aria-labelledby="contacts-heading">
          <h2 id="contacts-heading">Contacts</h2>
          <ContactLine label="Pickup" address={`${delivery.pickupAddress}, ${delivery.pickupCity}`} phone={delivery.pickupPhone} notes={delivery.pickupNotes} />
          <ContactLine label="Dropoff" address={`${delivery.dropoffAddress}, ${delivery.dropoffCity}`} phone={delivery.dropoffPhone} notes={delivery.dropoffNotes} />
        </section>
      ) : null}

      {status !== "delivered" && status !== "cancelled" ? (
        <a
          className="button button-secondary button-large job-navigate"
          href={
            toPickup
              ? navigateUrl(delivery.pickupLatitude, delivery.pickupLongitude, `${delivery.pickupAddress}, ${delivery.pickupCity}`)
              : navigateUrl(delivery.dropoffLatitude, delivery.dropoffLongitude, `${delivery.dropoffAddress}, ${delivery.dropoffCity}`)
          }
          target="_blank"
          rel="noopener noreferrer"
          data-testid="job-navigate"
        >
          {toPickup ? "Navigate to Pickup" : "Navigate to Dropoff"}
        </a>
      ) : null}

      <LiveMapCard
        status={status}
        pickup={point(delivery.pickupLatitude, delivery.pickupLongitude)}
        dropoff={point(delivery.dropoffLatitude, delivery.dropoffLongitude)}
        rider={live.rider}
        lastHeardAt={live.lastHeardAt}
        connection={channel.connection}
        mapbox={mapbox}
        deliveredAt={status === "delivered" ? (delivery.deliveredAt ?? new Date().toISOString()) : null}
        ownPosition={Boolean(sharing)}
      >
        {channel.closedReason ? (
          <p className="field-errors" role="alert">
            {channel.closedReason}
          </p>
        ) : null}
        {sharing ? <SharingStatus connection={channel.connection} lastDeliveredAt={sharing.lastDeliveredAt} error={sharing.error} /> : null}
      </LiveMapCard>

      <section className="card" aria-labelledby="package-heading">
        <h2 id="package-heading">Package</h2>
        <p>
          <span className="capitalize">{delivery.packageType}</span>, {delivery.packageSize}
          {delivery.isFragile ? " · Fragile" : ""}: {delivery.packageDescription}
        </p>
        <p>
          {delivery.payment.method === "cash" && delivery.amountDue > 0
            ? `Collect ${formatPesos(pesosToCentavos(delivery.amountDue))} in cash`
            : "Nothing to collect"}
        </p>
      </section>
    </main>
  );
}

function ContactLine({ label, address, phone, notes }: { label: string; address: string; phone: string; notes: string | null }) {
  return (
    <div className="row job-contact">
      <p>
        <strong>{label}</strong>
        <br />
        {address}
        {notes ? (
          <>
            <br />
            <span className="muted">{notes}</span>
          </>
        ) : null}
      </p>
      <a className="button call-button" href={`tel:${phone}`} aria-label={`Call ${label.toLowerCase()} contact ${phone}`}>
        Call
      </a>
    </div>
  );
}
