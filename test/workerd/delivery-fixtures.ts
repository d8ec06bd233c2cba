import { env } from "cloudflare:workers";
import { deliveries, type Delivery, type NewDelivery } from "~/db/schema";
import { totalsForInsertedDeliveryStatement } from "~/deliveries/daily-totals.server";
import { ledgerForInsertedDeliveryStatement } from "~/ledger/ledger.server";
import { SELF } from "cloudflare:test";
import { apiAnswer, db, ORIGIN } from "./helpers";

export { bookingBody } from "../fixtures/booking";

/**
 * Inserts a delivery row directly, in any status (for the status matrix and earnings fixtures).
 * A delivered row is added to the daily totals first, as demo data does.
 */
export async function insertDelivery(
  values: Partial<NewDelivery> & Pick<NewDelivery, "customerId">,
): Promise<Delivery> {
  const row: NewDelivery = {
    id: crypto.randomUUID(),
    status: "pending",
    riderId: null,
    pickupAddress: "12 Jupiter St, Bel-Air",
    pickupCity: "Makati, Metro Manila",
    pickupPhone: "09171234567",
    dropoffAddress: "45 Katipunan Ave, Loyola Heights",
    dropoffCity: "Quezon City, Metro Manila",
    dropoffPhone: "09181234567",
    packageType: "documents",
    packageSize: "small",
    packageDescription: "Fixture",
    isFragile: false,
    baseFare: 4000,
    distanceFee: 9600,
    sizeFee: 0,
    totalFee: 13600,
    amountDue: values.totalFee ?? 13600,
    distance: "11.6",
    estimatedDuration: "24 mins",
    pickupLatitude: 14.55,
    pickupLongitude: 121.03,
    dropoffLatitude: 14.63,
    dropoffLongitude: 121.03,
    createdAt: new Date(),
    ...values,
  };
  if (row.status === "delivered" && row.deliveredAt) {
    await totalsForInsertedDeliveryStatement(env.DB, {
      deliveryId: row.id!,
      totalFee: row.totalFee,
      deliveredAt: Number(row.deliveredAt),
      promoDiscount: row.promoDiscount ?? 0,
      peakSurcharge: row.peakSurcharge ?? 0,
      idDiscountAmount: row.idDiscountAmount ?? 0,
    }).run();
  }
  const [inserted] = await db().insert(deliveries).values(row).returning();
  if (row.status === "delivered" && row.deliveredAt) await ledgerForInsertedDeliveryStatement(env.DB, row.id!).run();
  return inserted!;
}

/** The timestamps a delivery in `status` would carry, so fixtures look like real history. */
export function historyFor(status: Delivery["status"], riderId: string | null, now = Date.now()): Partial<NewDelivery> {
  const minutesAgo = (n: number) => new Date(now - n * 60_000);
  const reached = (s: Delivery["status"]) =>
    ["assigned", "picked_up", "in_transit", "delivered"].indexOf(status) >=
    ["assigned", "picked_up", "in_transit", "delivered"].indexOf(s);
  if (status === "pending") return { status, riderId: null, createdAt: minutesAgo(10) };
  if (status === "cancelled")
    return {
      status,
      riderId,
      createdAt: minutesAgo(10),
      assignedAt: riderId ? minutesAgo(9) : null,
      cancelledAt: minutesAgo(5),
    };
  if (status === "returning" || status === "returned")
    return {
      status,
      riderId,
      createdAt: minutesAgo(60),
      assignedAt: minutesAgo(55),
      pickedUpAt: minutesAgo(45),
      dropoffArrivalAt: minutesAgo(25),
      couldNotDeliverAt: minutesAgo(12),
      couldNotDeliverReason: "address_not_found",
      returnCode: "4321",
      returnedAt: status === "returned" ? minutesAgo(2) : null,
    };
  return {
    status,
    riderId,
    createdAt: minutesAgo(30),
    assignedAt: minutesAgo(25),
    pickedUpAt: reached("picked_up") ? minutesAgo(15) : null,
    deliveredAt: status === "delivered" ? minutesAgo(2) : null,
  };
}

/** Could not deliver through the API (multipart), as the rider's phone sends it. */
export async function couldNotDeliver(
  id: string,
  cookie: string | undefined,
  fields: { reason?: string; note?: string; photo?: Blob },
) {
  const form = new FormData();
  if (fields.reason) form.set("reason", fields.reason);
  if (fields.note) form.set("note", fields.note);
  if (fields.photo) form.set("photo", fields.photo, "place.jpg");
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return apiAnswer(
    await SELF.fetch(`${ORIGIN}/api/deliveries/${id}/could-not-deliver`, { method: "POST", body: form, headers }),
  );
}
