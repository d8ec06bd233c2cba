import { nearbyRiderNotifications } from "~/notifications/nearby-riders.server";
import { aliasedTable, and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  deliveries,
  isOnlinePaymentMethod,
  payments,
  users,
  type Delivery,
  type DeliveryStatus,
  type User,
} from "~/db/schema";
import type { Geocoder } from "~/places/geocoder.server";
import { partnerIdOf } from "~/partners/billing-partner.server";
import { GatewayError, type PaymentGateway } from "~/payments/gateway.server";
import { afterCursor, toPage, type Page, type PageQuery } from "~/http/paging.server";
import { priceRoute } from "~/pricing/pricing.server";
import { discountFareFor, fieldRefusal } from "~/pricing/quote.server";
import { message } from "~/i18n/message";
import { withPeakSurcharge } from "~/pricing/peak";
import type { BookingInput } from "./booking-schema";
import { toRiderSummary, type RiderContact, type RiderSummary } from "./delivery-view";
import { deliveryEventInsert } from "./events.server";
import { canSeeDelivery } from "./visibility";
import { settingsInForce } from "~/settings/settings.server";
import { assertFewWaiting, assertWithinReach, explainRefusal, guardedBooking, ifBooked } from "./booking-limits.server";
import { claimOwedFeesStatements, isOwedFeeRace, unpaidOwedFees } from "~/payments/owed-fees.server";

/** Deliveries that are neither delivered nor cancelled. */
const ACTIVE_STATUSES: readonly DeliveryStatus[] = ["pending", "assigned", "picked_up", "in_transit", "returning"];

/** A payment method that cannot be used now: 400, 409 or 503 naming the field. */
const paymentRefusal = (
  status: 400 | 409 | 503,
  id: "invoiceOnlyPartners" | "onlineUnavailable" | "gatewayDown" | "owedFeeChanged",
) => fieldRefusal(status, "paymentMethod", message(`server.booking.${id}`));

export interface BookingOptions {
  geocoder: Geocoder | null;
  /** The online payment gateway; null when none is configured (online methods are then refused). */
  gateway: PaymentGateway | null;
  /** This site's origin, for the gateway's return address. */
  origin: string;
  now?: Date;
  /** The instant whose Manila hour decides peak hours (app/pricing/peak-clock.server.ts); default: now. */
  peakAt?: number;
}

/**
 * Books a delivery for a customer: status pending, priced by the server (the client's fees and
 * distance are never read), the customer's ID discount and promo code applied, paid the way they
 * chose. The points stored are the geocoded addresses when both were found, else the two cities'
 * centre points. An online booking with something to pay gets a gateway checkout first; the
 * delivery and its payment are then written in one batch, the payment `pending`, and riders are
 * offered it only once paid.
 */
export async function createDelivery(
  db: Db,
  customer: Pick<User, "id">,
  input: BookingInput,
  { geocoder, gateway, origin, now = new Date(), peakAt = now.getTime() }: BookingOptions,
): Promise<Delivery> {
  const { settings, version: settingsVersion } = await settingsInForce(db.$client, now.getTime());
  const price = await priceRoute(input, { geocoder, rateCard: settings.rateCard });
  assertWithinReach(price.distanceKm, settings);
  await assertFewWaiting(db.$client, customer.id);
  const priced = withPeakSurcharge(
    await discountFareFor(
      db,
      customer,
      price.total,
      input.promoCode,
      now,
      settings.promoCodes,
      settings.idDiscountPercents,
    ),
    peakAt,
    settings.peakHours,
  );
  const partnerId = input.paymentMethod === "invoice" ? await partnerIdOf(db, customer.id) : null;
  if (input.paymentMethod === "invoice" && !partnerId) throw paymentRefusal(400, "invoiceOnlyPartners");

  const id = crypto.randomUUID();
  // Earlier unpaid cancellation fees are collected with this fare (decision 0217).
  const owed = await unpaidOwedFees(db.$client, customer.id);
  const amountDue = priced.total + owed.amount;
  const online = isOnlinePaymentMethod(input.paymentMethod) && amountDue > 0;
  let payment: { id: string; checkoutId: string; checkoutUrl: string } | null = null;
  if (online) {
    if (!gateway) throw paymentRefusal(503, "onlineUnavailable");
    const paymentId = `pay_${crypto.randomUUID().replaceAll("-", "")}`;
    try {
      const checkout = await gateway.createCheckout({
        paymentId,
        deliveryId: id,
        amount: amountDue,
        method: input.paymentMethod as "gcash" | "maya" | "card",
        description: `Hatid delivery ${id.slice(-8)}: ${input.pickupCity} to ${input.dropoffCity}`,
        returnUrl: `${origin}/tracking/${id}`,
      });
      payment = { id: paymentId, ...checkout };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      console.error(error.message);
      throw paymentRefusal(503, "gatewayDown");
    }
  }

  const insertDelivery = db
    .insert(deliveries)
    .values({
      id,
      customerId: customer.id,
      riderId: null,
      status: "pending",
      pickupAddress: input.pickupAddress,
      pickupCity: input.pickupCity,
      pickupPhone: input.pickupPhone,
      pickupNotes: input.pickupNotes,
      dropoffAddress: input.dropoffAddress,
      dropoffCity: input.dropoffCity,
      dropoffPhone: input.dropoffPhone,
      dropoffNotes: input.dropoffNotes,
      packageType: input.packageType,
      packageSize: input.packageSize,
      packageDescription: input.packageDescription,
      isFragile: input.isFragile,
      notifyRecipient: input.notifyRecipient,
      baseFare: price.baseFare,
      distanceFee: price.distanceFee,
      sizeFee: price.sizeFee,
      totalFee: priced.fee,
      distance: price.distance,
      estimatedDuration: price.estimatedDuration,
      pickupLatitude: price.pickup.latitude,
      pickupLongitude: price.pickup.longitude,
      dropoffLatitude: price.dropoff.latitude,
      dropoffLongitude: price.dropoff.longitude,
      createdAt: now,
      paymentMethod: input.paymentMethod,
      paymentStatus: payment ? "pending" : "not_required",
      idDiscountKind: priced.idDiscount?.kind ?? null,
      idDiscountPercent: priced.idDiscount?.percent ?? null,
      idDiscountAmount: priced.idDiscount?.amount ?? 0,
      promoCode: priced.promo?.code ?? null,
      promoDiscount: priced.promo?.amount ?? 0,
      amountDue,
      owedFeeCollected: owed.amount,
      peakSurcharge: priced.peakSurcharge,
      paymentId: payment?.id ?? null,
      checkoutUrl: payment?.checkoutUrl ?? null,
      partnerId,
      settingsVersion,
      // Not geocoded (no geocoder, or it failed): both points are city centres.
      pickupApproximate: price.distanceSource !== "geocoded",
      dropoffApproximate: price.distanceSource !== "geocoded",
    })
    .toSQL();
  // The booking, its "booked" event (directly after: it counts the insert's changes) and its
  // payment in one batch (one transaction). The insert is guarded by the booking limits
  // (booking-limits.server.ts): within them or not at all.
  const code = priced.promo && settings.promoCodes[priced.promo.code]?.firstDeliveryOnly ? priced.promo.code : null;
  const guard = { deliveryId: id, customerId: customer.id, firstDeliveryCode: code, now: now.getTime() };
  const guarded = guardedBooking(db.$client, insertDelivery, guard);
  const statements = [
    ...guarded.before,
    guarded.insert,
    deliveryEventInsert(db.$client, {
      deliveryId: id,
      kind: "booked",
      from: null,
      to: "pending",
      actorId: customer.id,
      riderId: null,
      at: now,
    }),
    ...claimOwedFeesStatements(db.$client, id, owed),
  ];
  if (payment) {
    const insertPayment = db
      .insert(payments)
      .values({
        id: payment.id,
        deliveryId: id,
        method: input.paymentMethod as "gcash" | "maya" | "card",
        status: "pending",
        provider: gateway!.provider,
        amount: amountDue,
        checkoutId: payment.checkoutId,
        checkoutUrl: payment.checkoutUrl,
        createdAt: now,
      })
      .toSQL();
    statements.push(ifBooked(db.$client, insertPayment, id));
  }
  if (!payment) {
    // Offered at once (nothing to pay online): the riders near its pickup hear of it, in the same batch.
    const pickup = {
      id,
      customerId: customer.id,
      pickupLatitude: price.pickup.latitude,
      pickupLongitude: price.pickup.longitude,
      pickupApproximate: price.distanceSource !== "geocoded",
    };
    statements.push(...(await nearbyRiderNotifications(db.$client, { ...input, ...pickup }, now.getTime())));
  }
  statements.push(...guarded.after);
  const results = await db.$client.batch(statements).catch((error: unknown) => {
    throw isOwedFeeRace(error) ? paymentRefusal(409, "owedFeeChanged") : error;
  });
  if (results[guarded.before.length]!.meta.changes !== 1) await explainRefusal(db.$client, guard);
  const [created] = await db.select().from(deliveries).where(eq(deliveries.id, id)).limit(1);
  return created!;
}

/** One page of a customer's own bookings, newest first (keyset on deliveries_customer_created_idx). */
export async function pageCustomerDeliveries(db: Db, customerId: string, query: PageQuery): Promise<Page<Delivery>> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.customerId, customerId), afterCursor(query.cursor)))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => row);
}

const riders = aliasedTable(users, "rider");

/** A delivery with its assigned rider's public summary and contact (vehicle, rating, phone), or null when there is no such id. */
export async function findDeliveryWithRider(db: Db, id: string): Promise<FoundDelivery | null> {
  const [row] = await db
    .select({
      delivery: deliveries,
      rider: { id: riders.id, firstName: riders.firstName, lastName: riders.lastName },
      vehicle: riders.vehicle,
      phoneNumber: riders.phoneNumber,
      // delivery_ratings_rider_idx
      rating: sql<
        number | null
      >`(SELECT round(avg(stars), 1) FROM delivery_ratings WHERE delivery_ratings.rider_id = ${riders.id})`,
    })
    .from(deliveries)
    .leftJoin(riders, eq(riders.id, deliveries.riderId))
    .where(eq(deliveries.id, id))
    .limit(1);
  if (!row) return null;
  const rider = row.rider ? toRiderSummary(row.rider) : null;
  const contact: RiderContact | null =
    rider && row.vehicle
      ? { vehicle: row.vehicle, rating: row.rating === null ? null : Number(row.rating), phoneNumber: row.phoneNumber }
      : null;
  return { delivery: row.delivery, rider, contact };
}

export interface FoundDelivery {
  delivery: Delivery;
  rider: RiderSummary | null;
  contact: RiderContact | null;
}

/**
 * The delivery if this user may see it (docs/guide/deliveries.md: its customer, its rider, any rider while it is
 * pending, admins); null otherwise, which callers answer with 404 so ids cannot be probed.
 */
export async function getVisibleDelivery(
  db: Db,
  user: Pick<User, "id" | "role" | "riderSuspendedAt">,
  id: string,
): Promise<FoundDelivery | null> {
  if (!id || id.length > 64) return null;
  const found = await findDeliveryWithRider(db, id);
  return found && canSeeDelivery(user, found.delivery) ? found : null;
}

/**
 * The id of the customer's newest delivery that is still under way, or null. The home page's
 * Track Deliveries card links to `/tracking/{id}`, or to `/booking#recent-bookings` when null.
 */
export async function newestActiveDeliveryId(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.customerId, customerId), inArray(deliveries.status, [...ACTIVE_STATUSES])))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(1);
  return row?.id ?? null;
}
