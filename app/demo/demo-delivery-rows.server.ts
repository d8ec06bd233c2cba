import { deliveries, payments, type NewDelivery, type DeliveryStatus } from "~/db/schema";
import { cityCentre } from "~/places/cities.server";
import type { Db } from "~/db/client.server";
import { estimatedDuration, formatDistanceKm, roadDistanceKm, type LatLng } from "~/pricing/distance";
import { quote } from "~/pricing/rate-card";
import { deliveryEventInsert, type DeliveryEventInput } from "~/deliveries/events.server";
import { totalsForInsertedDeliveryStatement } from "~/deliveries/daily-totals.server";
import { ledgerForInsertedDeliveryStatement } from "~/ledger/ledger.server";
import { ratingStatements } from "~/deliveries/ratings.server";
import { DEMO_ADMIN, type DemoCity, type DemoDelivery } from "./demo-delivery";

/**
 * A demo delivery as the app would have stored it: its row, its payment, the events of its story
 * and its rating, through the same statements as the API.
 */

function centreOf(city: DemoCity): LatLng {
  const centre = cityCentre(city);
  if (!centre) throw new Error(`Demo data: ${city} is not in the city list`);
  return centre;
}

/** The timestamps of a demo delivery's story, as minutes after booking. */
function storyOf(demo: DemoDelivery) {
  const estimate = Number.parseInt(estimatedDuration(roadDistanceKm(centreOf(demo.from[1]), centreOf(demo.to[1]))), 10);
  const reached = (status: DeliveryStatus) => {
    const order: DeliveryStatus[] = ["pending", "assigned", "picked_up", "in_transit", "delivered"];
    return order.indexOf(demo.status) >= order.indexOf(status);
  };
  const acceptedAt = demo.releasedBy ? 8 : 2;
  return {
    released: demo.releasedBy ? { acceptedAt: 2, releasedAt: 5 } : null,
    acceptedAt: demo.rider && (reached("assigned") || demo.status === "cancelled") ? acceptedAt : null,
    pickedUpAt: demo.rider && reached("picked_up") ? acceptedAt + 13 : null,
    inTransitAt: demo.rider && reached("in_transit") ? acceptedAt + 15 : null,
    deliveredAt: demo.status === "delivered" ? acceptedAt + estimate + (demo.overEstimate ?? 8) : null,
    cancelledAt: demo.status === "cancelled" ? (demo.rider ? acceptedAt + 6 : 1) : null,
  };
}

function toRow(demo: DemoDelivery, now: number): NewDelivery {
  const pickup = centreOf(demo.from[1]);
  const dropoff = centreOf(demo.to[1]);
  const km = roadDistanceKm(pickup, dropoff);
  const price = quote(km, demo.size);
  const createdAt = now - demo.bookedMinutesAgo * 60_000;
  const story = storyOf(demo);
  const after = (m: number | null) => (m === null ? null : new Date(createdAt + m * 60_000));
  return {
    id: demo.id,
    customerId: demo.customer,
    riderId: demo.rider ?? null,
    status: demo.status,
    pickupAddress: demo.from[0],
    pickupCity: demo.from[1],
    pickupPhone: "09171112222",
    dropoffAddress: demo.to[0],
    dropoffCity: demo.to[1],
    dropoffPhone: "09173334444",
    packageType: demo.packageType,
    packageSize: demo.size,
    packageDescription: demo.description,
    isFragile: demo.packageType === "electronics",
    baseFare: price.baseFare,
    distanceFee: price.distanceFee,
    sizeFee: price.sizeFee,
    totalFee: price.total,
    amountDue: price.total,
    paymentMethod: demo.paid ?? "cash",
    paymentStatus: demo.paid ? "paid" : "not_required",
    paymentId: demo.paid ? paymentIdOf(demo) : null,
    distance: formatDistanceKm(km),
    estimatedDuration: estimatedDuration(km),
    pickupLatitude: pickup.latitude,
    pickupLongitude: pickup.longitude,
    dropoffLatitude: dropoff.latitude,
    dropoffLongitude: dropoff.longitude,
    createdAt: new Date(createdAt),
    assignedAt: after(story.acceptedAt),
    pickedUpAt: after(story.pickedUpAt),
    deliveredAt: after(story.deliveredAt),
    cancelledAt: after(story.cancelledAt),
  };
}

const paymentIdOf = (demo: DemoDelivery) => `demo-payment-${demo.id.slice(-8)}`;
/** Paid a minute after booking, as the sandbox's Pay button does. */
const PAID_AFTER_MINUTES = 1;

/** The events the app would have recorded for this story (the same kinds, actors and riders as the API writes). */
function eventsOf(demo: DemoDelivery, createdAt: number): DeliveryEventInput[] {
  const story = storyOf(demo);
  const at = (m: number) => createdAt + m * 60_000;
  const base = { deliveryId: demo.id };
  const rider = demo.rider ?? null;
  const events: DeliveryEventInput[] = [
    { ...base, kind: "booked", from: null, to: "pending", actorId: demo.customer, riderId: null, at: createdAt },
  ];
  if (demo.paid)
    events.push({
      ...base,
      kind: "paid",
      from: null,
      to: null,
      actorId: null,
      riderId: null,
      at: at(PAID_AFTER_MINUTES),
    });
  if (story.released && demo.releasedBy) {
    events.push({
      ...base,
      kind: "accepted",
      from: "pending",
      to: "assigned",
      actorId: demo.releasedBy,
      riderId: demo.releasedBy,
      at: at(story.released.acceptedAt),
    });
    events.push({
      ...base,
      kind: "released",
      from: "assigned",
      to: "pending",
      actorId: demo.releasedBy,
      riderId: demo.releasedBy,
      at: at(story.released.releasedAt),
    });
  }
  if (rider && story.acceptedAt !== null)
    events.push({
      ...base,
      kind: "accepted",
      from: "pending",
      to: "assigned",
      actorId: rider,
      riderId: rider,
      at: at(story.acceptedAt),
    });
  if (rider && story.pickedUpAt !== null)
    events.push({
      ...base,
      kind: "picked_up",
      from: "assigned",
      to: "picked_up",
      actorId: rider,
      riderId: rider,
      at: at(story.pickedUpAt),
    });
  if (rider && story.inTransitAt !== null)
    events.push({
      ...base,
      kind: "in_transit",
      from: "picked_up",
      to: "in_transit",
      actorId: rider,
      riderId: rider,
      at: at(story.inTransitAt),
    });
  if (rider && story.deliveredAt !== null)
    events.push({
      ...base,
      kind: "delivered",
      from: "in_transit",
      to: "delivered",
      actorId: rider,
      riderId: rider,
      at: at(story.deliveredAt),
    });
  if (story.cancelledAt !== null) {
    events.push({
      ...base,
      kind: "cancelled",
      from: rider ? "assigned" : "pending",
      to: "cancelled",
      actorId: demo.cancelledBy === "admin" ? DEMO_ADMIN : demo.customer,
      riderId: rider,
      at: at(story.cancelledAt),
    });
  }
  return events;
}

/** A demo delivery's statements, in the order the app writes them; all of them only while its row is new. */
export function deliveryStatements(db: Db, demo: DemoDelivery, now: number): D1PreparedStatement[] {
  const d1 = db.$client;
  const row = toRow(demo, now);
  const createdAt = Number(row.createdAt);
  const { sql, params } = db.insert(deliveries).values(row).onConflictDoNothing().toSQL();
  const statements: D1PreparedStatement[] = [];
  // A delivered demo row counts in the daily totals once: the statement applies only while the row is new.
  if (row.deliveredAt) {
    statements.push(
      totalsForInsertedDeliveryStatement(d1, {
        deliveryId: row.id,
        totalFee: row.totalFee,
        deliveredAt: Number(row.deliveredAt),
        promoDiscount: row.promoDiscount ?? 0,
        peakSurcharge: row.peakSurcharge ?? 0,
        idDiscountAmount: row.idDiscountAmount ?? 0,
      }),
    );
  }
  statements.push(d1.prepare(sql).bind(...params));
  if (demo.paid) {
    // The gateway's record of it, as a booking paid through the sandbox leaves it.
    const paid = db
      .insert(payments)
      .values({
        id: paymentIdOf(demo),
        deliveryId: demo.id,
        method: demo.paid,
        status: "paid",
        provider: "sandbox",
        amount: row.amountDue!,
        createdAt: new Date(createdAt),
        paidAt: new Date(createdAt + PAID_AFTER_MINUTES * 60_000),
      })
      .onConflictDoNothing()
      .toSQL();
    statements.push(d1.prepare(paid.sql).bind(...paid.params));
  }
  if (row.deliveredAt) statements.push(ledgerForInsertedDeliveryStatement(d1, row.id));
  // Each event follows the insert (or the event before it): all of them only when the row was new.
  statements.push(...eventsOf(demo, createdAt).map((event) => deliveryEventInsert(d1, event)));
  if (demo.rating && demo.rider && row.deliveredAt) {
    const ratedAt = Math.min(now, Number(row.deliveredAt) + 20 * 60_000);
    statements.push(
      ...ratingStatements(d1, {
        deliveryId: demo.id,
        customerId: demo.customer,
        riderId: demo.rider,
        stars: demo.rating.stars,
        comment: demo.rating.comment ?? null,
        at: ratedAt,
      }),
    );
  }
  return statements;
}
