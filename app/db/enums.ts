/**
 * The product's fixed vocabularies. A plain module (no drizzle) so pages can import them without
 * shipping the ORM to the browser; app/db/schema/ re-exports them.
 */
export const ROLES = ["user", "rider", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const DELIVERY_STATUSES = [
  "pending",
  "assigned",
  "picked_up",
  "in_transit",
  "delivered",
  "cancelled",
  "returning",
  "returned",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a delivery event records (docs/guide/deliveries.md#events). */
export const DELIVERY_EVENT_KINDS = [
  "booked",
  "accepted",
  "released",
  "picked_up",
  "in_transit",
  "delivered",
  "cancelled",
  "reassigned",
  "rated",
  "paid",
  "refunded",
  "arrived_at_dropoff",
  "could_not_deliver",
  "returned",
] as const;
export type DeliveryEventKind = (typeof DELIVERY_EVENT_KINDS)[number];

/** Why a rider could not deliver (docs/guide/deliveries.md#could-not-deliver). */
export const COULD_NOT_DELIVER_REASONS = [
  "recipient_absent",
  "recipient_refused",
  "address_not_found",
  "unsafe",
  "other",
] as const;
export type CouldNotDeliverReason = (typeof COULD_NOT_DELIVER_REASONS)[number];

export const PACKAGE_TYPES = ["documents", "food", "parcels", "groceries", "electronics"] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const PACKAGE_SIZES = ["small", "medium", "large"] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];

export const VERIFICATION_CHANNELS = ["sms", "email"] as const;

/** How a customer pays (docs/guide/money.md). Online methods go through the payment gateway. */
export const PAYMENT_METHODS = ["cash", "gcash", "maya", "card", "invoice"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ONLINE_PAYMENT_METHODS = ["gcash", "maya", "card"] as const satisfies readonly PaymentMethod[];
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];
export const isOnlinePaymentMethod = (method: PaymentMethod): method is OnlinePaymentMethod =>
  (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

export const PAYMENT_STATUSES = [
  "not_required",
  "pending",
  "paid",
  "failed",
  "refunded",
  "partially_refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ONLINE_PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "partially_refunded"] as const;

export const PAYMENT_PROVIDERS = ["paymongo", "sandbox"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const ID_DISCOUNT_KINDS = ["pwd", "senior", "student"] as const;
export type IdDiscountKind = (typeof ID_DISCOUNT_KINDS)[number];
export const ID_DISCOUNT_STATUSES = ["pending", "approved", "rejected"] as const;

export const RIDER_APPLICATION_STATUSES = ["submitted", "approved", "rejected"] as const;
export type RiderApplicationStatus = (typeof RIDER_APPLICATION_STATUSES)[number];

/** What a notification tells about (app/notifications/): who gets it is in notifications.server.ts. */
export const NOTIFICATION_KINDS = [
  "rider_assigned",
  "picked_up",
  "delivered",
  "cancelled_by_admin",
  "refunded",
  "delivery_nearby",
  "delivery_assigned_to_you",
  "delivery_taken",
  "application_decided",
  "suspended",
  "reactivated",
  "cash_out_settled",
  "application_submitted",
  "cash_out_requested",
  "proposal_closed",
  "proposal_opened",
  "claim_decided",
  "rider_at_dropoff",
  "could_not_deliver",
  "returned",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The riders' ledger (docs/guide/money.md#rider-ledger). */
/** peak_bonus (migration 0183): a peak-hours surcharge, whole to the rider who delivered the booking. */
/** benefit: an approved claim on the member benefits fund; patronage: a member's part of a surplus return. */
export const LEDGER_KINDS = [
  "share",
  "insurance",
  "cash_collected",
  "incentive",
  "remittance",
  "cashout",
  "adjustment",
  "peak_bonus",
  "benefit",
  "patronage",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const CASHOUT_METHODS = ["gcash", "bank", "office"] as const;
export type CashoutMethod = (typeof CASHOUT_METHODS)[number];
/** sending, failed: a GCash payout through the payout gateway (migration 0184). */
export const CASHOUT_STATUSES = ["requested", "sending", "paid", "failed", "rejected"] as const;
export type CashoutStatus = (typeof CASHOUT_STATUSES)[number];
/** How a delivered delivery was handed over: with the recipient's 4-digit code, or without one (with the rider's note). */
export const HANDOVER_KINDS = ["code", "none"] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

export const VEHICLES = ["motorcycle", "bicycle", "car"] as const;
export type Vehicle = (typeof VEHICLES)[number];

/** Member-owners govern the co-op (migration 0186). */
export const PROPOSAL_KINDS = ["settings", "payout", "surplus_return", "resolution"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_RESULTS = ["passed", "failed", "inquorate"] as const;
export type ProposalResult = (typeof PROPOSAL_RESULTS)[number];
export const BALLOT_CHOICES = ["yes", "no", "abstain"] as const;
export type BallotChoice = (typeof BALLOT_CHOICES)[number];

/** Claims on the member benefits fund (migration 0188). */
export const CLAIM_KINDS = ["accident", "hospitalisation", "bereavement", "calamity"] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
/**
 * pending: an admin decides; in_vote: above the co-op's limit, a payout proposal; waiting_funds: the
 * members passed it when the fund could not pay it (paid by the cron as money comes in); then
 * approved (paid) or rejected.
 */
export const CLAIM_STATUSES = ["pending", "in_vote", "waiting_funds", "approved", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
