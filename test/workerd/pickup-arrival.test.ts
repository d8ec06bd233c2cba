import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { historyFor, insertDelivery } from "./delivery-fixtures";
import { api, signedIn } from "./helpers";
import { at, room } from "./room-fixtures";

/** docs/guide/money.md#cancellation-fees (decision 0217): the server's evidence. */

// The fixture's pickup is 14.55, 121.03.
const AT_PICKUP = { latitude: 14.5503, longitude: 121.0302 }; // about 40 m away
const AWAY = { latitude: 14.56, longitude: 121.03 }; // about 1.1 km away

async function assignedScene() {
  const customer = await signedIn("user");
  const rider = await signedIn("rider");
  const delivery = await insertDelivery({ customerId: customer.user.id, ...historyFor("assigned", rider.user.id) });
  return { customer, rider, deliveryId: delivery.id, actor: { userId: rider.user.id, role: "rider" as const } };
}

const fee = async (deliveryId: string, cookie: string) =>
  (await api(`/api/deliveries/${deliveryId}/cancellation`, { cookie })).json.fee;

const evidence = (deliveryId: string) =>
  env.DB.prepare(
    "SELECT pickup_arrival_first_at AS first, pickup_arrival_confirmed_at AS confirmed FROM deliveries WHERE id = ?1",
  )
    .bind(deliveryId)
    .first<{ first: number | null; confirmed: number | null }>();

describe("the ₱50 fee needs two positions at the pickup, 20 s apart, while assigned", () => {
  it("one position within 100 m (over HTTP) is ₱20; a second 20 s later is ₱50", async () => {
    const { customer, rider, deliveryId, actor } = await assignedScene();
    expect(
      (await api(`/api/deliveries/${deliveryId}/location`, { cookie: rider.cookie, body: AT_PICKUP })).status,
    ).toBe(200);
    const { first } = (await evidence(deliveryId))!;
    expect(first).not.toBeNull();
    expect(await fee(deliveryId, customer.cookie)).toBe(20);

    const results = await runInDurableObject(room(deliveryId), async (instance) => [
      await at(first! + 5_000, () => instance.publishLocation(deliveryId, actor, AWAY)),
      await at(first! + 20_000, () => instance.publishLocation(deliveryId, actor, AT_PICKUP)),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(await evidence(deliveryId)).toEqual({ first, confirmed: first! + 20_000 });
    expect(await fee(deliveryId, customer.cookie)).toBe(50);
  });

  it("two positions only 10 s apart stay ₱20", async () => {
    const { customer, deliveryId, actor } = await assignedScene();
    const start = Date.now();
    await runInDurableObject(room(deliveryId), async (instance) => {
      await at(start, () => instance.publishLocation(deliveryId, actor, AT_PICKUP));
      await at(start + 10_000, () => instance.publishLocation(deliveryId, actor, AT_PICKUP));
    });
    expect(await evidence(deliveryId)).toEqual({ first: start, confirmed: null });
    expect(await fee(deliveryId, customer.cookie)).toBe(20);
  });

  it("positions away from the pickup count for nothing; a release clears the evidence", async () => {
    const { customer, rider, deliveryId, actor } = await assignedScene();
    const start = Date.now();
    await runInDurableObject(room(deliveryId), async (instance) => {
      await at(start, () => instance.publishLocation(deliveryId, actor, AWAY));
      await at(start + 30_000, () => instance.publishLocation(deliveryId, actor, AWAY));
    });
    expect(await evidence(deliveryId)).toEqual({ first: null, confirmed: null });
    await runInDurableObject(room(deliveryId), async (instance) => {
      await at(start + 31_000, () => instance.publishLocation(deliveryId, actor, AT_PICKUP));
      await at(start + 52_000, () => instance.publishLocation(deliveryId, actor, AT_PICKUP));
    });
    expect(await evidence(deliveryId)).toEqual({ first: start + 31_000, confirmed: start + 52_000 });
    expect(await fee(deliveryId, customer.cookie)).toBe(50);
    expect((await api(`/api/deliveries/${deliveryId}/release`, { cookie: rider.cookie, method: "POST" })).status).toBe(
      200,
    );
    expect(await evidence(deliveryId)).toEqual({ first: null, confirmed: null });
  });
});
