import type {
  CouldNotDeliverReason,
  Delivery,
  DeliveryStatus,
  HandoverKind,
  IdDiscountKind,
  PackageSize,
  PackageType,
  PaymentMethod,
  PaymentStatus,
  User,
  Vehicle,
} from "~/db/schema";
import { centavosToPesos, type Pesos } from "~/money/money";

/** A rider as other people see them on a delivery (id, firstName, lastName). */
export interface RiderSummary {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

export const toRiderSummary = (rider: Pick<User, "id" | "firstName" | "lastName">): RiderSummary => ({
  id: rider.id,
  firstName: rider.firstName,
  lastName: rider.lastName,
});

/**
 * A delivery as every `/api` answer shows it: money in pesos (numbers, at most 2
 * decimals), distance as a km string, coordinates as decimal strings, times as ISO strings.
 * `rider` is present only when the caller passes it (null: no rider assigned).
 */
export interface DeliveryView {
  id: string;
  status: DeliveryStatus;
  customerId: string;
  riderId: string | null;
  pickupAddress: string;
  pickupCity: string;
  pickupPhone: string;
  pickupNotes: string | null;
  dropoffAddress: string;
  dropoffCity: string;
  dropoffPhone: string;
  dropoffNotes: string | null;
  packageType: PackageType;
  packageSize: PackageSize;
  packageDescription: string;
  isFragile: boolean;
  baseFare: Pesos;
  distanceFee: Pesos;
  sizeFee: Pesos;
  totalFee: Pesos;
  cancellationFee: Pesos;
  /** Why an admin cancelled it, when one did. */
  cancellationReason: string | null;
  /** Whether the recipient is texted a tracking link when a rider takes it. */
  notifyRecipient: boolean;
  distance: string;
  estimatedDuration: string;
  pickupLatitude: string | null;
  pickupLongitude: string | null;
  dropoffLatitude: string | null;
  dropoffLongitude: string | null;
  /** The point is its city's centre, not the address: navigate by the address, say "about". */
  pickupApproximate: boolean;
  dropoffApproximate: boolean;
  /** Either point is approximate: the distance and time are estimates between city centres. */
  approximate: boolean;
  riderLatitude: string | null;
  riderLongitude: string | null;
  riderLocatedAt: string | null;
  createdAt: string;
  assignedAt: string | null;
  pickedUpAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  /** The rate-card fare before discounts (base + distance + size fees). */
  fare: Pesos;
  idDiscount: { kind: IdDiscountKind; percent: number; amount: Pesos } | null;
  promo: { code: string; amount: Pesos } | null;
  /** What the customer pays: totalFee (after the ID discount) less the promo, plus the peak surcharge. */
  amountDue: Pesos;
  /** An earlier unpaid cancellation fee this booking collects with its fare (pesos; 0 when none). */
  owedFee: Pesos;
  /** Peak hours (migration 0183): part of amountDue, whole to the rider; 0 outside peak hours. */
  peakSurcharge: Pesos;
  payment: PaymentView;
  /** How it was handed over, once delivered: with the recipient's code, or without one (see handoverNote). */
  handover: HandoverKind | null;
  handoverNote: string | null;
  /** The 4-digit handover code: only in the customer's own answers (toViewerDeliveryView). */
  handoverCode?: string;
  /** When the room saw the rider within 100 m of the dropoff (decision 0222); the 10 minutes count from it. */
  dropoffArrivedAt: string | null;
  /** Why the rider could not deliver, once they said so (returning or returned). */
  couldNotDeliver: { reason: CouldNotDeliverReason; note: string | null; at: string } | null;
  returnedAt: string | null;
  /** The 4-digit return code while returning: only in the customer's own answers, as the handover code. */
  returnCode?: string;
  rider?: RiderSummary | RiderBlock | null;
}

/**
 * Who is coming (docs/guide/deliveries.md#handover-code): while the delivery is active its
 * rider's summary grows the vehicle, the rating (mean stars, 1 decimal; null before any rating)
 * and, for the customer and admins, the phone number. After it ends only the summary remains.
 */
export interface RiderBlock extends RiderSummary {
  vehicle: Vehicle;
  rating: number | null;
  phone?: string;
}

/** What the server knows about the rider beyond the summary (deliveries.server.ts findDeliveryWithRider). */
export interface RiderContact {
  vehicle: Vehicle;
  rating: number | null;
  phoneNumber: string | null;
}

const ACTIVE_WITH_RIDER: readonly DeliveryStatus[] = ["assigned", "picked_up", "in_transit", "returning"];

/**
 * The delivery as one viewer sees it on its own page and `GET /api/deliveries/{id}`: the rider
 * block while active (the phone for the customer and admins only), and the handover code for the
 * customer only: never for the rider, who must get it from the recipient. Once it has ended, the
 * rider's copy has empty contact numbers.
 */
export function toViewerDeliveryView(
  delivery: Delivery,
  rider: RiderSummary | null,
  contact: RiderContact | null,
  viewer: Pick<User, "id" | "role">,
): DeliveryView {
  const isCustomer = viewer.id === delivery.customerId;
  let block: RiderSummary | RiderBlock | null = rider;
  if (rider && contact && ACTIVE_WITH_RIDER.includes(delivery.status)) {
    const full: RiderBlock = { ...rider, vehicle: contact.vehicle, rating: contact.rating };
    if ((isCustomer || viewer.role === "admin") && contact.phoneNumber) full.phone = contact.phoneNumber;
    block = full;
  }
  const view = toDeliveryView(delivery, block);
  if (isCustomer && delivery.handoverCode) view.handoverCode = delivery.handoverCode;
  if (isCustomer && delivery.returnCode && delivery.status === "returning") view.returnCode = delivery.returnCode;
  // After the delivery ends its rider no longer sees the contacts' numbers (the customer and admins still do).
  if (!isCustomer && viewer.role !== "admin" && (delivery.status === "delivered" || delivery.status === "cancelled")) {
    view.pickupPhone = "";
    view.dropoffPhone = "";
  }
  return view;
}

/**
 * How the delivery is paid. `id` and `checkoutUrl` exist for online payments; the checkout address
 * only while there is still something to pay. Amounts in pesos.
 */
interface PaymentView {
  id: string | null;
  method: PaymentMethod;
  status: PaymentStatus;
  checkoutUrl: string | null;
  amount: Pesos;
  refundedAmount: Pesos;
  /** A refund recorded but not yet confirmed by the gateway (pesos; 0 when none): "Refund pending". */
  refundPending: Pesos;
}

/** Decimal degrees as a string with 6 decimals (about 0.1 m), or null. */
const coordinateString = (value: number | null): string | null =>
  value === null || !Number.isFinite(value) ? null : value.toFixed(6);

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toDeliveryView(delivery: Delivery, rider?: RiderSummary | RiderBlock | null): DeliveryView {
  const view: DeliveryView = {
    id: delivery.id,
    status: delivery.status,
    customerId: delivery.customerId,
    riderId: delivery.riderId,
    pickupAddress: delivery.pickupAddress,
    pickupCity: delivery.pickupCity,
    pickupPhone: delivery.pickupPhone,
    pickupNotes: delivery.pickupNotes,
    dropoffAddress: delivery.dropoffAddress,
    dropoffCity: delivery.dropoffCity,
    dropoffPhone: delivery.dropoffPhone,
    dropoffNotes: delivery.dropoffNotes,
    packageType: delivery.packageType,
    packageSize: delivery.packageSize,
    packageDescription: delivery.packageDescription,
    isFragile: delivery.isFragile,
    baseFare: centavosToPesos(delivery.baseFare),
    distanceFee: centavosToPesos(delivery.distanceFee),
    sizeFee: centavosToPesos(delivery.sizeFee),
    totalFee: centavosToPesos(delivery.totalFee),
    cancellationFee: centavosToPesos(delivery.cancellationFee),
    cancellationReason: delivery.cancellationReason,
    notifyRecipient: delivery.notifyRecipient,
    distance: delivery.distance,
    estimatedDuration: delivery.estimatedDuration,
    pickupLatitude: coordinateString(delivery.pickupLatitude),
    pickupLongitude: coordinateString(delivery.pickupLongitude),
    dropoffLatitude: coordinateString(delivery.dropoffLatitude),
    dropoffLongitude: coordinateString(delivery.dropoffLongitude),
    pickupApproximate: delivery.pickupApproximate,
    dropoffApproximate: delivery.dropoffApproximate,
    approximate: delivery.pickupApproximate || delivery.dropoffApproximate,
    riderLatitude: coordinateString(delivery.riderLatitude),
    riderLongitude: coordinateString(delivery.riderLongitude),
    riderLocatedAt: iso(delivery.riderLocatedAt),
    createdAt: delivery.createdAt.toISOString(),
    assignedAt: iso(delivery.assignedAt),
    pickedUpAt: iso(delivery.pickedUpAt),
    deliveredAt: iso(delivery.deliveredAt),
    cancelledAt: iso(delivery.cancelledAt),
    fare: centavosToPesos(delivery.baseFare + delivery.distanceFee + delivery.sizeFee),
    idDiscount:
      delivery.idDiscountKind && delivery.idDiscountPercent !== null
        ? {
            kind: delivery.idDiscountKind,
            percent: delivery.idDiscountPercent,
            amount: centavosToPesos(delivery.idDiscountAmount),
          }
        : null,
    promo: delivery.promoCode ? { code: delivery.promoCode, amount: centavosToPesos(delivery.promoDiscount) } : null,
    amountDue: centavosToPesos(delivery.amountDue),
    owedFee: centavosToPesos(delivery.owedFeeCollected),
    peakSurcharge: centavosToPesos(delivery.peakSurcharge),
    payment: {
      id: delivery.paymentId,
      method: delivery.paymentMethod,
      status: delivery.paymentStatus,
      checkoutUrl:
        delivery.paymentStatus === "pending" || delivery.paymentStatus === "failed" ? delivery.checkoutUrl : null,
      amount: centavosToPesos(delivery.amountDue),
      refundedAmount: centavosToPesos(delivery.refundedAmount),
      refundPending: centavosToPesos(delivery.refundPending),
    },
    handover: delivery.status === "delivered" ? delivery.handover : null,
    handoverNote: delivery.status === "delivered" ? delivery.handoverNote : null,
    dropoffArrivedAt: iso(delivery.dropoffArrivalAt),
    couldNotDeliver:
      delivery.couldNotDeliverReason && delivery.couldNotDeliverAt
        ? {
            reason: delivery.couldNotDeliverReason,
            note: delivery.couldNotDeliverNote,
            at: delivery.couldNotDeliverAt.toISOString(),
          }
        : null,
    returnedAt: iso(delivery.returnedAt),
  };
  if (rider !== undefined) view.rider = rider;
  return view;
}
