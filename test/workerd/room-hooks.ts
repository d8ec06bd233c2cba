import type { Coordinates } from "~/tracking/channel-messages";
import type { PublishResult } from "~/tracking/room-protocol";
import type { Actor } from "~/tracking/room-rules";
import { DeliveryRoom } from "../../workers/delivery-room";

/**
 * Test-only entry: what the workerd tests call on a room inside `runInDurableObject`,
 * with explicit times instead of sleeping. Installed on the class here, imported by tests only: the
 * room's own API (and what the Worker can reach over RPC) stays its events and its RPC.
 */
declare module "../../workers/delivery-room" {
  interface DeliveryRoom {
    /** The alarm, run at `now`. */
    housekeeping(now: number): Promise<void>;
    /** A position update decided at `now` (as the socket's, with `socket`; as the HTTP fallback's without). */
    receiveLocation(deliveryId: string, actor: Actor, coordinates: Coordinates, now: number, socket?: WebSocket): Promise<PublishResult>;
    /** Sockets currently in the room (survives hibernation). */
    connectionCount(): number;
  }
}

Object.assign(DeliveryRoom.prototype, {
  housekeeping(this: DeliveryRoom, now: number) {
    return this["onAlarm"](now);
  },
  receiveLocation(this: DeliveryRoom, deliveryId: string, actor: Actor, coordinates: Coordinates, now: number, socket?: WebSocket) {
    return this["receiveLocationAt"](deliveryId, actor, coordinates, now, socket);
  },
  connectionCount(this: DeliveryRoom) {
    return this["sockets"]().count();
  },
});
