import { DurableObject } from "cloudflare:workers";

/**
 * One room per delivery (`idFromName(deliveryId)`): it holds the delivery's WebSockets through
 * the Hibernation API. The message protocol (subscribe, location_update, status_update) is built
 * on top of this in the live-tracking work; for now the room accepts a socket and answers every
 * message with an `error`, so a client never waits on silence.
 */
export class DeliveryRoom extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
    }
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(socket: WebSocket): Promise<void> {
    socket.send(JSON.stringify({ type: "error", message: "Unsupported message" }));
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    socket.close(code === 1005 ? 1000 : code, "Closing");
  }

  /** Sockets currently in the room (survives hibernation). */
  connectionCount(): number {
    return this.ctx.getWebSockets().length;
  }
}
