import { eq } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { deliveries, type DeliveryStatus } from "~/db/schema";
import { hasEnded, isoTimestamp, type LocationMessage } from "~/tracking/channel-messages";
import { spendToken, type UpdateBucket } from "~/tracking/room-rules";
import { WRITE_DELIVERY_POSITION, WRITE_RIDER_POSITION } from "./position-statements";
import type { Attachment, Connections } from "./connections";

export interface Position {
  latitude: number;
  longitude: number;
  riderId: string;
  /** UTC ms, stamped by the room. */
  at: number;
}

/** What the room knows of its delivery (status, rider, last position), in memory and in its storage under one key. */
export interface LiveDelivery {
  deliveryId: string;
  /** Never changes; part of who may see the delivery. (Absent in states stored before it was kept.) */
  customerId?: string;
  status: DeliveryStatus;
  riderId: string | null;
  /** When status and rider were last read from D1 or told by the Worker. */
  checkedAt: number;
  /** When the delivery was delivered or cancelled; cleanup runs CLEANUP_AFTER_END_MS later. */
  endedAt: number | null;
  position: Position | null;
  /** The delivery's bucket of location updates (3 at once, then 1 per second; refusals take none). */
  bucket?: UpdateBucket | null;
  /** Since when the latest position is not yet in D1 (null: D1 is up to date). */
  unsavedSince: number | null;
}

/** The storage key (named when the type was `RoomState`; stored rooms keep it). */
const STORAGE_KEY = "state";

/**
 * Stores the live delivery (status, rider, the rider's last position), and the only code that knows
 * its three places: memory, the room's storage (one key) with the publishing connection's
 * attachment, and D1 (`deliveries.rider_*`, `users.last_*`). Created when the object starts; dropped
 * with its memory. Only stores: what to do with a position is the room's call.
 */
export class LiveDeliveryStore {
  /** The live delivery in memory (null until read from storage or D1, and once cleared). */
  private current: LiveDelivery | null = null;
  private database: Db | null = null;
  /** Counts the changes of status, rider or customer the room learnt (the room re-checks who may see then). */
  revision = 0;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly connections: Connections,
  ) {}

  /** The live delivery when it is complete in memory (the hot path: no storage, no D1). */
  known(): LiveDelivery | null {
    return this.current?.customerId ? this.current : null;
  }

  /** The live delivery in memory, else from storage merged with newer positions kept in attachments. */
  async load(): Promise<LiveDelivery | null> {
    if (this.current) return this.current;
    const stored = (await this.ctx.storage.get<LiveDelivery>(STORAGE_KEY)) ?? null;
    if (this.current) return this.current; // loaded meanwhile by another event
    if (stored) for (const attachment of this.connections.attachments()) mergePosition(stored, attachment);
    this.current = stored;
    return stored;
  }

  /**
   * The live delivery: memory, else storage, else read from D1 (null when there is no such delivery).
   * `loaded` runs once it was first read from D1 (the room arms its alarm then).
   */
  async ensure(deliveryId: string, loaded: (delivery: LiveDelivery) => Promise<void>): Promise<LiveDelivery | null> {
    const known = await this.load();
    if (known?.customerId) return known;
    if (known) return this.reload(known);
    // No other event runs while the delivery is read, so a status change cannot be overwritten.
    // (A throw inside blockConcurrencyWhile would reset the object and drop every socket, hence the
    // error is carried out as a value.)
    const outcome = await this.ctx.blockConcurrencyWhile(async () => {
      try {
        if (this.current) return { delivery: this.current };
        const delivery = await this.fromD1(deliveryId);
        if (delivery) await loaded(delivery);
        return { delivery };
      } catch (error) {
        return { error };
      }
    });
    if ("error" in outcome) throw outcome.error;
    return outcome.delivery;
  }

  private async fromD1(deliveryId: string): Promise<LiveDelivery | null> {
    const row = await this.readDelivery(deliveryId);
    if (!row) return null;
    const now = Date.now();
    const ended = hasEnded(row.status);
    const delivery: LiveDelivery = {
      deliveryId,
      customerId: row.customerId,
      status: row.status,
      riderId: row.riderId,
      checkedAt: now,
      // Reopened after the delivery ended: cleanup counts from now, not from the end.
      endedAt: ended ? now : null,
      position:
        row.riderLatitude !== null && row.riderLongitude !== null && row.riderId !== null
          ? {
              latitude: row.riderLatitude,
              longitude: row.riderLongitude,
              riderId: row.riderId,
              at: row.riderLocatedAt?.getTime() ?? now,
            }
          : null,
      bucket: null,
      unsavedSince: null,
    };
    this.revision++;
    await this.save(delivery);
    return delivery;
  }

  /** Re-reads status and rider from D1; on failure keeps what the room knew. */
  async reload(delivery: LiveDelivery): Promise<LiveDelivery> {
    return this.ctx.blockConcurrencyWhile(async () => {
      try {
        const row = await this.readDelivery(delivery.deliveryId);
        if (!row) return delivery;
        delivery.customerId = row.customerId;
        delivery.status = row.status;
        delivery.riderId = row.riderId;
        delivery.checkedAt = Date.now();
        this.revision++;
        await this.save(delivery);
      } catch (error) {
        console.error("delivery room: re-reading the delivery failed", error);
      }
      return delivery;
    });
  }

  private async readDelivery(deliveryId: string) {
    const [row] = await this.db()
      .select({
        customerId: deliveries.customerId,
        status: deliveries.status,
        riderId: deliveries.riderId,
        riderLatitude: deliveries.riderLatitude,
        riderLongitude: deliveries.riderLongitude,
        riderLocatedAt: deliveries.riderLocatedAt,
      })
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId))
      .limit(1);
    return row ?? null;
  }

  async save(delivery: LiveDelivery, options?: DurableObjectPutOptions): Promise<void> {
    this.current = delivery;
    await this.ctx.storage.put(STORAGE_KEY, delivery, options);
  }

  /** The Worker told a new status or rider (what `statusChanged` knows is newer than D1's last read). */
  changeStatus(delivery: LiveDelivery, status: DeliveryStatus, riderId: string | null, at: number): void {
    delivery.status = status;
    delivery.riderId = riderId;
    delivery.checkedAt = Date.now();
    delivery.endedAt = hasEnded(status) ? at : null;
    this.revision++;
  }

  /**
   * Takes an accepted position into the live delivery (memory only: the room broadcasts it before anything
   * is written). Answers whether D1 was up to date before it (the room then arms its flush).
   */
  accept(delivery: LiveDelivery, position: Position): boolean {
    const wasSaved = delivery.unsavedSince === null;
    delivery.position = position;
    delivery.bucket = spendToken(delivery.bucket ?? null, position.at);
    delivery.unsavedSince ??= position.at;
    return wasSaved;
  }

  /**
   * Keeps an accepted position: in the publishing connection's attachment (no storage write per
   * update, see Attachment), or in storage when it came over HTTP.
   */
  keepAccepted(delivery: LiveDelivery, position: Position, connection?: WebSocket): Promise<void> | void {
    if (connection) this.connections.update(connection, { position });
    else return this.save(delivery, { allowUnconfirmed: true });
  }

  /**
   * A connection that published a position is going away: its attachment will too, so store it.
   * Answers the live delivery when it holds a position D1 does not have yet (null otherwise).
   */
  async keepPositionOf(attachment: Attachment | null): Promise<LiveDelivery | null> {
    if (!attachment?.position) return null;
    try {
      const delivery = await this.load();
      if (!delivery) return null;
      mergePosition(delivery, attachment);
      await this.save(delivery);
      return delivery.unsavedSince === null ? null : delivery;
    } catch (error) {
      console.error("delivery room: keeping the last position failed", error);
      return null;
    }
  }

  /** Writes the last position to the delivery and to the rider's row, if D1 does not have it yet. */
  async flush(delivery: LiveDelivery): Promise<void> {
    const position = delivery.position;
    if (!position || delivery.unsavedSince === null) return;
    // Two fixed statements bound to the position: building them with drizzle cost more CPU than
    // the write itself, once a room per PERSIST_INTERVAL_MS (bench/README.md, ws-fanout).
    const { latitude, longitude, at, riderId } = position;
    await this.env.DB.batch([
      this.env.DB.prepare(WRITE_DELIVERY_POSITION).bind(latitude, longitude, at, delivery.deliveryId),
      this.env.DB.prepare(WRITE_RIDER_POSITION).bind(latitude, longitude, at, riderId),
    ]);
    // A newer position may have arrived while writing; it stays unsaved. The room's storage gets
    // the written position too, so a room restarted after losing its sockets answers it.
    if (delivery.position === position) delivery.unsavedSince = null;
    await this.save(delivery, { allowUnconfirmed: true });
  }

  /** Forgets everything (the delivery ended hours ago): memory and storage, the alarm included. */
  async clear(): Promise<void> {
    this.current = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  db(): Db {
    return (this.database ??= getDb(this.env.DB));
  }
}

/**
 * Takes a newer position from a connection's attachment. The bucket stored with the live delivery is
 * then older than that position, so it is taken as empty at the position's time (it refills within 3 s).
 */
function mergePosition(delivery: LiveDelivery, attachment: Attachment): void {
  const position = attachment.position;
  if (!position || (delivery.position && delivery.position.at >= position.at)) return;
  delivery.position = position;
  if (!delivery.bucket || delivery.bucket.at < position.at) delivery.bucket = { tokens: 0, at: position.at };
  delivery.unsavedSince ??= position.at;
}

export function locationMessage(deliveryId: string, position: Position): LocationMessage {
  return {
    type: "location_update",
    deliveryId,
    latitude: position.latitude,
    longitude: position.longitude,
    riderId: position.riderId,
    timestamp: isoTimestamp(position.at),
  };
}
