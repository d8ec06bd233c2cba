import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveries, users } from "~/db/schema";
import { WRITE_GATHER_MS } from "../../workers/position-writer";
import type { PositionWrite } from "../../workers/room/positions";
import { db, signedIn } from "./helpers";
import { createDelivery } from "./room-fixtures";

/** A writer of its own per test (the rooms share the one named POSITION_WRITER_NAME). */
const writer = () => env.POSITION_WRITER.get(env.POSITION_WRITER.idFromName(`test-${crypto.randomUUID()}`));
const deliveryRow = async (id: string) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
const riderRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

async function inTransit(riderId?: string) {
  const customer = await signedIn("user");
  const rider = riderId ?? (await signedIn("rider")).user.id;
  const deliveryId = await createDelivery(customer.user.id, rider, "in_transit");
  return { deliveryId, riderId: rider };
}

describe("the position writer (decision 0199)", () => {
  it("gathers several rooms' positions and answers each room once D1 has its position", async () => {
    const a = await inTransit();
    const b = await inTransit();
    const at = Date.now();
    const positions = writer();
    const writes = [
      positions.write({ ...a, latitude: 14.601, longitude: 121.001, at }),
      positions.write({ ...b, latitude: 14.602, longitude: 121.002, at: at + 1 }),
    ];
    // Still gathering: nothing in D1 yet.
    await new Promise((resolve) => setTimeout(resolve, WRITE_GATHER_MS / 4));
    expect((await deliveryRow(a.deliveryId)).riderLatitude).toBeNull();

    await Promise.all(writes);
    expect(await deliveryRow(a.deliveryId)).toMatchObject({ riderLatitude: 14.601, riderLongitude: 121.001, riderLocatedAt: new Date(at) });
    expect(await deliveryRow(b.deliveryId)).toMatchObject({ riderLatitude: 14.602, riderLongitude: 121.002, riderLocatedAt: new Date(at + 1) });
    expect(await riderRow(a.riderId)).toMatchObject({ lastLatitude: 14.601, lastLongitude: 121.001, lastLocatedAt: new Date(at) });
    expect(await riderRow(b.riderId)).toMatchObject({ lastLatitude: 14.602, lastLongitude: 121.002, lastLocatedAt: new Date(at + 1) });
  });

  it("writes at once when asked (a status change, the alarm), taking what was gathered along", async () => {
    const a = await inTransit();
    const b = await inTransit();
    const positions = writer();
    const startedAt = Date.now();
    const gathered = positions.write({ ...a, latitude: 14.611, longitude: 121.011, at: startedAt });
    await positions.write({ ...b, latitude: 14.612, longitude: 121.012, at: startedAt }, true);
    expect(Date.now() - startedAt).toBeLessThan(WRITE_GATHER_MS);
    expect((await deliveryRow(b.deliveryId)).riderLatitude).toBe(14.612);
    expect((await deliveryRow(a.deliveryId)).riderLatitude).toBe(14.611);
    await gathered;
  });

  it("leaves a rider with the newest of their positions when two of their deliveries' meet in one batch", async () => {
    const first = await inTransit();
    const second = await inTransit(first.riderId);
    const at = Date.now();
    const positions = writer();
    await Promise.all([
      positions.write({ ...first, latitude: 14.622, longitude: 121.022, at: at + 5_000 }),
      positions.write({ ...second, latitude: 14.621, longitude: 121.021, at }),
    ]);
    expect((await deliveryRow(first.deliveryId)).riderLatitude).toBe(14.622);
    expect((await deliveryRow(second.deliveryId)).riderLatitude).toBe(14.621);
    expect(await riderRow(first.riderId)).toMatchObject({ lastLatitude: 14.622, lastLocatedAt: new Date(at + 5_000) });
  });

  it("keeps a delivery's newer position over an older one sent meanwhile, and answers both", async () => {
    const a = await inTransit();
    const at = Date.now();
    const positions = writer();
    await Promise.all([
      positions.write({ ...a, latitude: 14.632, longitude: 121.032, at: at + 1_000 }),
      positions.write({ ...a, latitude: 14.631, longitude: 121.031, at }),
    ]);
    expect(await deliveryRow(a.deliveryId)).toMatchObject({ riderLatitude: 14.632, riderLocatedAt: new Date(at + 1_000) });
  });

  it("refuses what is not a position, leaving D1 and the positions gathered beside it alone", async () => {
    const a = await inTransit();
    const positions = writer();
    const at = Date.now();
    const valid = positions.write({ ...a, latitude: 14.641, longitude: 121.041, at });
    const invalid: PositionWrite[] = [
      { ...a, latitude: Number.NaN, longitude: 121, at },
      { ...a, riderId: "", latitude: 14.6, longitude: 121, at },
      { ...a, latitude: "14.6" as unknown as number, longitude: 121, at },
      null as unknown as PositionWrite,
    ];
    for (const position of invalid) {
      const outcome = await positions.write(position, true).then(
        () => "written",
        (error: Error) => error.message,
      );
      expect(outcome).toBe("PositionWriter: not a position");
    }
    await valid;
    expect(await deliveryRow(a.deliveryId)).toMatchObject({ riderLatitude: 14.641, riderLongitude: 121.041 });
  });
});
