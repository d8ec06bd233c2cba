import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { deliveries, type DeliveryStatus } from "~/db/schema";
import { db, ORIGIN, signedIn } from "./helpers";

/** Fixtures of the live-tracking tests: deliveries with their people, and queued WebSocket clients. */

/** A delivery row inserted directly (the deliveries API is built elsewhere). */
export async function createDelivery(
  customerId: string,
  riderId: string | null,
  status: DeliveryStatus,
  id: string = crypto.randomUUID(),
) {
  await db()
    .insert(deliveries)
    .values({
      id,
      customerId,
      riderId,
      status,
      pickupAddress: "100 Ortigas Ave",
      pickupCity: "Pasig, Metro Manila",
      pickupPhone: "+639170000004",
      dropoffAddress: "1 Roxas Blvd",
      dropoffCity: "Manila, Metro Manila",
      dropoffPhone: "+639170000005",
      packageType: "parcels",
      packageSize: "small",
      packageDescription: "A box",
      baseFare: 4000,
      distanceFee: 1000,
      sizeFee: 0,
      totalFee: 5000,
      distance: "3.0",
      estimatedDuration: "6 mins",
      pickupLatitude: 14.5764,
      pickupLongitude: 121.0851,
      dropoffLatitude: 14.58,
      dropoffLongitude: 121,
      createdAt: new Date(),
      assignedAt: riderId ? new Date() : null,
    });
  return id;
}

/** An assigned delivery with its customer, rider, an admin, another customer and another rider. */
export async function scene(status: DeliveryStatus = "assigned") {
  const customer = await signedIn("user");
  const rider = await signedIn("rider");
  const admin = await signedIn("admin");
  const otherCustomer = await signedIn("user");
  const otherRider = await signedIn("rider");
  const deliveryId = await createDelivery(customer.user.id, status === "pending" ? null : rider.user.id, status);
  return { customer, rider, admin, otherCustomer, otherRider, deliveryId };
}

export const room = (deliveryId: string) => env.DELIVERY_ROOM.get(env.DELIVERY_ROOM.idFromName(deliveryId));

/**
 * Runs `act` with the clock at `now`: vitest fakes `Date` alone (no timer), and the room, which reads
 * `Date.now()`, runs its real methods at that time. Explicit times instead of sleeping.
 */
export async function at<T>(now: number, act: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now });
  try {
    return await act();
  } finally {
    vi.useRealTimers();
  }
}

export function upgrade(deliveryId: string | null, cookie?: string, headers: Record<string, string> = {}) {
  const query = deliveryId === null ? "" : `?deliveryId=${encodeURIComponent(deliveryId)}`;
  return SELF.fetch(`${ORIGIN}/ws${query}`, {
    headers: { Upgrade: "websocket", ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

/** A connected socket whose messages queue up, so tests can read them in order. */
export async function connect(deliveryId: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await upgrade(deliveryId, cookie, headers);
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const queue: any[] = [];
  const waiters: ((message: any) => void)[] = [];
  let resolveClosed!: (close: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (resolveClosed = resolve));
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  socket.addEventListener("close", (event) => resolveClosed({ code: event.code, reason: event.reason }));
  socket.accept();
  return {
    socket,
    closed,
    send: (message: unknown) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    next(timeoutMs = 3000): Promise<any> {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const waiter = (message: any) => {
          clearTimeout(timer);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error("no message within timeout"));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => socket.close(1000, "done"),
  };
}
export type Client = Awaited<ReturnType<typeof connect>>;

export async function subscribe(client: Client, deliveryId: string) {
  client.send({ type: "subscribe", deliveryId });
  return client.next();
}

export const update = (deliveryId: string, latitude: number, longitude: number, riderId?: string) => ({
  type: "location_update",
  deliveryId,
  latitude,
  longitude,
  ...(riderId ? { riderId } : {}),
});

export function expectServerTimestamp(timestamp: string) {
  expect(new Date(timestamp).toISOString()).toBe(timestamp);
  expect(Math.abs(Date.parse(timestamp) - Date.now())).toBeLessThan(10_000);
}
