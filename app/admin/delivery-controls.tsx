import { useEffect, useState } from "react";
import { ActionDialog } from "~/components/action-dialog";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { apiRequest } from "~/http/api-client";
import { useIntentKeys } from "~/http/use-intent-keys";
import { useT } from "~/i18n/i18n";
import { MAX_ACTIVE_PER_RIDER } from "~/deliveries/state-machine";
import type { RiderListItem } from "~/riders/riders.server";
import { toast } from "~/toast/toast-store";

import { fullName } from "./figure-cards";

/**
 * The admin live list's Cancel and Reassign buttons, each behind a confirmation. Cancel takes a
 * reason and an optional fee (only once a rider holds it); Reassign offers the riders who can take
 * it now (approved, in the rider role, not suspended, fewer than 3 active). The server re-checks all of it.
 */
export function DeliveryControls({ delivery, onChanged }: { delivery: DeliveryView; onChanged: () => void }) {
  const [dialog, setDialog] = useState<"cancel" | "assign" | null>(null);
  const [riders, setRiders] = useState<RiderListItem[] | null>(null);
  const t = useT();
  const keys = useIntentKeys();
  const riderName = (rider: Pick<RiderListItem, "firstName" | "lastName">) => fullName(rider, t("admin.unnamedRider"));
  const cancellable = delivery.status !== "delivered" && delivery.status !== "cancelled";
  const assignable = delivery.status === "pending" || delivery.status === "assigned";

  useEffect(() => {
    if (dialog !== "assign") return;
    setRiders(null);
    apiRequest<{ riders: RiderListItem[] }>("GET", "/api/admin/riders").then(
      ({ riders: all }) =>
        setRiders(all.filter((r) => r.role === "rider" && !r.suspension && r.activeDeliveries < MAX_ACTIVE_PER_RIDER && r.id !== delivery.riderId)),
      () => setRiders([]),
    );
  }, [dialog, delivery.riderId]);

  if (!cancellable && !assignable) return null;
  const tail = `#${deliveryIdTail(delivery.id)}`;
  return (
    <div className="row admin-live-actions">
      {assignable ? (
        <button type="button" className="button button-secondary button-small" onClick={() => setDialog("assign")}>
          {delivery.riderId ? t("admin.controls.reassign") : t("admin.controls.assign")}
        </button>
      ) : null}
      {cancellable ? (
        <button type="button" className="button button-danger button-small" onClick={() => setDialog("cancel")}>
          {t("admin.controls.cancel")}
        </button>
      ) : null}

      <ActionDialog
        open={dialog === "cancel"}
        title={t("admin.controls.cancelTitle", { tail })}
        confirmLabel={t("admin.controls.cancelConfirm")}
        busyLabel={t("admin.controls.cancelling")}
        danger
        onClose={() => setDialog(null)}
        onConfirm={async (form) => {
          const feeText = String(form.get("fee") ?? "").trim();
          await keys.request("cancel", "POST", `/api/admin/deliveries/${delivery.id}/cancel`, {
            reason: String(form.get("reason") ?? ""),
            ...(feeText ? { fee: Number(feeText) } : {}),
          });
          toast({ title: t("admin.controls.cancelledToast"), description: t("admin.controls.cancelledToastText", { tail }) });
          onChanged();
        }}
      >
        <p>{t("admin.controls.cancelWarning")}</p>
        <div className="field">
          <label htmlFor={`cancel-reason-${delivery.id}`}>{t("admin.reason")}</label>
          <textarea id={`cancel-reason-${delivery.id}`} name="reason" required maxLength={200} rows={2} />
        </div>
        {delivery.riderId ? (
          <div className="field">
            <label htmlFor={`cancel-fee-${delivery.id}`}>{t("admin.controls.fee")}</label>
            <input id={`cancel-fee-${delivery.id}`} name="fee" type="number" inputMode="decimal" min={0} max={delivery.totalFee} step="0.01" />
            <p className="field-hint">{t("admin.controls.feeHint")}</p>
          </div>
        ) : null}
      </ActionDialog>

      <ActionDialog
        open={dialog === "assign"}
        title={t(delivery.riderId ? "admin.controls.reassignTitle" : "admin.controls.assignTitle", { tail })}
        confirmLabel={delivery.riderId ? t("admin.controls.reassign") : t("admin.controls.assign")}
        busyLabel={t("admin.controls.saving")}
        onClose={() => setDialog(null)}
        onConfirm={async (form) => {
          await keys.request("assign", "POST", `/api/admin/deliveries/${delivery.id}/assign`, { riderId: String(form.get("riderId") ?? "") });
          toast({ title: t("admin.controls.assignedToast"), description: t("admin.controls.assignedToastText", { tail }) });
          onChanged();
        }}
      >
        {delivery.rider ? <p>{t("admin.controls.nowWith", { name: riderName(delivery.rider) })}</p> : null}
        {riders === null ? (
          <p className="muted" role="status">
            {t("admin.controls.loadingRiders")}
          </p>
        ) : riders.length === 0 ? (
          <p className="notice">{t("admin.controls.noRider")}</p>
        ) : (
          <div className="field">
            <label htmlFor={`assign-rider-${delivery.id}`}>{t("admin.rider")}</label>
            <select id={`assign-rider-${delivery.id}`} name="riderId" required>
              {riders.map((rider) => (
                <option key={rider.id} value={rider.id}>
                  {t("admin.controls.riderOption", { name: riderName(rider), count: rider.activeDeliveries })}
                </option>
              ))}
            </select>
          </div>
        )}
      </ActionDialog>
    </div>
  );
}
