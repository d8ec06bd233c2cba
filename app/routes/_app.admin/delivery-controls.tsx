import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useFetcher, useLocation } from "@remix-run/react";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import type { FormAnswer } from "~/forms/form-action.server";
import { FormErrors } from "~/forms/form-errors";
import { useActionForm } from "~/forms/use-action-form";
import { useT } from "~/i18n/i18n";
import { MAX_ACTIVE_PER_RIDER } from "~/deliveries/state-machine";
import { isAwaitingPayment } from "~/payments/payment-status";
import type { RiderListItem } from "~/riders/riders.server";
import { assignFormSchema, cancelFormSchema } from "~/admin/delivery-control";
import { fullName } from "~/admin/figure-cards";
import { Confirm, FormIntent, useAnswer, useSending } from "~/admin/form-parts";

/** The riders who can take a delivery now: approved riders, not suspended, fewer than 3 active (the server re-checks). */
export type AssignableRider = Pick<RiderListItem, "id" | "firstName" | "lastName" | "activeDeliveries">;
export const canTakeMore = (rider: RiderListItem) =>
  rider.role === "rider" && !rider.suspension && rider.activeDeliveries < MAX_ACTIVE_PER_RIDER;

/**
 * The admin live list's Reassign and Cancel, each behind a confirmation that opens in place. Cancel
 * takes a reason and an optional fee (only once a rider holds it; a money form with the key made at
 * render); Reassign offers the riders who can take it now, rendered by the server, or says why an
 * online booking not paid yet cannot be assigned. Both post to the
 * dashboard's action (decision 0187), so they work before JavaScript.
 */
export function DeliveryControls({
  delivery,
  riders,
  formKey,
}: {
  delivery: DeliveryView;
  riders: AssignableRider[];
  formKey: string;
}) {
  const t = useT();
  const { search } = useLocation();
  const action = `/admin${search}`;
  const canceller = useFetcher<FormAnswer>();
  const assigner = useFetcher<FormAnswer>();
  const [cancelForm, cancelFields] = useActionForm(cancelFormSchema, {
    id: `cancel-${delivery.id}`,
    lastResult: useAnswer(canceller.data, { intent: "cancel", deliveryId: delivery.id }),
  });
  const [assignForm, assignFields] = useActionForm(assignFormSchema, {
    id: `assign-${delivery.id}`,
    lastResult: useAnswer(assigner.data, { intent: "assign", deliveryId: delivery.id }),
  });
  const cancelling = useSending(canceller.state);
  const assigning = useSending(assigner.state);
  const riderName = (rider: Pick<RiderListItem, "firstName" | "lastName">) => fullName(rider, t("admin.unnamedRider"));
  const cancellable = delivery.status !== "delivered" && delivery.status !== "cancelled";
  const assignable = delivery.status === "pending" || delivery.status === "assigned";
  if (!cancellable && !assignable) return null;
  const tail = `#${deliveryIdTail(delivery.id)}`;
  const others = riders.filter((rider) => rider.id !== delivery.riderId);
  const cancelErrors = Boolean(
    cancelForm.errors?.length || cancelFields.reason.errors?.length || cancelFields.fee.errors?.length,
  );
  const assignErrors = Boolean(assignForm.errors?.length || assignFields.riderId.errors?.length);
  return (
    <div className="admin-card-actions admin-live-actions">
      {assignable ? (
        <Confirm
          label={delivery.riderId ? t("admin.controls.reassign") : t("admin.controls.assign")}
          className="button button-secondary button-small"
          open={assignErrors}
        >
          <assigner.Form
            method="post"
            action={action}
            className="stack"
            {...getFormProps(assignForm)}
            aria-label={t(delivery.riderId ? "admin.controls.reassignTitle" : "admin.controls.assignTitle", { tail })}
          >
            <FormIntent intent="assign" />
            <input type="hidden" name="deliveryId" value={delivery.id} />
            <strong>
              {t(delivery.riderId ? "admin.controls.reassignTitle" : "admin.controls.assignTitle", { tail })}
            </strong>
            {delivery.rider ? <p>{t("admin.controls.nowWith", { name: riderName(delivery.rider) })}</p> : null}
            {isAwaitingPayment(delivery.payment.status) ? (
              <p className="notice" data-testid={`assign-awaiting-payment-${delivery.id}`}>
                {t("admin.controls.awaitingPayment")}
              </p>
            ) : others.length === 0 ? (
              <p className="notice">{t("admin.controls.noRider")}</p>
            ) : (
              <>
                <div className="field">
                  <label htmlFor={assignFields.riderId.id}>{t("admin.rider")}</label>
                  <select {...getSelectProps(assignFields.riderId)}>
                    {others.map((rider) => (
                      <option key={rider.id} value={rider.id}>
                        {t("admin.controls.riderOption", { name: riderName(rider), count: rider.activeDeliveries })}
                      </option>
                    ))}
                  </select>
                  <FormErrors id={assignFields.riderId.errorId} errors={assignFields.riderId.errors} />
                </div>
                <FormErrors errors={assignForm.errors} />
                <button type="submit" className="button" disabled={assigning}>
                  {assigning
                    ? t("admin.controls.saving")
                    : delivery.riderId
                      ? t("admin.controls.reassign")
                      : t("admin.controls.assign")}
                </button>
              </>
            )}
          </assigner.Form>
        </Confirm>
      ) : null}
      {cancellable ? (
        <Confirm
          label={t("admin.controls.cancel")}
          className="button button-secondary button-small"
          open={cancelErrors}
        >
          <canceller.Form
            method="post"
            action={action}
            className="stack"
            {...getFormProps(cancelForm)}
            aria-label={t("admin.controls.cancelTitle", { tail })}
          >
            <FormIntent intent="cancel" formKey={formKey} />
            <input type="hidden" name="deliveryId" value={delivery.id} />
            <strong>{t("admin.controls.cancelTitle", { tail })}</strong>
            <p>{t("admin.controls.cancelWarning")}</p>
            <div className="field">
              <label htmlFor={cancelFields.reason.id}>{t("admin.reason")}</label>
              <textarea {...getTextareaProps(cancelFields.reason)} rows={2} />
              <FormErrors id={cancelFields.reason.errorId} errors={cancelFields.reason.errors} />
            </div>
            {delivery.riderId ? (
              <div className="field">
                <label htmlFor={cancelFields.fee.id}>{t("admin.controls.fee")}</label>
                <input {...getInputProps(cancelFields.fee, { type: "text" })} inputMode="decimal" autoComplete="off" />
                <p className="field-hint">{t("admin.controls.feeHint")}</p>
                <FormErrors id={cancelFields.fee.errorId} errors={cancelFields.fee.errors} />
              </div>
            ) : null}
            <FormErrors errors={cancelForm.errors} />
            <button type="submit" className="button button-danger" disabled={cancelling}>
              {cancelling ? t("admin.controls.cancelling") : t("admin.controls.cancelConfirm")}
            </button>
          </canceller.Form>
        </Confirm>
      ) : null}
    </div>
  );
}
