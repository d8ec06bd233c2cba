import { runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliveries } from "~/db/schema";
import { db, signedIn } from "./helpers";

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data))), { once: true });
    socket.addEventListener("close", () => reject(new Error("socket closed")), { once: true });
  });
}

describe("delivery room", () => {
  it("accepts a signed-in customer's WebSocket through /ws into the delivery's own room and never leaves a message unanswered", async () => {
    const customer = await signedIn("user");
    const deliveryId = `room-test-${crypto.randomUUID()}`;
    await db().insert(deliveries).values({
      id: deliveryId,
      customerId: customer.user.id,
      status: "pending",
      pickupAddress: "12 Jupiter St",
      pickupCity: "Makati, Metro Manila",
      pickupPhone: "+639170000004",
      dropoffAddress: "45 Katipunan Ave",
      dropoffCity: "Quezon City, Metro Manila",
      dropoffPhone: "+639170000005",
      packageType: "documents",
      packageSize: "small",
      packageDescription: "Envelope",
      baseFare: 4000,
      distanceFee: 0,
      sizeFee: 0,
      totalFee: 4000,
      distance: "1.0",
      estimatedDuration: "2 mins",
      createdAt: new Date(),
    });
    const response = await SELF.fetch(`http://localhost/ws?deliveryId=${deliveryId}`, {
      headers: { Upgrade: "websocket", Cookie: customer.cookie },
    });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ type: "hello" }));
    expect(await reply).toEqual({ type: "error", message: "server.tracking.unsupported" });

    const room = env.DELIVERY_ROOM.get(env.DELIVERY_ROOM.idFromName(deliveryId));
    expect(await runInDurableObject(room, (instance) => [...instance.getConnections()].length)).toBe(1);
    const otherRoom = env.DELIVERY_ROOM.get(env.DELIVERY_ROOM.idFromName(`${deliveryId}-other`));
    expect(await runInDurableObject(otherRoom, (instance) => [...instance.getConnections()].length)).toBe(0);
    socket.close(1000, "done");
  });
});
