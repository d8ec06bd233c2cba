import { runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data))), { once: true });
    socket.addEventListener("close", () => reject(new Error("socket closed")), { once: true });
  });
}

describe("delivery room", () => {
  it("accepts a WebSocket through /ws into the delivery's own room and never leaves a message unanswered", async () => {
    const response = await SELF.fetch("http://localhost/ws?deliveryId=room-test-1", { headers: { Upgrade: "websocket" } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ type: "hello" }));
    expect(await reply).toEqual({ type: "error", message: "Unsupported message" });

    const room = env.DELIVERY_ROOM.get(env.DELIVERY_ROOM.idFromName("room-test-1"));
    expect(await runInDurableObject(room, (instance) => instance.connectionCount())).toBe(1);
    const otherRoom = env.DELIVERY_ROOM.get(env.DELIVERY_ROOM.idFromName("room-test-2"));
    expect(await runInDurableObject(otherRoom, (instance) => instance.connectionCount())).toBe(0);
    socket.close(1000, "done");
  });
});
