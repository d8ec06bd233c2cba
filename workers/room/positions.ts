import { eq } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { deliveries, type DeliveryStatus } from "~/db/schema";
import { recordPickupArrival, type ArrivalMemo } from "~/deliveries/pickup-arrival.server";
import { hasEnded, isoTimestamp, type LocationMessage } from "~/tracking/channel-messages";
import { spendToken, type UpdateBucket } from "~/tracking/room-rules";
import { WRITE_DELIVERY_POSITION, WRITE_RIDER_POSITION } from "./position-statements";
import type { Attachment, Sockets } from "./sockets";

export interface Position {
  latitude: number;
  longitude: number;
  riderId: string;
  /** UTC ms, stamped by the room. */
  at: number;
}

/** Everything the room knows, in memory and in its storage under one key. */
export interface RoomState {
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

const STATE_KEY = "state";

/**
 * Where the room's state and the rider's position live, and the only code that knows all three
 * places: memory, the room's storage (one key) with the publishing socket's attachment, and D1
 * (`deliveries.rider_*`, `users.last_*`). Created when the object starts; dropped with its memory.
 */
export class RoomStorage {
  private state: RoomState | null = null;
  /** The pickup-arrival evidence seen so far (in memory; re-read from D1 after an eviction). */
  private arrival: ArrivalMemo | undefined;
  private database: Db | null = null;
  /** Counts the changes of status, rider or customer the room learnt (the room re-checks who may see then). */
  revision = 0;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    /** The room's sockets as they are now (the room may rebuild them). */
    private readonly sockets: () => Sockets,
  ) {}

  /** The complete state when it is in memory (the hot path: no storage, no D1). */
  known(): RoomState | null {
    return this.state?.customerId ? this.state : null;
  }

  /** The state in memory, else from storage merged with newer positions kept in socket attachments. */
  async load(): Promise<RoomState | null> {
    if (this.state) return this.state;
    const stored = (await this.ctx.storage.get<RoomState>(STATE_KEY)) ?? null;
    if (this.state) return this.state; // loaded meanwhile by another event
    if (stored) for (const attachment of this.sockets().attachments()) mergePosition(stored, attachment);
    this.state = stored;
    return stored;
  }

  /**
   * The room's state: memory, else storage, else read from D1 (null when there is no such delivery).
   * `loaded` runs once a state was first read from D1 (the room arms its alarm then).
   */
  async ensure(deliveryId: string, loaded: (state: RoomState) => Promise<void>): Promise<RoomState | null> {
    const known = await this.load();
    if (known?.customerId) return known;
    if (known) return this.reload(known);
    // No other event runs while the delivery is read, so a status change cannot be overwritten.
    // (A throw inside blockConcurrencyWhile would reset the object and drop every socket, hence the
    // error is carried out as a value.)
    const outcome = await this.ctx.blockConcurrencyWhile(async () => {
      try {
        if (this.state) return { state: this.state };
        const state = await this.fromD1(deliveryId);
        if (state) await loaded(state);
        return { state };
      } catch (error) {
        return { error };
      }
    });
    if ("error" in outcome) throw outcome.error;
    return outcome.state;
  }

  private async fromD1(deliveryId: string): Promise<RoomState | null> {
    const row = await this.readDelivery(deliveryId);
    if (!row) return null;
    const now = Date.now();
    const ended = hasEnded(row.status);
    const state: RoomState = {
      deliveryId,
      customerId: row.customerId,
      status: row.status,
      riderId: row.riderId,
      checkedAt: now,
      // Reopened after the delivery ended: cleanup counts from now, not from the end.
      endedAt: ended ? now : null,
      position:
        row.riderLatitude !== null && row.riderLongitude !== null && row.riderId !== null
          ? { latitude: row.riderLatitude, longitude: row.riderLongitude, riderId: row.riderId, at: row.riderLocatedAt?.getTime() ?? now }
          : null,
      bucket: null,
      unsavedSince: null,
    };
    this.revision++;
    await this.save(state);
    return state;
  }

  /** Re-reads status and rider from D1; on failure keeps what the room knew. */
  async reload(state: RoomState): Promise<RoomState> {
    return this.ctx.blockConcurrencyWhile(async () => {
      try {
        const row = await this.readDelivery(state.deliveryId);
        if (!row) return state;
        state.customerId = row.customerId;
        state.status = row.status;
        state.riderId = row.riderId;
        state.checkedAt = Date.now();
        this.revision++;
        await this.save(state);
      } catch (error) {
        console.error("delivery room: re-reading the delivery failed", error);
      }
      return state;
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

  async save(state: RoomState, options?: DurableObjectPutOptions): Promise<void> {
    this.state = state;
    await this.ctx.storage.put(STATE_KEY, state, options);
  }

  /** The Worker told a new status or rider (what `statusChanged` knows is newer than D1's last read). */
  changeStatus(state: RoomState, status: DeliveryStatus, riderId: string | null, at: number): void {
    state.status = status;
    state.riderId = riderId;
    state.checkedAt = Date.now();
    this.arrival = undefined;
    state.endedAt = hasEnded(status) ? at : null;
    this.revision++;
  }

  /**
   * Takes an accepted position into the state (memory only: the room broadcasts it before anything
   * is written). Answers whether D1 was up to date before it (the room then arms its flush).
   */
  accept(state: RoomState, position: Position): boolean {
    const wasSaved = state.unsavedSince === null;
    state.position = position;
    state.bucket = spendToken(state.bucket ?? null, position.at);
    state.unsavedSince ??= position.at;
    return wasSaved;
  }

  /**
   * Keeps an accepted position: in the publishing socket's attachment (no storage write per
   * update, see Attachment), or in storage when it came over HTTP.
   */
  keepAccepted(state: RoomState, position: Position, socket?: WebSocket): Promise<void> | void {
    if (socket) this.sockets().update(socket, { position });
    else return this.save(state, { allowUnconfirmed: true });
  }

  /**
   * A socket that published a position is going away: its attachment will too, so store it.
   * Answers the state when it holds a position D1 does not have yet (null otherwise).
   */
  async keepPositionOf(attachment: Attachment | null): Promise<RoomState | null> {
    if (!attachment?.position) return null;
    try {
      const state = await this.load();
      if (!state) return null;
      mergePosition(state, attachment);
      await this.save(state);
      return state.unsavedSince === null ? null : state;
    } catch (error) {
      console.error("delivery room: keeping the last position failed", error);
      return null;
    }
  }

  /** The ₱50 fee's evidence (decision 0182): never in the way of the position itself. */
  async noteArrival(deliveryId: string, position: Position): Promise<void> {
    try {
      this.arrival = await recordPickupArrival(this.env.DB, deliveryId, position, this.arrival);
    } catch (error) {
      this.arrival = undefined;
      console.error("delivery room: recording the arrival at the pickup failed", error);
    }
  }

  /** Writes the last position to the delivery and to the rider's row, if D1 does not have it yet. */
  async flush(state: RoomState): Promise<void> {
    const position = state.position;
    if (!position || state.unsavedSince === null) return;
    // Two fixed statements bound to the position: building them with drizzle cost more CPU than
    // the write itself, once a room per PERSIST_INTERVAL_MS (bench/README.md, ws-fanout).
    const { latitude, longitude, at, riderId } = position;
    await this.env.DB.batch([
      this.env.DB.prepare(WRITE_DELIVERY_POSITION).bind(latitude, longitude, at, state.deliveryId),
      this.env.DB.prepare(WRITE_RIDER_POSITION).bind(latitude, longitude, at, riderId),
    ]);
    // A newer position may have arrived while writing; it stays unsaved. The room's storage gets
    // the written position too, so a room restarted after losing its sockets answers it.
    if (state.position === position) state.unsavedSince = null;
    await this.save(state, { allowUnconfirmed: true });
  }

  /** Forgets everything (the delivery ended hours ago): memory and storage, the alarm included. */
  async clear(): Promise<void> {
    this.state = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  db(): Db {
    return (this.database ??= getDb(this.env.DB));
  }
}

/**
 * Takes a newer position from a socket's attachment. The bucket stored with the state is then older
 * than that position, so it is taken as empty at the position's time (it refills within 3 s).
 */
function mergePosition(state: RoomState, attachment: Attachment): void {
  const position = attachment.position;
  if (!position || (state.position && state.position.at >= position.at)) return;
  state.position = position;
  if (!state.bucket || state.bucket.at < position.at) state.bucket = { tokens: 0, at: position.at };
  state.unsavedSince ??= position.at;
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
