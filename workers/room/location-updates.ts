import type { DropoffArrivalEvidence } from "~/deliveries/dropoff-arrival.server";
import type { PickupArrivalEvidence } from "~/deliveries/pickup-arrival.server";
import type { Coordinates } from "~/tracking/channel-messages";
import type { PublishResult } from "~/tracking/room-protocol";
import { decideLocationUpdate, type Actor, type LocationDecision } from "~/tracking/room-rules";
import * as access from "./access";
import type { RoomAlarm } from "./alarm";
import type { Connections } from "./connections";
import type { FlushTimer } from "./flush-timer";
import { locationMessage, type LiveDelivery, type LiveDeliveryStore, type Position } from "./live-delivery";

/** A refused rider re-reads status and rider from D1 at most this often (in case a notification was lost). */
const RECHECK_AFTER_MS = 5_000;

/**
 * The rider's positions as the room takes them (from a connection, or over HTTP): decided by the
 * rules, broadcast to the subscribers who may still see the delivery, kept for D1, and handed to the
 * pickup-arrival evidence while assigned, the dropoff-arrival evidence while on the way.
 */
export class LocationUpdates {
  /** The `LiveDeliveryStore.revision` the subscribed connections were last checked against (-1: not yet). */
  private visibleAt = -1;

  constructor(
    private readonly store: LiveDeliveryStore,
    private readonly connections: Connections,
    private readonly arrival: PickupArrivalEvidence,
    private readonly clock: RoomAlarm,
    private readonly flushTimer: FlushTimer,
    private readonly dropoff: DropoffArrivalEvidence,
  ) {}

  /**
   * Decides on one position update at `now` (from `connection`, or over HTTP without); an accepted one
   * goes to every subscriber, server-stamped. A promise only when something is to be awaited.
   */
  publish(
    delivery: LiveDelivery,
    actor: Actor,
    coordinates: Coordinates,
    now: number,
    connection?: WebSocket,
  ): PublishResult | Promise<PublishResult> {
    const decision = decideLocationUpdate(actor, delivery, delivery.bucket ?? null, now);
    const refusedRider = !decision.ok && decision.reason !== "tooFrequent" && actor.role === "rider";
    if (refusedRider && now - delivery.checkedAt > RECHECK_AFTER_MS) {
      // A status notification may have been lost: D1 is the source of truth.
      return this.store.reload(delivery).then((reloaded) => {
        const redecided = decideLocationUpdate(actor, reloaded, reloaded.bucket ?? null, now);
        return this.applyDecided(reloaded, redecided, actor, coordinates, now, connection);
      });
    }
    return this.applyDecided(delivery, decision, actor, coordinates, now, connection);
  }

  /** Closes (4403) the connections, or only the subscribed ones, whose user may not see the delivery now. */
  closeHidden(delivery: LiveDelivery, subscribedOnly: boolean): void {
    for (const [connection, attachment] of this.connections.each()) {
      if (subscribedOnly && !attachment.subscribed) continue;
      const closing = access.visibility(attachment, delivery);
      if (closing) this.connections.close(connection, closing.code, closing.reason);
    }
    this.visibleAt = this.store.revision;
  }

  private applyDecided(
    delivery: LiveDelivery,
    decision: LocationDecision,
    actor: Actor,
    coordinates: Coordinates,
    now: number,
    connection?: WebSocket,
  ): PublishResult | Promise<PublishResult> {
    if (!decision.ok) return decision;
    const { latitude, longitude } = coordinates;
    const position: Position = { latitude, longitude, riderId: actor.userId, at: now };
    const accepted = { ok: true, message: locationMessage(delivery.deliveryId, position) } as const;
    const wasSaved = this.store.accept(delivery, position);
    // Who may see the delivery changes only with what the room learns of it (a status, a rider, a
    // re-read), each of which bumps the revision: the subscribers are checked again only then.
    if (this.store.revision !== this.visibleAt) this.closeHidden(delivery, true);
    this.connections.broadcast(JSON.stringify(accepted.message));
    const kept = this.store.keepAccepted(delivery, position, connection);
    // D1 gets it at the room's next flush slot: kept in memory (a connection's), by the timer; kept
    // in storage (the HTTP fallback's), by the alarm.
    const onTheWay = delivery.status === "picked_up" || delivery.status === "in_transit";
    if (!kept && connection && delivery.status !== "assigned" && !onTheWay) {
      this.flushTimer.arm(delivery, now);
      return accepted;
    }
    return (async () => {
      if (kept) await kept;
      if (delivery.status === "assigned") await this.arrival.record(delivery.deliveryId, position);
      if (onTheWay) await this.dropoff.record(delivery.deliveryId, position);
      if (connection) this.flushTimer.arm(delivery, now);
      else if (wasSaved) await this.clock.schedule(delivery, this.connections, now);
      return accepted;
    })();
  }
}
