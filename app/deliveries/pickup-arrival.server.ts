import { ARRIVAL_CONFIRM_AFTER_MS, isAtPickup } from "./state-machine";

/**
 * The ₱50 "rider at the pickup" fee's evidence (docs/guide/money.md#cancellation-fees, decision 0217), recorded by the server
 * as positions arrive at the delivery room (over the socket or `POST /api/deliveries/{id}/location`,
 * which the room also handles): the first position within 100 m of the pickup while assigned sets
 * `pickup_arrival_first_at`; one at least 20 s later sets `pickup_arrival_confirmed_at`. One UPDATE,
 * guarded by the delivery still assigned to this rider. Release and reassignment clear both.
 */

/** What the room remembers between positions, so a rider standing at the pickup costs few writes. */
interface ArrivalMemo {
  riderId: string;
  pickup: { latitude: number | null; longitude: number | null };
  firstAt: number | null;
  confirmed: boolean;
}

async function recordPickupArrival(
  d1: D1Database,
  deliveryId: string,
  position: { latitude: number; longitude: number; riderId: string; at: number },
  memo: ArrivalMemo | undefined,
): Promise<ArrivalMemo | undefined> {
  let known = memo && memo.riderId === position.riderId ? memo : undefined;
  if (!known) {
    const row = await d1
      .prepare(
        `SELECT pickup_latitude, pickup_longitude, pickup_arrival_first_at, pickup_arrival_confirmed_at FROM deliveries WHERE id = ?1 AND rider_id = ?2`,
      )
      .bind(deliveryId, position.riderId)
      .first<{
        pickup_latitude: number | null;
        pickup_longitude: number | null;
        pickup_arrival_first_at: number | null;
        pickup_arrival_confirmed_at: number | null;
      }>();
    if (!row) return undefined;
    known = {
      riderId: position.riderId,
      pickup: { latitude: row.pickup_latitude, longitude: row.pickup_longitude },
      firstAt: row.pickup_arrival_first_at,
      confirmed: row.pickup_arrival_confirmed_at !== null,
    };
  }
  const pickup = { latitude: known.pickup.latitude ?? undefined, longitude: known.pickup.longitude ?? undefined };
  if (known.confirmed || !isAtPickup(pickup, position)) return known;
  if (known.firstAt !== null && position.at - known.firstAt < ARRIVAL_CONFIRM_AFTER_MS && position.at >= known.firstAt)
    return known;
  const row = await d1
    .prepare(
      `UPDATE deliveries SET
         pickup_arrival_first_at = COALESCE(pickup_arrival_first_at, ?3),
         pickup_arrival_confirmed_at = CASE WHEN pickup_arrival_first_at IS NOT NULL AND ?3 - pickup_arrival_first_at >= ?4 THEN ?3 ELSE NULL END
       WHERE id = ?1 AND status = 'assigned' AND rider_id = ?2 AND pickup_arrival_confirmed_at IS NULL
       RETURNING pickup_arrival_first_at, pickup_arrival_confirmed_at`,
    )
    .bind(deliveryId, position.riderId, position.at, ARRIVAL_CONFIRM_AFTER_MS)
    .first<{ pickup_arrival_first_at: number | null; pickup_arrival_confirmed_at: number | null }>();
  // No row: no longer assigned to this rider; forget, and read again next time.
  if (!row) return undefined;
  return { ...known, firstAt: row.pickup_arrival_first_at, confirmed: row.pickup_arrival_confirmed_at !== null };
}

/**
 * The evidence as a delivery's room records it, position by position while the delivery is
 * assigned: what it remembers between positions (in memory; read again from D1 after an eviction,
 * or once `forget` was told the status or rider changed). Never in the way of the position itself:
 * a failed write is logged, and the next position tries again.
 */
export class PickupArrivalEvidence {
  private memo: ArrivalMemo | undefined;

  constructor(private readonly d1: D1Database) {}

  async record(deliveryId: string, position: { latitude: number; longitude: number; riderId: string; at: number }) {
    try {
      this.memo = await recordPickupArrival(this.d1, deliveryId, position, this.memo);
    } catch (error) {
      this.memo = undefined;
      console.error("delivery room: recording the arrival at the pickup failed", error);
    }
  }

  /** The delivery's status or rider changed: read the evidence again from D1 next time. */
  forget(): void {
    this.memo = undefined;
  }
}
