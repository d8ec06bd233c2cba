import { deliveries, payments, riderApplications, users, type NewDelivery, type DeliveryStatus } from "~/db/schema";
import { cityCentre } from "~/places/cities.server";
import type { Db } from "~/db/client.server";
import { estimatedDuration, formatDistanceKm, roadDistanceKm, type LatLng } from "~/pricing/distance";
import { quote } from "~/pricing/rate-card";
import { deliveryEventInsert, type DeliveryEventInput } from "~/deliveries/events.server";
import { totalsForInsertedDeliveryStatement } from "~/deliveries/daily-totals.server";
import { ledgerForInsertedDeliveryStatement } from "~/ledger/ledger.server";
import { ratingStatements } from "~/deliveries/ratings.server";
import { MEMBERSHIP_FEE } from "~/riders/membership";
import { loadDemoCoop } from "./demo-coop.server";
import { DAY, DEMO_ADMIN, HOUR, type DemoCity, type DemoDelivery } from "./demo-delivery";
import { HISTORY_DELIVERIES, historySettlements } from "./demo-history.server";

/**
 * The local demo data of docs/guide/what-is-true.md: fixed ids, inserted with ON CONFLICT DO NOTHING, so loading
 * it twice changes nothing. Development only (the seed route refuses elsewhere).
 *
 * `about` says what each account is for; `npm start` prints it from here (the README's table says
 * the same, and the start command's test holds them together).
 */
const DEMO_USERS = [
  {
    id: "demo-user-ana",
    phoneNumber: "+639170000001",
    firstName: "Ana",
    lastName: "Admin",
    role: "admin",
    about: "admin",
  },
  // docs/guide/what-is-true.md: the demo riders start online.
  {
    id: "demo-user-rico",
    phoneNumber: "+639170000002",
    firstName: "Rico",
    lastName: "Rider",
    role: "rider",
    riderOnline: true,
    about: "rider (a co-op member, with a balance to cash out)",
  },
  {
    id: "demo-user-rosa",
    phoneNumber: "+639170000003",
    firstName: "Rosa",
    lastName: "Rider",
    role: "rider",
    riderOnline: true,
    about: "rider (a claim on the fund waiting for an admin)",
  },
  {
    id: "demo-user-carla",
    phoneNumber: "+639170000004",
    firstName: "Carla",
    lastName: "Customer",
    role: "user",
    about: "customer",
  },
  {
    id: "demo-user-carlos",
    phoneNumber: "+639170000005",
    firstName: "Carlos",
    lastName: "Customer",
    role: "user",
    about: "customer",
  },
  {
    id: "demo-user-sol",
    phoneNumber: "+639170000006",
    firstName: "Sol",
    lastName: "Suspended",
    role: "rider",
    about: "rider, suspended by an admin",
  },
  // Two more member-owners, so the co-op's votes have members to count.
  {
    id: "demo-user-mila",
    phoneNumber: "+639170000007",
    firstName: "Mila",
    lastName: "Member",
    role: "rider",
    about: "rider (a co-op member)",
  },
  {
    id: "demo-user-nonoy",
    phoneNumber: "+639170000008",
    firstName: "Nonoy",
    lastName: "Member",
    role: "rider",
    about: "rider (a co-op member, with a claim in the members' vote)",
  },
] as const;

/** The demo accounts as people sign in with them: the local number, the name, what the account is for. */
export const DEMO_ACCOUNTS = DEMO_USERS.map((u) => ({
  number: `0${u.phoneNumber.slice(3)}`,
  name: `${u.firstName} ${u.lastName}`,
  about: u.about,
}));

/** Demo riders are approved riders; Sol is suspended, so Manage Riders and the dashboard show a suspension. */
const DEMO_SUSPENSION = {
  id: "demo-user-sol",
  reason: "Expired driver's license: bring the renewed one to the office",
} as const;

/** Rico, Mila and Nonoy joined the co-op as member-owners (their ₱500 fees are on record); Rosa is still working towards it. */
const DEMO_MEMBERS: readonly string[] = ["demo-user-rico", "demo-user-mila", "demo-user-nonoy"];

/** Two applications waiting for review on Manage Riders. */
const DEMO_APPLICATIONS = [
  {
    id: "demo-application-1",
    fullName: "Benjie Bautista",
    mobile: "+639170000011",
    city: "pasig",
    hasMotorcycle: true,
    referralCode: "RICO25",
    minutesAgo: 90,
  },
  {
    id: "demo-application-2",
    fullName: "Liza Mendoza",
    mobile: "+639170000012",
    city: "cebu",
    hasMotorcycle: false,
    referralCode: null,
    minutesAgo: 20,
  },
] as const;

function centreOf(city: DemoCity): LatLng {
  const centre = cityCentre(city);
  if (!centre) throw new Error(`Demo data: ${city} is not in the city list`);
  return centre;
}

/**
 * Rico's delivered work is mostly paid online (a balance he can cash out); Rosa's in cash (she owes
 * the co-op its part, which a remittance pays).
 */
const DEMO_DELIVERIES: DemoDelivery[] = [
  {
    id: "00000000-0000-4000-8000-0000de110001",
    customer: "demo-user-carla",
    status: "pending",
    from: ["12 Jupiter St, Bel-Air", "Makati, Metro Manila"],
    to: ["45 Katipunan Ave, Loyola Heights", "Quezon City, Metro Manila"],
    packageType: "documents",
    size: "small",
    description: "Signed contract in a brown envelope",
    bookedMinutesAgo: 5,
  },
  {
    id: "00000000-0000-4000-8000-0000de110002",
    customer: "demo-user-carlos",
    status: "pending",
    from: ["8 Shaw Blvd, Wack-Wack", "Mandaluyong, Metro Manila"],
    to: ["30th St, Bonifacio Global City", "Taguig, Metro Manila"],
    packageType: "food",
    size: "medium",
    description: "Two trays of pancit for a birthday",
    bookedMinutesAgo: 12,
  },
  {
    id: "00000000-0000-4000-8000-0000de110003",
    customer: "demo-user-carla",
    rider: "demo-user-rico",
    status: "assigned",
    from: ["100 Ortigas Ave, San Antonio", "Pasig, Metro Manila"],
    to: ["1 Roxas Blvd, Malate", "Manila, Metro Manila"],
    packageType: "parcels",
    size: "medium",
    description: "Shoebox of school supplies",
    bookedMinutesAgo: 25,
  },
  {
    id: "00000000-0000-4000-8000-0000de110004",
    customer: "demo-user-carlos",
    rider: "demo-user-rosa",
    status: "in_transit",
    from: ["EDSA cor. Taft Ave", "Pasay, Metro Manila"],
    to: ["5 Ayala Ave, San Lorenzo", "Makati, Metro Manila"],
    packageType: "electronics",
    size: "small",
    description: "Phone charger and earphones",
    bookedMinutesAgo: 40,
  },
  // Delivered and not rated yet: Carla can rate it from the demo.
  {
    id: "00000000-0000-4000-8000-0000de110005",
    customer: "demo-user-carla",
    rider: "demo-user-rico",
    status: "delivered",
    from: ["22 Kalayaan Ave, Diliman", "Quezon City, Metro Manila"],
    to: ["9 Paseo de Roxas, Urdaneta", "Makati, Metro Manila"],
    packageType: "groceries",
    size: "large",
    description: "Weekly groceries, two bags",
    bookedMinutesAgo: 3 * HOUR,
    paid: "gcash",
  },
  {
    id: "00000000-0000-4000-8000-0000de110006",
    customer: "demo-user-carlos",
    rider: "demo-user-rosa",
    status: "delivered",
    from: ["3 Escolta St, Binondo", "Manila, Metro Manila"],
    to: ["77 Kapitolyo St, Kapitolyo", "Pasig, Metro Manila"],
    packageType: "documents",
    size: "small",
    description: "Birth certificate copies",
    bookedMinutesAgo: 26 * HOUR,
    rating: { stars: 5, comment: "Mabilis at magalang. Salamat!" },
  },
  // Held by Sol, who was suspended since: it waits for an admin to reassign it (or Carlos to cancel it, with the ₱20 fee).
  {
    id: "00000000-0000-4000-8000-0000de110020",
    customer: "demo-user-carlos",
    rider: "demo-user-sol",
    status: "assigned",
    from: ["40 Pioneer St, Highway Hills", "Mandaluyong, Metro Manila"],
    to: ["18 Legazpi St, Legaspi Village", "Makati, Metro Manila"],
    packageType: "parcels",
    size: "small",
    description: "A box of printed flyers",
    bookedMinutesAgo: 30,
  },
  {
    id: "00000000-0000-4000-8000-0000de110007",
    customer: "demo-user-carla",
    status: "cancelled",
    from: ["15 McKinley Pkwy, Fort Bonifacio", "Taguig, Metro Manila"],
    to: ["60 Boni Ave, Plainview", "Mandaluyong, Metro Manila"],
    packageType: "food",
    size: "small",
    description: "Lunch box",
    bookedMinutesAgo: 2 * HOUR,
  },
  // The riders' last few weeks: ratings, one late delivery, a release, and cancellations by a customer and by an admin.
  {
    id: "00000000-0000-4000-8000-0000de110008",
    customer: "demo-user-carlos",
    rider: "demo-user-rico",
    status: "delivered",
    from: ["40 Timog Ave, South Triangle", "Quezon City, Metro Manila"],
    to: ["88 Kalentong St, Daang Bakal", "Mandaluyong, Metro Manila"],
    packageType: "parcels",
    size: "small",
    description: "Books for a classmate",
    bookedMinutesAgo: 2 * DAY + 5 * HOUR,
    rating: { stars: 5 },
  },
  {
    id: "00000000-0000-4000-8000-0000de110009",
    customer: "demo-user-carla",
    rider: "demo-user-rico",
    status: "delivered",
    from: ["6 Aguirre Ave, BF Homes", "Pasay, Metro Manila"],
    to: ["17 Legaspi St, Legaspi Village", "Makati, Metro Manila"],
    packageType: "food",
    size: "medium",
    description: "Leche flan for lola",
    bookedMinutesAgo: 4 * DAY + 2 * HOUR,
    overEstimate: 12,
    rating: { stars: 4, comment: "Okay, medyo natagalan sa pickup." },
    paid: "maya",
  },
  {
    id: "00000000-0000-4000-8000-0000de11000a",
    customer: "demo-user-carlos",
    rider: "demo-user-rico",
    status: "delivered",
    from: ["120 E. Rodriguez Sr. Ave", "Quezon City, Metro Manila"],
    to: ["2 Padre Faura St, Ermita", "Manila, Metro Manila"],
    packageType: "documents",
    size: "small",
    description: "NBI clearance papers",
    bookedMinutesAgo: 7 * DAY + 3 * HOUR,
    overEstimate: 40,
    rating: { stars: 3, comment: "Late, but the papers were safe." },
    paid: "card",
  },
  {
    id: "00000000-0000-4000-8000-0000de11000b",
    customer: "demo-user-carla",
    rider: "demo-user-rico",
    status: "delivered",
    from: ["55 Pioneer St, Highway Hills", "Mandaluyong, Metro Manila"],
    to: ["10 C. Raymundo Ave, Caniogan", "Pasig, Metro Manila"],
    packageType: "electronics",
    size: "medium",
    description: "Repaired laptop",
    bookedMinutesAgo: 12 * DAY + 6 * HOUR,
    overEstimate: 3,
    rating: { stars: 5, comment: "Ingat na ingat sa laptop. Salamat po!" },
    paid: "gcash",
  },
  {
    id: "00000000-0000-4000-8000-0000de11000c",
    customer: "demo-user-carlos",
    rider: "demo-user-rosa",
    status: "delivered",
    from: ["31 Market St, Bonifacio Global City", "Taguig, Metro Manila"],
    to: ["14 Annapolis St, Greenhills", "Mandaluyong, Metro Manila"],
    packageType: "groceries",
    size: "medium",
    description: "Fruit basket",
    bookedMinutesAgo: 3 * DAY + 4 * HOUR,
    overEstimate: 10,
    releasedBy: "demo-user-rico",
    rating: { stars: 5 },
  },
  {
    id: "00000000-0000-4000-8000-0000de11000d",
    customer: "demo-user-carla",
    rider: "demo-user-rosa",
    status: "delivered",
    from: ["9 Tomas Morato Ave", "Quezon City, Metro Manila"],
    to: ["70 Shaw Blvd, Kapitolyo", "Pasig, Metro Manila"],
    packageType: "parcels",
    size: "large",
    description: "Electric fan in its box",
    bookedMinutesAgo: 9 * DAY + 1 * HOUR,
    overEstimate: 14,
    rating: { stars: 4 },
  },
  {
    id: "00000000-0000-4000-8000-0000de11000e",
    customer: "demo-user-carla",
    rider: "demo-user-rico",
    status: "cancelled",
    cancelledBy: "customer",
    from: ["3 Jupiter St, Bel-Air", "Makati, Metro Manila"],
    to: ["21 Scout Tuason, Laging Handa", "Quezon City, Metro Manila"],
    packageType: "food",
    size: "small",
    description: "Merienda order",
    bookedMinutesAgo: 5 * DAY + 2 * HOUR,
  },
  {
    id: "00000000-0000-4000-8000-0000de11000f",
    customer: "demo-user-carlos",
    rider: "demo-user-rosa",
    status: "cancelled",
    cancelledBy: "admin",
    from: ["1 Taft Ave, Malate", "Manila, Metro Manila"],
    to: ["101 Roxas Blvd, Baclaran", "Pasay, Metro Manila"],
    packageType: "parcels",
    size: "medium",
    description: "Shop stock, wrong address given",
    bookedMinutesAgo: 6 * DAY + 5 * HOUR,
  },
];

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
function deliveryStatements(db: Db, demo: DemoDelivery, now: number): D1PreparedStatement[] {
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

/** Deliveries per D1 batch: each one's statements are guarded by its own insert, so a batch may hold several. */
const DELIVERIES_PER_BATCH = 100;

/**
 * Loads the demo: users, deliveries with the events the app would have written, and ratings
 * through the same statements as the rating API; then the history's settlements and the co-op.
 * Each delivery's statements follow its insert and apply only when the row was new (the event
 * statement's `changes()` guard), so loading twice changes nothing.
 */
export async function loadDemoData(db: Db, now = Date.now()) {
  const at = new Date(now);
  const d1 = db.$client;
  // One statement per row: D1 allows at most 100 bound parameters per statement.
  const userStatements = DEMO_USERS.map(({ about: _about, ...u }) => {
    const { sql, params } = db
      .insert(users)
      .values({
        ...u,
        riderSeenAt: "riderOnline" in u ? at : null,
        riderApprovedAt: u.role === "rider" ? at : null,
        ...(u.id === DEMO_SUSPENSION.id ? { riderSuspendedAt: at, riderSuspensionReason: DEMO_SUSPENSION.reason } : {}),
        ...(DEMO_MEMBERS.includes(u.id)
          ? { memberSince: at, membershipFee: MEMBERSHIP_FEE, membershipRecordedBy: DEMO_ADMIN }
          : {}),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .toSQL();
    return d1.prepare(sql).bind(...params);
  });
  await d1.batch(userStatements);
  const all = [...DEMO_DELIVERIES, ...HISTORY_DELIVERIES];
  for (let start = 0; start < all.length; start += DELIVERIES_PER_BATCH) {
    await d1.batch(all.slice(start, start + DELIVERIES_PER_BATCH).flatMap((demo) => deliveryStatements(db, demo, now)));
  }
  await d1.batch(historySettlements(d1, now));
  await d1.batch(
    DEMO_APPLICATIONS.map(({ minutesAgo, ...application }) => {
      const { sql, params } = db
        .insert(riderApplications)
        .values({ ...application, status: "submitted", createdAt: new Date(now - minutesAgo * 60_000) })
        .onConflictDoNothing()
        .toSQL();
      return d1.prepare(sql).bind(...params);
    }),
  );
  await loadDemoCoop(d1, now);
  return { users: DEMO_USERS.length, deliveries: all.length, accounts: DEMO_ACCOUNTS };
}
