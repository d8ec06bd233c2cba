// The bench's second baseline (bench/ws-fanout.mjs): a bare Durable Object echo behind a Worker,
// served by `wrangler dev` exactly as the app is (the same wrangler, dev proxy, assets router and
// hibernation API), with none of the app's rules. The app's rooms minus this is what our code costs;
// this minus the Node relay is what the local Workers runtime costs per frame.
//
// With ECHO_WRITES = "1" (the bench's BENCH_ECHO_WRITES=1), each echo room also does what the app's
// rooms must do with a rider's position: write it to D1 at the room's own slot once per
// PERSIST_INTERVAL_MS, with the same two statements in one batch, on the app's schema and rows. It
// parses nothing (it writes the frame's length as the position). Local D1 runs on the same workerd
// thread as the rooms, where production's D1 runs on its own servers: this echo puts that share of
// the rooms' figures on the baseline too, so the rest is the rooms' own code.
import { DurableObject } from "cloudflare:workers";
import { flushDueAt, flushPhaseOf } from "../../app/tracking/room-rules";
import { WRITE_DELIVERY_POSITION, WRITE_RIDER_POSITION } from "../../workers/room/position-statements";

export class EchoRoom extends DurableObject {
  fetch(request) {
    const url = new URL(request.url);
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    // Kept with the socket: the runtime may evict the object between windows (hibernation).
    if (this.env.ECHO_WRITES === "1")
      server.serializeAttachment({
        deliveryId: url.searchParams.get("deliveryId"),
        riderId: url.searchParams.get("riderId"),
      });
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(socket, message) {
    for (const other of this.ctx.getWebSockets()) if (other !== socket) other.send(message);
    if (this.env.ECHO_WRITES !== "1") return;
    if (!this.deliveryId)
      ({ deliveryId: this.deliveryId, riderId: this.riderId } = socket.deserializeAttachment() ?? {});
    if (!this.deliveryId) return;
    this.latest = { size: message.length, at: Date.now() };
    this.unsavedSince ??= this.latest.at;
    this.arm(this.latest.at);
  }

  arm(now) {
    if (this.timer || this.unsavedSince == null) return;
    this.phase ??= flushPhaseOf(this.deliveryId);
    const slot = flushDueAt(this.unsavedSince, this.phase);
    const due = slot > now ? slot : flushDueAt(now, this.phase);
    this.timer = setTimeout(() => this.write(), due - now);
  }

  async write() {
    const latest = this.latest;
    try {
      await this.env.DB.batch([
        this.env.DB.prepare(WRITE_DELIVERY_POSITION).bind(latest.size, latest.size, latest.at, this.deliveryId),
        this.env.DB.prepare(WRITE_RIDER_POSITION).bind(latest.size, latest.size, latest.at, this.riderId),
      ]);
      if (this.latest === latest) this.unsavedSince = null;
    } catch (error) {
      console.error("echo room: writing D1 failed", error);
    }
    this.timer = null;
    this.arm(Date.now());
  }
}

export default {
  fetch(request, env) {
    const deliveryId = new URL(request.url).searchParams.get("deliveryId");
    if (!deliveryId || request.headers.get("Upgrade") !== "websocket") return new Response("echo room");
    return env.ECHO_ROOM.get(env.ECHO_ROOM.idFromName(deliveryId)).fetch(request);
  },
};
