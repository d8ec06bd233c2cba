import { Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DeliveryStatus } from "~/db/schema";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { riderActions } from "~/deliveries/state-machine";
import { useT } from "~/i18n/i18n";
import { nextJobStep, stepLabel } from "./job-steps";
import { DeliverySummary } from "./delivery-summary";
import { ConfirmStepForm, ReleaseForm, StepButtonForm, type Answer, type OfflineSubmit } from "./rider-step-forms";

/**
 * One delivery under way: its steps (Mark Delivered with the recipient's handover code), the map,
 * and (while assigned) "Can't make it" behind a confirmation. Each a form posting to the
 * dashboard's action; without signal (JavaScript loaded) `onOffline` keeps the step on the phone.
 */
export function ActiveDeliveryItem({
  delivery,
  busy,
  notice,
  onOffline,
}: {
  delivery: DeliveryView;
  busy: boolean;
  /** Shown under the delivery, e.g. "Waiting for signal" for actions kept on the phone. */
  notice?: ReactNode;
  onOffline: OfflineSubmit;
}) {
  const t = useT();
  return (
    <li className="rider-item" data-delivery-id={delivery.id}>
      <DeliverySummary delivery={delivery} showStatus />
      <p className="rider-meta muted">
        {t("rider.active.pickupContact")} <a href={`tel:${delivery.pickupPhone}`}>{delivery.pickupPhone}</a> ·{" "}
        {t("rider.active.dropoffContact")} <a href={`tel:${delivery.dropoffPhone}`}>{delivery.dropoffPhone}</a>
      </p>
      {notice}
      <div className="row rider-actions">
        <DeliveryStepForms deliveryId={delivery.id} status={delivery.status} disabled={busy} onOffline={onOffline} />
        <Link className="button" to={`/rider/jobs/${delivery.id}`}>
          {t("rider.active.openJob")}
        </Link>
        <Link className="button button-secondary" to={`/tracking/${delivery.id}`}>
          {t("rider.active.viewMap")}
        </Link>
        {delivery.status === "assigned" ? (
          <ReleaseForm deliveryId={delivery.id} disabled={busy} onOffline={onOffline} />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The next steps of a delivery under way as forms (Confirm Pickup, Start Trip, Mark Delivered with
 * the recipient's code), posting to the page's action: the dashboard's list and the tracking page.
 */
export function DeliveryStepForms({
  deliveryId,
  status,
  disabled,
  onOffline,
}: {
  deliveryId: string;
  status: DeliveryStatus;
  disabled: boolean;
  onOffline: OfflineSubmit;
}) {
  const t = useT();
  const deliver = useFetcher<Answer>();
  const fields = { deliveryId };
  return riderActions(status).map((action) =>
    action.status === "delivered" ? (
      <ConfirmStepForm
        key={action.status}
        step={nextJobStep("in_transit", true)!}
        fields={fields}
        lastResult={deliver.data}
        FormKind={deliver.Form}
        busy={deliver.state !== "idle"}
        disabled={disabled}
        onOffline={onOffline}
      />
    ) : (
      <StepButtonForm
        key={action.status}
        intent="step"
        fields={{ ...fields, status: action.status }}
        label={stepLabel(t, action)}
        busyLabel={t("rider.step.sending")}
        disabled={disabled}
        onOffline={onOffline}
      />
    ),
  );
}
