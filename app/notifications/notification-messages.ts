import type { ClaimKind, Delivery } from "~/db/schema";
import type { MessageId } from "~/i18n/catalogs";
import type { MessageDescriptor, MessageValue, MessageValues } from "~/i18n/message";
import { formatPesos, type Centavos } from "~/money/money";
import { applicationCityLabel } from "~/riders/rider-application";
import { formatManilaDateTime } from "~/i18n/manila";
import type { NotificationContent } from "./notifications.server";

/**
 * What every notification says, as message ids of the `notifications` catalog with their values (the
 * bell and Web Push show the same). Stored so in D1 and put into words when read, in the reader's
 * language (notification-reader.server.ts). Pure: the callers decide when and to whom
 * (notifications.server.ts).
 */
type Place = Pick<Delivery, "id" | "pickupCity" | "dropoffCity" | "dropoffAddress">;

/** A message of the `notifications` catalog with its values. */
export interface NotificationMessage {
  id: MessageId<"notifications">;
  values?: MessageValues;
}

const say = (id: MessageId<"notifications">, values?: MessageValues): NotificationMessage =>
  values ? { id, values } : { id };
const shortCity = (city: string) => city.split(",")[0]!.trim();
const trackingUrl = (delivery: Pick<Delivery, "id">) => `/tracking/${delivery.id}`;
const route = (delivery: Place) => ({ from: shortCity(delivery.pickupCity), to: shortCity(delivery.dropoffCity) });

/**
 * "New delivery nearby" gathered: later deliveries in a rider's minute rewrite the minute's
 * notification's title to this message, its count joined in SQL (nearby-riders.server.ts).
 */
export const NEARBY_GATHERED_TITLE: MessageId<"notifications"> = "notifications.deliveryNearby.titleGathered";

/** What became of a rider's cash-out: sent, declined, or (GCash) failed and back in the balance. */
const cashOutOutcome = (
  outcome: "cashOutSent" | "cashOutDeclined" | "cashOutFailed",
  centavos: Centavos,
): NotificationContent => ({
  kind: "cash_out_settled",
  title: say(`notifications.${outcome}.title`),
  body: say(`notifications.${outcome}.body`, { amount: formatPesos(centavos) }),
  url: "/rider/earnings",
});

export const notificationMessages = {
  riderAssigned: (delivery: Place, riderFirstName: string | null): NotificationContent => ({
    kind: "rider_assigned",
    title: say("notifications.riderAssigned.title"),
    body: riderFirstName
      ? say("notifications.riderAssigned.body", { rider: riderFirstName, ...route(delivery) })
      : say("notifications.riderAssigned.bodyUnnamed", route(delivery)),
    url: trackingUrl(delivery),
  }),
  pickedUp: (delivery: Place): NotificationContent => ({
    kind: "picked_up",
    title: say("notifications.pickedUp.title"),
    body: say("notifications.pickedUp.body", { address: delivery.dropoffAddress }),
    url: trackingUrl(delivery),
  }),
  delivered: (delivery: Place): NotificationContent => ({
    kind: "delivered",
    title: say("notifications.delivered.title"),
    body: say("notifications.delivered.body", { address: delivery.dropoffAddress }),
    url: trackingUrl(delivery),
  }),
  riderAtDropoff: (delivery: Place): NotificationContent => ({
    kind: "rider_at_dropoff",
    title: say("notifications.riderAtDropoff.title"),
    body: say("notifications.riderAtDropoff.body", { address: delivery.dropoffAddress }),
    url: trackingUrl(delivery),
  }),
  couldNotDeliver: (delivery: Place): NotificationContent => ({
    kind: "could_not_deliver",
    title: say("notifications.couldNotDeliver.title"),
    body: say("notifications.couldNotDeliver.body", { address: delivery.dropoffAddress }),
    url: trackingUrl(delivery),
  }),
  returned: (delivery: Place): NotificationContent => ({
    kind: "returned",
    title: say("notifications.returned.title"),
    body: say("notifications.returned.body"),
    url: trackingUrl(delivery),
  }),
  cancelledByAdmin: (delivery: Place, reason: string | null): NotificationContent => ({
    kind: "cancelled_by_admin",
    title: say("notifications.cancelledByAdmin.title"),
    body: reason
      ? say("notifications.cancelledByAdmin.bodyWithReason", { ...route(delivery), reason })
      : say("notifications.cancelledByAdmin.body", route(delivery)),
    url: trackingUrl(delivery),
  }),
  refunded: (delivery: Place, centavos: Centavos): NotificationContent => ({
    kind: "refunded",
    title: say("notifications.refunded.title"),
    body: say("notifications.refunded.body", { amount: formatPesos(centavos), ...route(delivery) }),
    url: trackingUrl(delivery),
  }),
  /** `approximate`: the pickup point is its city's centre, so the distance is "about". */
  deliveryNearby: (delivery: Place, distance: string, approximate = false): NotificationContent => ({
    kind: "delivery_nearby",
    title: say("notifications.deliveryNearby.title"),
    body: say(approximate ? "notifications.deliveryNearby.bodyApproximate" : "notifications.deliveryNearby.body", {
      km: distance,
      ...route(delivery),
    }),
    url: "/rider-dashboard",
  }),
  assignedToYou: (delivery: Place): NotificationContent => ({
    kind: "delivery_assigned_to_you",
    title: say("notifications.assignedToYou.title"),
    body: say("notifications.assignedToYou.body", route(delivery)),
    url: "/rider-dashboard",
  }),
  deliveryTaken: (delivery: Place): NotificationContent => ({
    kind: "delivery_taken",
    title: say("notifications.deliveryTaken.title"),
    body: say("notifications.deliveryTaken.body", route(delivery)),
    url: "/rider-dashboard",
  }),
  applicationDecided: (approved: boolean, note: string | null): NotificationContent => ({
    kind: "application_decided",
    title: say(approved ? "notifications.applicationApproved.title" : "notifications.applicationRejected.title"),
    body: approved
      ? say("notifications.applicationApproved.body")
      : note
        ? say("notifications.applicationRejected.bodyWithNote", { note })
        : say("notifications.applicationRejected.body"),
    url: approved ? "/rider-dashboard" : "/become-rider",
  }),
  suspended: (reason: string): NotificationContent => ({
    kind: "suspended",
    title: say("notifications.suspended.title"),
    body: say("notifications.suspended.body", { reason }),
    url: "/rider-dashboard",
  }),
  reactivated: (): NotificationContent => ({
    kind: "reactivated",
    title: say("notifications.reactivated.title"),
    body: say("notifications.reactivated.body"),
    url: "/rider-dashboard",
  }),
  applicationSubmitted: (fullName: string, city: string): NotificationContent => ({
    kind: "application_submitted",
    title: say("notifications.applicationSubmitted.title"),
    body: say("notifications.applicationSubmitted.body", {
      name: fullName,
      city: applicationCityLabel(city),
    }),
    url: "/admin/riders",
  }),
  /** For a cash-out (the rider's request settled). */
  cashOutSettled: (centavos: Centavos) => cashOutOutcome("cashOutSent", centavos),
  cashOutRejected: (centavos: Centavos) => cashOutOutcome("cashOutDeclined", centavos),
  /** A GCash payout the gateway failed; its amount is back in the balance. */
  cashOutFailed: (centavos: Centavos) => cashOutOutcome("cashOutFailed", centavos),
  /** For a cash-out (admins: a rider asked to be paid). */
  cashOutRequested: (riderName: string, centavos: Centavos): NotificationContent => ({
    kind: "cash_out_requested",
    title: say("notifications.cashOutRequested.title"),
    body: say("notifications.cashOutRequested.body", { name: riderName, amount: formatPesos(centavos) }),
    url: "/admin/cashouts",
  }),
  /**
   * A proposal's vote closed, with its result and totals (every member-owner and admin).
   * The page it opens (/coop) is a later slice of the issue.
   */
  proposalClosed: (
    proposal: { id: string; title: MessageValue },
    result: "passed" | "failed" | "inquorate",
    totals: { yes: number; no: number; abstain: number },
  ): NotificationContent => ({
    kind: "proposal_closed",
    title: say(`notifications.proposal.${result}.title`),
    body: say(`notifications.proposal.${result}.body`, {
      title: proposal.title,
      yes: totals.yes,
      no: totals.no,
      abstain: totals.abstain,
    }),
    url: `/coop/proposals/${proposal.id}`,
  }),
  proposalOpened: (proposal: { id: string; title: MessageValue; closesAt: number }): NotificationContent => ({
    kind: "proposal_opened",
    title: say("notifications.proposal.opened.title"),
    body: say("notifications.proposal.opened.body", {
      title: proposal.title,
      date: formatManilaDateTime(proposal.closesAt),
    }),
    url: `/coop/proposals/${proposal.id}`,
  }),
  /** An admin approved (a benefit in the rider's ledger) or rejected the claimant's claim on the member benefits fund. */
  claimDecided: (
    claim: { kind: ClaimKind; amount: Centavos },
    approved: boolean,
    reason: string | MessageDescriptor | null,
  ): NotificationContent => {
    const values = { kind: { id: `server.claims.kind.${claim.kind}` as const }, amount: formatPesos(claim.amount) };
    return {
      kind: "claim_decided",
      title: say(approved ? "notifications.claimApproved.title" : "notifications.claimRejected.title"),
      body: approved
        ? say("notifications.claimApproved.body", values)
        : say("notifications.claimRejected.body", { ...values, reason: reason ?? "" }),
      url: "/rider/earnings",
    };
  },
  /** Decision 0215: the members passed the claimant's claim, and the fund cannot pay it yet: it waits for funds. */
  claimWaiting: (claim: { kind: ClaimKind; amount: Centavos }): NotificationContent => ({
    kind: "claim_decided",
    title: say("notifications.claimWaiting.title"),
    body: say("notifications.claimWaiting.body", {
      kind: { id: `server.claims.kind.${claim.kind}` as const },
      amount: formatPesos(claim.amount),
    }),
    url: "/coop/claims",
  }),
  /** Decision 0215: a claim that waited for funds is paid (a benefit in the rider's ledger). */
  claimPaid: (claim: { kind: ClaimKind; amount: Centavos }): NotificationContent => ({
    kind: "claim_decided",
    title: say("notifications.claimPaid.title"),
    body: say("notifications.claimPaid.body", {
      kind: { id: `server.claims.kind.${claim.kind}` as const },
      amount: formatPesos(claim.amount),
    }),
    url: "/rider/earnings",
  }),
};
