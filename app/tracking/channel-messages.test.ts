import { describe, expect, it } from "vitest";
import { seededRandom } from "../../test/seeded-random";
import {
  clientMessageSchema,
  isOversized,
  isoTimestamp,
  MAX_MESSAGE_BYTES,
  parseClientMessage,
  TRACKING_ERRORS,
  validLocationUpdate,
} from "./channel-messages";

describe("parseClientMessage", () => {
  it("accepts the three client messages", () => {
    expect(parseClientMessage(JSON.stringify({ type: "subscribe", deliveryId: "d1", userId: "u1" }))).toEqual({
      ok: true,
      message: { type: "subscribe", deliveryId: "d1", userId: "u1" },
    });
    expect(parseClientMessage(JSON.stringify({ type: "unsubscribe", deliveryId: "d1" }))).toEqual({
      ok: true,
      message: { type: "unsubscribe", deliveryId: "d1" },
    });
    const update = { type: "location_update", deliveryId: "d1", latitude: 14.5995, longitude: 120.9842, riderId: "r1" };
    expect(parseClientMessage(JSON.stringify(update))).toEqual({ ok: true, message: update });
  });

  it("accepts the edges of the coordinate ranges", () => {
    for (const [latitude, longitude] of [
      [-90, -180],
      [90, 180],
      [0, 0],
    ]) {
      expect(
        parseClientMessage(JSON.stringify({ type: "location_update", deliveryId: "d", latitude, longitude })).ok,
      ).toBe(true);
    }
  });

  it("refuses out-of-range or non-numeric coordinates with a message naming the coordinate", () => {
    const at = (latitude: unknown, longitude: unknown) =>
      parseClientMessage(JSON.stringify({ type: "location_update", deliveryId: "d", latitude, longitude }));
    expect(at(90.0001, 120)).toEqual({ ok: false, error: TRACKING_ERRORS.latitude });
    expect(at(-91, 120)).toEqual({ ok: false, error: TRACKING_ERRORS.latitude });
    expect(at("14.5", 120)).toEqual({ ok: false, error: TRACKING_ERRORS.latitude });
    expect(at(14.5, 180.5)).toEqual({ ok: false, error: TRACKING_ERRORS.longitude });
    expect(at(14.5, null)).toEqual({ ok: false, error: TRACKING_ERRORS.longitude });
    // NaN and Infinity do not survive JSON; they arrive as null.
    expect(at(Number.POSITIVE_INFINITY, 120)).toEqual({ ok: false, error: TRACKING_ERRORS.latitude });
  });

  it("refuses bad JSON, unknown types and missing delivery ids", () => {
    expect(parseClientMessage("{not json")).toEqual({ ok: false, error: TRACKING_ERRORS.invalidJson });
    expect(parseClientMessage(JSON.stringify({ type: "hello" }))).toEqual({
      ok: false,
      error: TRACKING_ERRORS.unsupported,
    });
    expect(parseClientMessage(JSON.stringify({ type: "subscribe" }))).toEqual({
      ok: false,
      error: TRACKING_ERRORS.unsupported,
    });
    expect(parseClientMessage("[]")).toEqual({ ok: false, error: TRACKING_ERRORS.unsupported });
  });
});

describe("isOversized", () => {
  it("counts UTF-8 bytes against the 4 KB limit", () => {
    expect(isOversized("a".repeat(MAX_MESSAGE_BYTES))).toBe(false);
    expect(isOversized("a".repeat(MAX_MESSAGE_BYTES + 1))).toBe(true);
    // "₱" is 3 bytes in UTF-8: 1366 of them are 4098 bytes in 1366 characters.
    expect(isOversized("₱".repeat(1365))).toBe(false);
    expect(isOversized("₱".repeat(1366))).toBe(true);
    expect(isOversized(new ArrayBuffer(MAX_MESSAGE_BYTES + 1))).toBe(true);
  });
});

describe("validLocationUpdate (the room's hand-written fast path)", () => {
  const cases: unknown[] = [
    { type: "location_update", deliveryId: "d-1", latitude: 14.6, longitude: 121 },
    { type: "location_update", deliveryId: "d-1", latitude: -90, longitude: 180, riderId: "r-1", extra: true },
    { type: "location_update", deliveryId: "d-1", latitude: 90.0001, longitude: 121 },
    { type: "location_update", deliveryId: "d-1", latitude: 14.6, longitude: -180.5 },
    { type: "location_update", deliveryId: "d-1", latitude: "14.6", longitude: 121 },
    { type: "location_update", deliveryId: "", latitude: 14.6, longitude: 121 },
    { type: "location_update", deliveryId: "x".repeat(65), latitude: 14.6, longitude: 121 },
    { type: "location_update", deliveryId: "d-1", latitude: 14.6, longitude: 121, riderId: null },
    { type: "location_update", deliveryId: "d-1", latitude: 14.6, longitude: 121, riderId: "r".repeat(129) },
    { type: "location_update", latitude: 14.6, longitude: 121 },
    { type: "subscribe", deliveryId: "d-1" },
    [],
    null,
    42,
  ];

  it("accepts exactly what the schema accepts, with the same result", () => {
    for (const data of cases) {
      const parsed = clientMessageSchema.safeParse(data);
      const fast = validLocationUpdate(data);
      if (fast) expect(parsed).toEqual({ success: true, data: fast });
      else if (parsed.success) expect(parsed.data.type).not.toBe("location_update");
    }
    expect(validLocationUpdate(cases[1])).toEqual({
      type: "location_update",
      deliveryId: "d-1",
      latitude: -90,
      longitude: 180,
      riderId: "r-1",
    });
  });
});

describe("isoTimestamp", () => {
  it("writes what Date's toISOString writes, for any time, in any order", () => {
    const edges = [
      0, 1, 999, 1000, 59_999, 3_599_999, 86_399_999, 86_400_000, -1, -86_400_001, 951_782_400_000, 1_798_761_599_999,
      1_798_761_600_000,
    ];
    const extremes = [
      -62_135_596_800_000, 253_402_300_799_999, -62_135_596_800_001, 253_402_300_800_000, 8.64e15, -8.64e15,
    ];
    const random = seededRandom(28);
    const now = Date.UTC(2026, 10, 27);
    const near = Array.from({ length: 2_000 }, () => now + random.int(-2 * 86_400_000, 2 * 86_400_000));
    const anywhere = Array.from({ length: 2_000 }, () => Math.floor((random.next() - 0.5) * 2 * 253_402_300_799_999));
    for (const ms of [...edges, ...extremes, ...near, ...anywhere, ...near.reverse()]) {
      expect(isoTimestamp(ms), String(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it("answers what Date answers for what is not a whole time in range", () => {
    expect(isoTimestamp(1.5)).toBe(new Date(1.5).toISOString());
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError);
    expect(() => isoTimestamp(8.64e15 + 1)).toThrow(RangeError);
  });
});
