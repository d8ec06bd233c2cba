import { Link, useActionData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useRiderDeliveryQueue, WaitingForSignal } from "~/offline/use-rider-delivery-queue";
import { StatusBadge } from "~/components/status-badge";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { formatPesoAmount } from "~/money/money";
import { formatManilaClock } from "~/i18n/manila";
import { useMessageText, useT } from "~/i18n/i18n";
import { LiveMapCard, liveMapProps, SharingStatus } from "~/tracking/live-map-card";
import { placePoint } from "~/tracking/map-points";
import type { MapboxSettings } from "~/tracking/mapbox-map";
import { useLiveDelivery } from "~/tracking/use-live-delivery";
import { navigateUrl, nextJobStep } from "~/riders/job-steps";
import { ConfirmStepForm, type Answer } from "~/riders/rider-step-forms";
import { CouldNotDeliverForm } from "./could-not-deliver-form";
import { minutesToWait } from "~/deliveries/return-rules";

/**
 * The rider's job screen (`/rider/jobs/{id}`): the map, the next step as one large button behind a
 * confirmation naming it, the contacts with Call buttons, Navigate to the pickup then the dropoff,
 * and the rider's position shared while the screen is open. Built for one thumb at 360px.
 */
export function JobScreen({
  delivery,
  riderId,
  mapbox,
}: {
  delivery: DeliveryView;
  riderId: string;
  mapbox: MapboxSettings | null;
}) {
  const t = useT();
  const m = useMessageText();
  const currentRevalidator = useRevalidator();
  const revalidator = useRef(currentRevalidator);
  revalidator.current = currentRevalidator;
  const mine = delivery.riderId === riderId;
  const live = useLiveDelivery({
    deliveryId: delivery.id,
    userId: riderId,
    initialStatus: delivery.status,
    initialRider: placePoint(delivery.riderLatitude, delivery.riderLongitude),
    initialRiderAt: delivery.riderLocatedAt,
    sharingRiderId: mine ? riderId : null,
    onStatusUpdate: () => revalidator.current.revalidate(),
  });
  const { status, setStatus, channel, sharing } = live;
  // The page's data after a step (post, redirect, get) is newer than what the channel said last.
  useEffect(() => setStatus(delivery.status), [delivery.status, setStatus]);
  const step = nextJobStep(status, mine);
  const toPickup = status === "pending" || status === "assigned" || status === "returning";
  // Each step is a form posting to this page's action (works before JavaScript); with JavaScript and
  // no signal, the offline queue keeps it on the phone and sends it when the signal returns.
  const queue = useRiderDeliveryQueue(riderId, () => revalidator.current.revalidate());
  const waiting = queue.waiting(delivery.id);
  const lastResult = useActionData<Answer>();
  const navigation = useNavigation();

  return (
    <main className="page stack job-screen">
      <p>
        <Link to="/rider-dashboard">{t("rider.backToDashboard")}</Link>
      </p>
      <div className="row job-title">
        <h1>
          {t("rider.job.title")} <span className="muted">#{deliveryIdTail(delivery.id)}</span>
        </h1>
        <StatusBadge status={status} />
      </div>

      <WaitingForSignal actions={waiting} isSending={queue.isSending} />
      {step ? (
        <ConfirmStepForm
          key={step.label}
          step={step}
          lastResult={lastResult}
          busy={navigation.state !== "idle" && navigation.formMethod === "POST"}
          disabled={waiting.length > 0}
          onOffline={(fields) => void queue.fromForm(fields, delivery.id)}
          summaryClassName="button button-large job-next"
          summaryTestId="job-next-step"
        />
      ) : status === "delivered" ? (
        <p className="success-text job-done" data-testid="job-done">
          {t("rider.job.done", { time: formatManilaClock(delivery.deliveredAt ?? Date.now()) })}
        </p>
      ) : status === "cancelled" ? (
        <p className="notice">{t("rider.job.cancelled")}</p>
      ) : status === "returned" ? (
        <p className="notice" data-testid="job-returned">
          {t("rider.job.returned", { time: formatManilaClock(delivery.returnedAt ?? Date.now()) })}
        </p>
      ) : null}
      {status === "returning" ? (
        <section className="card stack-sm" data-testid="job-returning">
          <h2>{t("rider.job.returning")}</h2>
          <p>{t("rider.job.returningText")}</p>
        </section>
      ) : null}
      {mine && (status === "picked_up" || status === "in_transit") ? (
        <>
          {delivery.dropoffArrivedAt ? (
            <p className="notice" data-testid="job-at-dropoff">
              {t("rider.job.atDropoff", { time: formatManilaClock(delivery.dropoffArrivedAt) })}
              {minutesToWait(Date.parse(delivery.dropoffArrivedAt), Date.now()) > 0
                ? ` ${t("rider.job.atDropoffWait", { minutes: minutesToWait(Date.parse(delivery.dropoffArrivedAt), Date.now()) })}`
                : null}
            </p>
          ) : null}
          <CouldNotDeliverForm
            lastResult={lastResult}
            busy={navigation.state !== "idle" && navigation.formMethod === "POST"}
            disabled={waiting.length > 0}
          />
        </>
      ) : null}

      {mine &&
      (status === "assigned" || status === "picked_up" || status === "in_transit" || status === "returning") ? (
        <section className="card stack-sm" aria-labelledby="contacts-heading">
          <h2 id="contacts-heading">{t("rider.job.contacts")}</h2>
          <ContactLine
            label={t("rider.job.pickup")}
            callLabel={t("rider.job.callPickup", { phone: delivery.pickupPhone })}
            address={`${delivery.pickupAddress}, ${delivery.pickupCity}`}
            phone={delivery.pickupPhone}
            notes={delivery.pickupNotes}
          />
          <ContactLine
            label={t("rider.job.dropoff")}
            callLabel={t("rider.job.callDropoff", { phone: delivery.dropoffPhone })}
            address={`${delivery.dropoffAddress}, ${delivery.dropoffCity}`}
            phone={delivery.dropoffPhone}
            notes={delivery.dropoffNotes}
          />
        </section>
      ) : null}

      {status !== "delivered" && status !== "cancelled" && status !== "returned" ? (
        <a
          className="button button-secondary button-large job-navigate"
          href={
            toPickup
              ? navigateUrl(
                  {
                    latitude: delivery.pickupLatitude,
                    longitude: delivery.pickupLongitude,
                    approximate: delivery.pickupApproximate,
                  },
                  `${delivery.pickupAddress}, ${delivery.pickupCity}`,
                )
              : navigateUrl(
                  {
                    latitude: delivery.dropoffLatitude,
                    longitude: delivery.dropoffLongitude,
                    approximate: delivery.dropoffApproximate,
                  },
                  `${delivery.dropoffAddress}, ${delivery.dropoffCity}`,
                )
          }
          target="_blank"
          rel="noopener noreferrer"
          data-testid="job-navigate"
        >
          {toPickup ? t("rider.job.navigatePickup") : t("rider.job.navigateDropoff")}
        </a>
      ) : null}

      <LiveMapCard {...liveMapProps(delivery, live, mapbox)}>
        {channel.closedReason ? (
          <p className="field-errors" role="alert">
            {m(channel.closedReason)}
          </p>
        ) : null}
        {sharing ? (
          <SharingStatus
            connection={channel.connection}
            lastDeliveredAt={sharing.lastDeliveredAt}
            error={sharing.error ? m(sharing.error) : sharing.error}
          />
        ) : null}
      </LiveMapCard>

      <section className="card" aria-labelledby="package-heading">
        <h2 id="package-heading">{t("rider.job.package")}</h2>
        <p>
          <span className="capitalize">{t(`rider.package.${delivery.packageType}`)}</span>,{" "}
          {t(`rider.size.${delivery.packageSize}`)}
          {delivery.isFragile ? ` · ${t("rider.summary.fragile")}` : ""}: {delivery.packageDescription}
        </p>
        <p>
          {delivery.payment.method !== "cash" || delivery.amountDue <= 0 || status === "cancelled"
            ? t("rider.collect.nothing")
            : t(status === "delivered" ? "rider.job.collected" : "rider.job.collect", {
                amount: formatPesoAmount(delivery.amountDue),
              })}
        </p>
      </section>
    </main>
  );
}

function ContactLine({
  label,
  callLabel,
  address,
  phone,
  notes,
}: {
  label: string;
  callLabel: string;
  address: string;
  phone: string;
  notes: string | null;
}) {
  const t = useT();
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
      <a className="button call-button" href={`tel:${phone}`} aria-label={callLabel}>
        {t("rider.job.call")}
      </a>
    </div>
  );
}
