import type { Delivery } from "~/db/schema";
import { notificationMessages } from "~/notifications/notification-messages";
import { notificationInsert } from "~/notifications/notifications.server";
import { deliveryEventInsert } from "./events.server";
import { isAtPickup } from "./state-machine";

/**
 * The rider's arrival at the dropoff (docs/guide/deliveries.md#could-not-deliver, decision 0222),
 * recorded by the delivery room as positions arrive while the delivery is picked up or in transit,
 * like the arrival at the pickup (pickup-arrival.server.ts): the first position within 100 m of a
 * precise dropoff sets `dropoff_arrival_at`, with its event and the customer's notification ("Your
 * rider is at the dropoff"), in one batch guarded by the delivery still on its way with this rider.
 * "Could not deliver" counts the 10 minutes from it.
 */

type Place = Pick<Delivery, "id" | "pickupCity" | "dropoffCity" | "dropoffAddress" | "customerId">;

/** What the room remembers between positions: once arrived (or at an approximate dropoff), nothing more to write. */
interface DropoffMemo {
  riderId: string;
  dropoff: { latitude: number; longitude: number } | null;
  status: string;
  place: Place;
  done: boolean;
}

interface Position {
  latitude: number;
  longitude: number;
  riderId: string;
  at: number;
}

async function readMemo(d1: D1Database, deliveryId: string, riderId: string): Promise<DropoffMemo | undefined> {
  const row = await d1
    .prepare(
      `SELECT status, customer_id, pickup_city, dropoff_city, dropoff_address, dropoff_latitude, dropoff_longitude,
         dropoff_approximate, dropoff_arrival_at FROM deliveries WHERE id = ?1 AND rider_id = ?2`,
    )
    .bind(deliveryId, riderId)
    .first<{
      status: string;
      customer_id: string;
      pickup_city: string;
      dropoff_city: string;
      dropoff_address: string;
      dropoff_latitude: number | null;
      dropoff_longitude: number | null;
      dropoff_approximate: number;
      dropoff_arrival_at: number | null;
    }>();
  if (!row) return undefined;
  const precise = !row.dropoff_approximate && row.dropoff_latitude !== null && row.dropoff_longitude !== null;
  return {
    riderId,
    status: row.status,
    dropoff: precise ? { latitude: row.dropoff_latitude!, longitude: row.dropoff_longitude! } : null,
    place: {
      id: deliveryId,
      customerId: row.customer_id,
      pickupCity: row.pickup_city,
      dropoffCity: row.dropoff_city,
      dropoffAddress: row.dropoff_address,
    },
    done: !precise || row.dropoff_arrival_at !== null,
  };
}

async function recordDropoffArrival(
  d1: D1Database,
  deliveryId: string,
  position: Position,
  memo: DropoffMemo | undefined,
): Promise<DropoffMemo | undefined> {
  const known = memo && memo.riderId === position.riderId ? memo : await readMemo(d1, deliveryId, position.riderId);
  if (!known || known.done || !known.dropoff || !isAtPickup(known.dropoff, position)) return known;
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE deliveries SET dropoff_arrival_at = ?3
         WHERE id = ?1 AND rider_id = ?2 AND status IN ('picked_up', 'in_transit') AND dropoff_arrival_at IS NULL`,
      )
      .bind(deliveryId, position.riderId, position.at),
    deliveryEventInsert(d1, {
      deliveryId,
      kind: "arrived_at_dropoff",
      from: null,
      to: null,
      actorId: null,
      riderId: position.riderId,
      at: position.at,
    }),
    notificationInsert(d1, { userId: known.place.customerId }, notificationMessages.riderAtDropoff(known.place), {
      now: position.at,
    }),
  ]);
  // Recorded now, or already (another position, another room instance): either way nothing more to do.
  return update!.meta.changes === 1 ? { ...known, done: true } : undefined;
}

/** The evidence as a delivery's room records it; never in the way of the position itself. */
export class DropoffArrivalEvidence {
  private memo: DropoffMemo | undefined;

  constructor(private readonly d1: D1Database) {}

  async record(deliveryId: string, position: Position) {
    try {
      this.memo = await recordDropoffArrival(this.d1, deliveryId, position, this.memo);
    } catch (error) {
      this.memo = undefined;
      console.error("delivery room: recording the arrival at the dropoff failed", error);
    }
  }

  /** The delivery's status or rider changed: read again from D1 next time. */
  forget(): void {
    this.memo = undefined;
  }
}
