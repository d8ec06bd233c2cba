import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveryEvents, type DeliveryEventKind, type DeliveryStatus } from "~/db/schema";

/**
 * Delivery events (docs/guide/deliveries.md#events): every change of a delivery, with who
 * and when. Figures are computed from them (app/ledger/rider-figures.server.ts), never typed in.
 */
export interface DeliveryEventInput {
  deliveryId: string;
  kind: DeliveryEventKind;
  from: DeliveryStatus | null;
  to: DeliveryStatus | null;
  /** Who made the change (the customer, the rider, an admin); null for the system. */
  actorId: string | null;
  /**
   * The rider the change concerns: who accepted, released or delivered it, who held it when it
   * was cancelled, the new rider of a reassignment. Their figures and history read this.
   */
  riderId: string | null;
  at: Date | number;
  /** What the system says (an encoded message, read with storedText / useMessageText), or an admin's own words. */
  note?: string | null;
}

/**
 * The statement recording one event, for the SAME `DB.batch` as the change it records. Put it
 * right AFTER the statement that makes the change: it inserts only when that statement changed a
 * row (SQLite's `changes()`), so a change refused by its WHERE guard records nothing, and the
 * batch's single transaction makes change and event land together or not at all.
 *
 *     await env.DB.batch([update, deliveryEventInsert(env.DB, { deliveryId, kind: "cancelled", ... })]);
 */
export function deliveryEventInsert(d1: D1Database, event: DeliveryEventInput): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO delivery_events (delivery_id, kind, from_status, to_status, actor_id, rider_id, at, note)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE changes() > 0`,
    )
    .bind(
      event.deliveryId,
      event.kind,
      event.from,
      event.to,
      event.actorId,
      event.riderId,
      Number(event.at),
      event.note ?? null,
    );
}

/** A delivery's events, oldest first (index delivery_events_delivery_at_idx): the tracking page's timeline. */
export async function listDeliveryEvents(db: Db, deliveryId: string) {
  return db
    .select()
    .from(deliveryEvents)
    .where(eq(deliveryEvents.deliveryId, deliveryId))
    .orderBy(asc(deliveryEvents.at), asc(deliveryEvents.id));
}
