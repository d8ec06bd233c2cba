import type { Delivery } from "~/db/schema";
import { formatPesos } from "~/money/money";
import { APPLICATION_CITIES } from "~/rider-application/rider-application";
import type { NotificationContent } from "./notifications.server";

/**
 * The words of every notification, in one place (the bell and Web Push show the same). Pure: the
 * callers decide when and to whom (app/notifications/notifications.server.ts).
 */
type Place = Pick<Delivery, "id" | "pickupCity" | "dropoffCity" | "dropoffAddress">;

const shortCity = (city: string) => city.split(",")[0]!.trim();
const trackingUrl = (delivery: Pick<Delivery, "id">) => `/tracking/${delivery.id}`;
const route = (delivery: Place) => `${shortCity(delivery.pickupCity)} to ${shortCity(delivery.dropoffCity)}`;

/**
 * "New delivery nearby" gathered: later deliveries in a rider's minute rewrite the minute's
 * notification's title to "{count} new deliveries nearby" (the count is joined in SQL,
 * nearby-riders.server.ts).
 */
export const NEARBY_GATHERED_TITLE_SUFFIX = " new deliveries nearby";
export const nearbyGatheredTitle = (count: number) => `${count}${NEARBY_GATHERED_TITLE_SUFFIX}`;

export const notificationText = {
  riderAssigned: (delivery: Place, riderFirstName: string | null): NotificationContent => ({
    kind: "rider_assigned",
    title: "Rider assigned",
    body: `${riderFirstName ?? "Your rider"} is on the way to pick up your package (${route(delivery)}).`,
    url: trackingUrl(delivery),
  }),
  pickedUp: (delivery: Place): NotificationContent => ({
    kind: "picked_up",
    title: "Package picked up",
    body: `Your package is on its way to ${delivery.dropoffAddress}.`,
    url: trackingUrl(delivery),
  }),
  delivered: (delivery: Place): NotificationContent => ({
    kind: "delivered",
    title: "Delivered",
    body: `Your package reached ${delivery.dropoffAddress}. Rate your rider.`,
    url: trackingUrl(delivery),
  }),
  cancelledByAdmin: (delivery: Place, reason: string | null): NotificationContent => ({
    kind: "cancelled_by_admin",
    title: "Delivery cancelled",
    body: reason ? `Hatid cancelled your delivery (${route(delivery)}): ${reason}` : `Hatid cancelled your delivery (${route(delivery)}).`,
    url: trackingUrl(delivery),
  }),
  refunded: (delivery: Place, centavos: number): NotificationContent => ({
    kind: "refunded",
    title: "Refund made",
    body: `${formatPesos(centavos)} for your delivery (${route(delivery)}) was refunded to your payment method.`,
    url: trackingUrl(delivery),
  }),
  /** `approximate`: the pickup point is its city's centre (issue 27), so the distance is "about". */
  deliveryNearby: (delivery: Place, distance: string, approximate = false): NotificationContent => ({
    kind: "delivery_nearby",
    title: "New delivery nearby",
    body: approximate ? `Pickup about ${distance} km from you: ${route(delivery)}.` : `Pickup ${distance} km from you: ${route(delivery)}.`,
    url: "/rider-dashboard",
  }),
  assignedToYou: (delivery: Place): NotificationContent => ({
    kind: "delivery_assigned_to_you",
    title: "Delivery assigned to you",
    body: `An admin gave you a delivery: ${route(delivery)}.`,
    url: "/rider-dashboard",
  }),
  deliveryTaken: (delivery: Place): NotificationContent => ({
    kind: "delivery_taken",
    title: "Delivery reassigned",
    body: `An admin gave your delivery (${route(delivery)}) to another rider.`,
    url: "/rider-dashboard",
  }),
  applicationDecided: (approved: boolean, note: string | null): NotificationContent => ({
    kind: "application_decided",
    title: approved ? "Rider application approved" : "Rider application not approved",
    body: approved
      ? "Welcome to Hatid! You can now go online and accept deliveries."
      : `Your rider application was not approved${note ? `: ${note}` : "."}`,
    url: approved ? "/rider-dashboard" : "/become-rider",
  }),
  suspended: (reason: string): NotificationContent => ({
    kind: "suspended",
    title: "Account suspended",
    body: `An admin suspended your rider account: ${reason}`,
    url: "/rider-dashboard",
  }),
  reactivated: (): NotificationContent => ({
    kind: "reactivated",
    title: "Account reactivated",
    body: "Your rider account is active again. You can go online.",
    url: "/rider-dashboard",
  }),
  applicationSubmitted: (fullName: string, city: string): NotificationContent => ({
    kind: "application_submitted",
    title: "New rider application",
    body: `${fullName} applied to ride in ${APPLICATION_CITIES.find((option) => option.value === city)?.label ?? city}.`,
    url: "/admin/riders",
  }),
  /** For issue 18's cash-out (the rider's request settled). */
  cashOutSettled: (centavos: number): NotificationContent => ({
    kind: "cash_out_settled",
    title: "Cash-out sent",
    body: `Your cash-out of ${formatPesos(centavos)} was sent.`,
    url: "/rider/earnings",
  }),
  cashOutRejected: (centavos: number): NotificationContent => ({
    kind: "cash_out_settled",
    title: "Cash-out not sent",
    body: `Your cash-out request of ${formatPesos(centavos)} was declined; your balance is unchanged.`,
    url: "/rider/earnings",
  }),
  /** Issue 27: a GCash payout the gateway failed; its amount is back in the balance. */
  cashOutFailed: (centavos: number): NotificationContent => ({
    kind: "cash_out_settled",
    title: "GCash cash-out failed",
    body: `Your GCash cash-out of ${formatPesos(centavos)} could not be sent; it is back in your balance.`,
    url: "/rider/earnings",
  }),
  /** For issue 18's cash-out (admins: a rider asked to be paid). */
  cashOutRequested: (riderName: string, centavos: number): NotificationContent => ({
    kind: "cash_out_requested",
    title: "New cash-out request",
    body: `${riderName} asked to cash out ${formatPesos(centavos)}.`,
    url: "/admin/cashouts",
  }),
};
