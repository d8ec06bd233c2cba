import type { DeliveryStatus } from "~/db/schema";
import type { DeliveryView } from "~/deliveries/delivery-view";
import { apiRequest } from "~/http/api-client";

/**
 * The rider's job screen's steps (PRODUCT.md, Delivery lifecycle): one next step per status, and
 * the one place their calls go out (`sendJobStep`). The offline action queue (issue 19) wraps this
 * function, so a step pressed without signal waits on the phone instead of failing.
 */
export type JobStep =
  | { kind: "accept"; label: "Accept Delivery"; question: string }
  | { kind: "status"; to: "picked_up"; label: "Confirm Pickup"; question: string }
  | { kind: "status"; to: "in_transit"; label: "Start Trip"; question: string }
  | { kind: "status"; to: "delivered"; label: "Mark Delivered"; question: string };

export function nextJobStep(status: DeliveryStatus, mine: boolean): JobStep | null {
  if (status === "pending") return { kind: "accept", label: "Accept Delivery", question: "Accept this delivery? You will pick it up next." };
  if (!mine) return null;
  if (status === "assigned") return { kind: "status", to: "picked_up", label: "Confirm Pickup", question: "Confirm Pickup: you have the package from the pickup contact?" };
  if (status === "picked_up") return { kind: "status", to: "in_transit", label: "Start Trip", question: "Start Trip: you are on your way to the dropoff?" };
  if (status === "in_transit") return { kind: "status", to: "delivered", label: "Mark Delivered", question: "Mark Delivered: ask the recipient for their 4-digit handover code." };
  return null;
}

/** What Mark Delivered sends about the handover: the recipient's code, or "no code" with a note. */
export type HandoverAnswer = { handoverCode: string } | { handoverNote: string };

/** Sends one step of the job screen; throws ApiError with the server's message when refused. */
export async function sendJobStep(deliveryId: string, step: JobStep, handover?: HandoverAnswer): Promise<DeliveryView> {
  const id = encodeURIComponent(deliveryId);
  if (step.kind === "accept") return apiRequest<DeliveryView>("POST", `/api/deliveries/${id}/accept`);
  return apiRequest<DeliveryView>("POST", `/api/deliveries/${id}/status`, { status: step.to, ...(step.to === "delivered" ? handover : {}) });
}

/** A link that opens the phone's map app with directions to a point (Google Maps' universal URL: the app on Android and iOS, the site elsewhere). */
export function navigateUrl(latitude: string | null, longitude: string | null, address: string): string {
  const destination = latitude !== null && longitude !== null ? `${latitude},${longitude}` : address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}&travelmode=driving`;
}
