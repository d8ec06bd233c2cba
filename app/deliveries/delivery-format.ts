import type { DeliveryStatus } from "~/db/schema";

/**
 * Status labels in English (docs/guide/deliveries.md#statuses): for the CSV statements the server writes. Pages
 * show `t(statusLabelId(status))` (the `app` namespace, sent to every signed-in page by _app.tsx).
 */
export const statusLabelId = (status: DeliveryStatus) => `app.status.${status}` as const;

export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Pending",
  assigned: "Assigned",
  picked_up: "Picked Up",
  in_transit: "In Transit",
  delivered: "Delivered",
  cancelled: "Cancelled",
  returning: "Returning",
  returned: "Returned",
};

/** The last 8 characters of a delivery id, as lists show it. */
export const deliveryIdTail = (id: string) => id.slice(-8);
