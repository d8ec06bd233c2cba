import type { NotificationKind } from "~/db/schema";
import type { NotificationMessage } from "./notification-messages";

/**
 * Data: the English texts rows written before messages were stored by id hold (notifications were stored as English
 * then), frozen as the app wrote them, and which message each one is, by kind: a title as written,
 * or a body's pattern whose named parts are the message's values. Read only for a stored text that
 * is not a message id (notification-reader.server.ts); never add to it, new rows store ids.
 */
export type LegacyForm = readonly [pattern: RegExp, id: NotificationMessage["id"]];

/** Cities' short names hold no parentheses, so a route never runs into a reason or note written after it. */
const ROUTE = String.raw`(?<from>[^()]+?) to (?<to>[^()]+)`;
const form = (pattern: string, id: NotificationMessage["id"]): LegacyForm => [new RegExp(`^${pattern}$`, "s"), id];

export const LEGACY_NOTIFICATIONS: Record<NotificationKind, readonly LegacyForm[]> = {
  rider_assigned: [
    form("Rider assigned", "notifications.riderAssigned.title"),
    form(
      String.raw`Your rider is on the way to pick up your package \(${ROUTE}\)\.`,
      "notifications.riderAssigned.bodyUnnamed",
    ),
    form(
      String.raw`(?<rider>.+) is on the way to pick up your package \(${ROUTE}\)\.`,
      "notifications.riderAssigned.body",
    ),
  ],
  picked_up: [
    form("Package picked up", "notifications.pickedUp.title"),
    form(String.raw`Your package is on its way to (?<address>.+)\.`, "notifications.pickedUp.body"),
  ],
  delivered: [
    form("Delivered", "notifications.delivered.title"),
    form(String.raw`Your package reached (?<address>.+)\. Rate your rider\.`, "notifications.delivered.body"),
  ],
  cancelled_by_admin: [
    form("Delivery cancelled", "notifications.cancelledByAdmin.title"),
    form(String.raw`Hatid cancelled your delivery \(${ROUTE}\)\.`, "notifications.cancelledByAdmin.body"),
    form(
      String.raw`Hatid cancelled your delivery \(${ROUTE}\): (?<reason>.+)`,
      "notifications.cancelledByAdmin.bodyWithReason",
    ),
  ],
  refunded: [
    form("Refund made", "notifications.refunded.title"),
    form(
      String.raw`(?<amount>₱\S+) for your delivery \(${ROUTE}\) was refunded to your payment method\.`,
      "notifications.refunded.body",
    ),
  ],
  delivery_nearby: [
    form("New delivery nearby", "notifications.deliveryNearby.title"),
    form(String.raw`(?<count>\d+) new deliveries nearby`, "notifications.deliveryNearby.titleGathered"),
    form(
      String.raw`Pickup about (?<km>[\d.]+) km from you: ${ROUTE}\.`,
      "notifications.deliveryNearby.bodyApproximate",
    ),
    form(String.raw`Pickup (?<km>[\d.]+) km from you: ${ROUTE}\.`, "notifications.deliveryNearby.body"),
  ],
  delivery_assigned_to_you: [
    form("Delivery assigned to you", "notifications.assignedToYou.title"),
    form(String.raw`An admin gave you a delivery: ${ROUTE}\.`, "notifications.assignedToYou.body"),
  ],
  delivery_taken: [
    form("Delivery reassigned", "notifications.deliveryTaken.title"),
    form(String.raw`An admin gave your delivery \(${ROUTE}\) to another rider\.`, "notifications.deliveryTaken.body"),
  ],
  application_decided: [
    form("Rider application approved", "notifications.applicationApproved.title"),
    form("Rider application not approved", "notifications.applicationRejected.title"),
    form(
      String.raw`Welcome to Hatid! You can now go online and accept deliveries\.`,
      "notifications.applicationApproved.body",
    ),
    form(String.raw`Your rider application was not approved\.`, "notifications.applicationRejected.body"),
    form(
      String.raw`Your rider application was not approved: (?<note>.+)`,
      "notifications.applicationRejected.bodyWithNote",
    ),
  ],
  suspended: [
    form("Account suspended", "notifications.suspended.title"),
    form(String.raw`An admin suspended your rider account: (?<reason>.+)`, "notifications.suspended.body"),
  ],
  reactivated: [
    form("Account reactivated", "notifications.reactivated.title"),
    form(String.raw`Your rider account is active again\. You can go online\.`, "notifications.reactivated.body"),
  ],
  cash_out_settled: [
    form("Cash-out sent", "notifications.cashOutSent.title"),
    form("Cash-out not sent", "notifications.cashOutDeclined.title"),
    form("GCash cash-out failed", "notifications.cashOutFailed.title"),
    form(String.raw`Your cash-out of (?<amount>₱\S+) was sent\.`, "notifications.cashOutSent.body"),
    form(
      String.raw`Your cash-out request of (?<amount>₱\S+) was declined; your balance is unchanged\.`,
      "notifications.cashOutDeclined.body",
    ),
    form(
      String.raw`Your GCash cash-out of (?<amount>₱\S+) could not be sent; it is back in your balance\.`,
      "notifications.cashOutFailed.body",
    ),
  ],
  application_submitted: [
    form("New rider application", "notifications.applicationSubmitted.title"),
    form(String.raw`(?<name>.+) applied to ride in (?<city>.+)\.`, "notifications.applicationSubmitted.body"),
  ],
  cash_out_requested: [
    form("New cash-out request", "notifications.cashOutRequested.title"),
    form(String.raw`(?<name>.+) asked to cash out (?<amount>₱\S+)\.`, "notifications.cashOutRequested.body"),
  ],
  // Stored as message ids from the start.
  proposal_closed: [],
  proposal_opened: [],
  claim_decided: [],
  rider_at_dropoff: [],
  could_not_deliver: [],
  returned: [],
};
