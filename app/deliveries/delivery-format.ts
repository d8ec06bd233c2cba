import type { DeliveryStatus } from "~/db/schema";

/** Status labels of spec section 4. */
export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: "Pending",
  assigned: "Assigned",
  picked_up: "Picked Up",
  in_transit: "In Transit",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The last 8 characters of a delivery id, as lists show it. */
export const deliveryIdTail = (id: string) => id.slice(-8);

const manilaDateTime = new Intl.DateTimeFormat("en-PH", {
  timeZone: "Asia/Manila",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Nov 21, 2026, 4:05 PM", always in Asia/Manila (the same on the server and in the browser). */
export const formatManilaDateTime = (iso: string | Date) => manilaDateTime.format(typeof iso === "string" ? new Date(iso) : iso);
