import { deliveries, riderApplications, users, type NewDelivery, type PackageSize, type DeliveryStatus } from "~/db/schema";
import { cityCentre } from "~/cities/cities.server";
import type { Db } from "~/db/client.server";
import { estimatedDuration, formatDistanceKm, roadDistanceKm, type LatLng } from "~/pricing/distance";
import { quote } from "~/pricing/rate-card";
import { totalsForInsertedDeliveryStatement } from "~/deliveries/ledger.server";

/**
 * The local demo data of PRODUCT.md: fixed ids, inserted with ON CONFLICT DO NOTHING, so loading
 * it twice changes nothing. Development only (the seed route refuses elsewhere).
 */
export const DEMO_USERS = [
  { id: "demo-user-ana", phoneNumber: "+639170000001", firstName: "Ana", lastName: "Admin", role: "admin" },
  { id: "demo-user-rico", phoneNumber: "+639170000002", firstName: "Rico", lastName: "Rider", role: "rider" },
  { id: "demo-user-rosa", phoneNumber: "+639170000003", firstName: "Rosa", lastName: "Rider", role: "rider" },
  { id: "demo-user-carla", phoneNumber: "+639170000004", firstName: "Carla", lastName: "Customer", role: "user" },
  { id: "demo-user-carlos", phoneNumber: "+639170000005", firstName: "Carlos", lastName: "Customer", role: "user" },
  { id: "demo-user-sol", phoneNumber: "+639170000006", firstName: "Sol", lastName: "Suspended", role: "rider" },
] as const;

/** Demo riders are approved riders; Sol is suspended, so Manage Riders and the dashboard show a suspension. */
const DEMO_SUSPENSION = { id: "demo-user-sol", reason: "Expired driver's license: bring the renewed one to the office" } as const;

/** Two applications waiting for review on Manage Riders. */
const DEMO_APPLICATIONS = [
  { id: "demo-application-1", fullName: "Benjie Bautista", mobile: "+639170000011", city: "pasig", hasMotorcycle: true, referralCode: "RICO25", minutesAgo: 90 },
  { id: "demo-application-2", fullName: "Liza Mendoza", mobile: "+639170000012", city: "cebu", hasMotorcycle: false, referralCode: null, minutesAgo: 20 },
] as const;

/** The demo's cities; their centre points come from the product's city data (`~/cities`). */
type DemoCity =
  | "Makati, Metro Manila"
  | "Mandaluyong, Metro Manila"
  | "Manila, Metro Manila"
  | "Pasay, Metro Manila"
  | "Pasig, Metro Manila"
  | "Quezon City, Metro Manila"
  | "Taguig, Metro Manila";

function centreOf(city: DemoCity): LatLng {
  const centre = cityCentre(city);
  if (!centre) throw new Error(`Demo data: ${city} is not in the city list`);
  return centre;
}

interface DemoDelivery {
  id: string;
  customer: "demo-user-carla" | "demo-user-carlos";
  rider?: "demo-user-rico" | "demo-user-rosa" | "demo-user-sol";
  status: DeliveryStatus;
  from: [address: string, city: DemoCity];
  to: [address: string, city: DemoCity];
  packageType: NewDelivery["packageType"];
  size: PackageSize;
  description: string;
  /** Minutes before the seed time that it was booked. */
  bookedMinutesAgo: number;
}

const HOUR = 60;
const DEMO_DELIVERIES: DemoDelivery[] = [
  { id: "00000000-0000-4000-8000-0000de110001", customer: "demo-user-carla", status: "pending", from: ["12 Jupiter St, Bel-Air", "Makati, Metro Manila"], to: ["45 Katipunan Ave, Loyola Heights", "Quezon City, Metro Manila"], packageType: "documents", size: "small", description: "Signed contract in a brown envelope", bookedMinutesAgo: 5 },
  { id: "00000000-0000-4000-8000-0000de110002", customer: "demo-user-carlos", status: "pending", from: ["8 Shaw Blvd, Wack-Wack", "Mandaluyong, Metro Manila"], to: ["30th St, Bonifacio Global City", "Taguig, Metro Manila"], packageType: "food", size: "medium", description: "Two trays of pancit for a birthday", bookedMinutesAgo: 12 },
  { id: "00000000-0000-4000-8000-0000de110003", customer: "demo-user-carla", rider: "demo-user-rico", status: "assigned", from: ["100 Ortigas Ave, San Antonio", "Pasig, Metro Manila"], to: ["1 Roxas Blvd, Malate", "Manila, Metro Manila"], packageType: "parcels", size: "medium", description: "Shoebox of school supplies", bookedMinutesAgo: 25 },
  { id: "00000000-0000-4000-8000-0000de110004", customer: "demo-user-carlos", rider: "demo-user-rosa", status: "in_transit", from: ["EDSA cor. Taft Ave", "Pasay, Metro Manila"], to: ["5 Ayala Ave, San Lorenzo", "Makati, Metro Manila"], packageType: "electronics", size: "small", description: "Phone charger and earphones", bookedMinutesAgo: 40 },
  { id: "00000000-0000-4000-8000-0000de110005", customer: "demo-user-carla", rider: "demo-user-rico", status: "delivered", from: ["22 Kalayaan Ave, Diliman", "Quezon City, Metro Manila"], to: ["9 Paseo de Roxas, Urdaneta", "Makati, Metro Manila"], packageType: "groceries", size: "large", description: "Weekly groceries, two bags", bookedMinutesAgo: 3 * HOUR },
  { id: "00000000-0000-4000-8000-0000de110006", customer: "demo-user-carlos", rider: "demo-user-rosa", status: "delivered", from: ["3 Escolta St, Binondo", "Manila, Metro Manila"], to: ["77 Kapitolyo St, Kapitolyo", "Pasig, Metro Manila"], packageType: "documents", size: "small", description: "Birth certificate copies", bookedMinutesAgo: 26 * HOUR },
  // Held by Sol, who was suspended since: it waits for an admin to reassign it (or Carlos to cancel it, with the ₱20 fee).
  { id: "00000000-0000-4000-8000-0000de110008", customer: "demo-user-carlos", rider: "demo-user-sol", status: "assigned", from: ["40 Pioneer St, Highway Hills", "Mandaluyong, Metro Manila"], to: ["18 Legazpi St, Legaspi Village", "Makati, Metro Manila"], packageType: "parcels", size: "small", description: "A box of printed flyers", bookedMinutesAgo: 30 },
  { id: "00000000-0000-4000-8000-0000de110007", customer: "demo-user-carla", status: "cancelled", from: ["15 McKinley Pkwy, Fort Bonifacio", "Taguig, Metro Manila"], to: ["60 Boni Ave, Plainview", "Mandaluyong, Metro Manila"], packageType: "food", size: "small", description: "Lunch box", bookedMinutesAgo: 2 * HOUR },
];

function toRow(demo: DemoDelivery, now: number): NewDelivery {
  const pickup = centreOf(demo.from[1]);
  const dropoff = centreOf(demo.to[1]);
  const km = roadDistanceKm(pickup, dropoff);
  const price = quote(km, demo.size);
  const createdAt = now - demo.bookedMinutesAgo * 60_000;
  const reached = (status: DeliveryStatus) => {
    const order: DeliveryStatus[] = ["pending", "assigned", "picked_up", "in_transit", "delivered"];
    return order.indexOf(demo.status) >= order.indexOf(status);
  };
  const minutesAfterBooking = (m: number) => new Date(createdAt + m * 60_000);
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
    distance: formatDistanceKm(km),
    estimatedDuration: estimatedDuration(km),
    pickupLatitude: pickup.latitude,
    pickupLongitude: pickup.longitude,
    dropoffLatitude: dropoff.latitude,
    dropoffLongitude: dropoff.longitude,
    createdAt: new Date(createdAt),
    assignedAt: demo.rider && reached("assigned") ? minutesAfterBooking(2) : null,
    pickedUpAt: demo.rider && reached("picked_up") ? minutesAfterBooking(15) : null,
    deliveredAt: demo.status === "delivered" ? minutesAfterBooking(45) : null,
    cancelledAt: demo.status === "cancelled" ? minutesAfterBooking(1) : null,
  };
}

export async function loadDemoData(db: Db, now = Date.now()) {
  const at = new Date(now);
  const rows = DEMO_DELIVERIES.map((d) => toRow(d, now));
  // Delivered demo rows count in the daily totals, once: each statement applies only while the row is new.
  const delivered = rows.filter((row) => row.deliveredAt);
  if (delivered.length > 0) {
    await db.$client.batch(
      delivered.map((row) =>
        totalsForInsertedDeliveryStatement(db.$client, { deliveryId: row.id, totalFee: row.totalFee, deliveredAt: row.deliveredAt!.getTime() }),
      ),
    );
  }
  // One statement per row: D1 allows at most 100 bound parameters per statement.
  const [firstUser, ...otherUsers] = DEMO_USERS.map((u) =>
    db
      .insert(users)
      .values({
        ...u,
        createdAt: at,
        updatedAt: at,
        riderApprovedAt: u.role === "rider" ? at : null,
        ...(u.id === DEMO_SUSPENSION.id ? { riderSuspendedAt: at, riderSuspensionReason: DEMO_SUSPENSION.reason } : {}),
      })
      .onConflictDoNothing(),
  );
  await db.batch([
    firstUser!,
    ...otherUsers,
    ...rows.map((row) => db.insert(deliveries).values(row).onConflictDoNothing()),
    ...DEMO_APPLICATIONS.map(({ minutesAgo, ...application }) =>
      db
        .insert(riderApplications)
        .values({ ...application, status: "submitted", createdAt: new Date(now - minutesAgo * 60_000) })
        .onConflictDoNothing(),
    ),
  ]);
  return { users: DEMO_USERS.length, deliveries: DEMO_DELIVERIES.length };
}
