import { useEffect, useState } from "react";
import { ActionDialog } from "~/components/action-dialog";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { deliveryIdTail } from "~/deliveries/delivery-format";
import { apiRequest } from "~/http/api-client";
import { MAX_ACTIVE_PER_RIDER } from "~/deliveries/state-machine";
import type { RiderListItem } from "~/riders/riders.server";
import { toast } from "~/toast/toast-store";

const riderName = (rider: Pick<RiderListItem, "firstName" | "lastName">) => [rider.firstName, rider.lastName].filter(Boolean).join(" ") || "Unnamed rider";

/**
 * The admin live list's Cancel and Reassign buttons, each behind a confirmation. Cancel takes a
 * reason and an optional fee (only once a rider holds it); Reassign offers the riders who can take
 * it now (approved, in the rider role, not suspended, fewer than 3 active). The server re-checks all of it.
 */
export function DeliveryControls({ delivery, onChanged }: { delivery: DeliveryView; onChanged: () => void }) {
  const [dialog, setDialog] = useState<"cancel" | "assign" | null>(null);
  const [riders, setRiders] = useState<RiderListItem[] | null>(null);
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
          {delivery.riderId ? "Reassign" : "Assign"}
        </button>
      ) : null}
      {cancellable ? (
        <button type="button" className="button button-danger button-small" onClick={() => setDialog("cancel")}>
          Cancel
        </button>
      ) : null}

      <ActionDialog
        open={dialog === "cancel"}
        title={`Cancel delivery ${tail}?`}
        confirmLabel="Cancel Delivery"
        busyLabel="Cancelling..."
        danger
        onClose={() => setDialog(null)}
        onConfirm={async (form) => {
          const feeText = String(form.get("fee") ?? "").trim();
          await apiRequest("POST", `/api/admin/deliveries/${delivery.id}/cancel`, {
            reason: String(form.get("reason") ?? ""),
            ...(feeText ? { fee: Number(feeText) } : {}),
          });
          toast({ title: "Delivery cancelled", description: `${tail} was cancelled.` });
          onChanged();
        }}
      >
        <p>The customer and the rider see it cancelled at once. This cannot be undone.</p>
        <div className="field">
          <label htmlFor={`cancel-reason-${delivery.id}`}>Reason</label>
          <textarea id={`cancel-reason-${delivery.id}`} name="reason" required maxLength={200} rows={2} />
        </div>
        {delivery.riderId ? (
          <div className="field">
            <label htmlFor={`cancel-fee-${delivery.id}`}>Cancellation fee in pesos (optional)</label>
            <input id={`cancel-fee-${delivery.id}`} name="fee" type="number" inputMode="decimal" min={0} max={delivery.totalFee} step="0.01" />
            <p className="field-hint">Split like a delivery fee: 85% to the rider who held it.</p>
          </div>
        ) : null}
      </ActionDialog>

      <ActionDialog
        open={dialog === "assign"}
        title={`${delivery.riderId ? "Reassign" : "Assign"} delivery ${tail}`}
        confirmLabel={delivery.riderId ? "Reassign" : "Assign"}
        busyLabel="Saving..."
        onClose={() => setDialog(null)}
        onConfirm={async (form) => {
          await apiRequest("POST", `/api/admin/deliveries/${delivery.id}/assign`, { riderId: String(form.get("riderId") ?? "") });
          toast({ title: "Rider assigned", description: `${tail} has a new rider.` });
          onChanged();
        }}
      >
        {delivery.rider ? <p>It is now with {riderName(delivery.rider)}, who will lose it.</p> : null}
        {riders === null ? (
          <p className="muted" role="status">
            Loading riders...
          </p>
        ) : riders.length === 0 ? (
          <p className="notice">No rider can take it right now.</p>
        ) : (
          <div className="field">
            <label htmlFor={`assign-rider-${delivery.id}`}>Rider</label>
            <select id={`assign-rider-${delivery.id}`} name="riderId" required>
              {riders.map((rider) => (
                <option key={rider.id} value={rider.id}>
                  {riderName(rider)} ({rider.activeDeliveries} active)
                </option>
              ))}
            </select>
          </div>
        )}
      </ActionDialog>
    </div>
  );
}
