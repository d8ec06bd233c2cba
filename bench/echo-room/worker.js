// The bench's second baseline (bench/ws-fanout.mjs): a bare Durable Object echo behind a Worker,
// served by `wrangler dev` exactly as the app is (the same wrangler, dev proxy, assets router and
// hibernation API), with none of the app's rules. The app's rooms minus this is what our code costs;
// this minus the Node relay is what the local Workers runtime costs per frame.
import { DurableObject } from "cloudflare:workers";

export class EchoRoom extends DurableObject {
  fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(socket, message) {
    for (const other of this.ctx.getWebSockets()) if (other !== socket) other.send(message);
  }
}

export default {
  fetch(request, env) {
    const deliveryId = new URL(request.url).searchParams.get("deliveryId");
    if (!deliveryId || request.headers.get("Upgrade") !== "websocket") return new Response("echo room");
    return env.ECHO_ROOM.get(env.ECHO_ROOM.idFromName(deliveryId)).fetch(request);
  },
};
