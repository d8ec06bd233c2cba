import { describe, expect, it } from "vitest";
import { clientMessageSchema, isOversized, MAX_MESSAGE_BYTES, parseClientMessage, TRACKING_ERRORS, validLocationUpdate } from "./channel-messages";

describe("parseClientMessage", () => {
  it("accepts the spec's three client messages", () => {
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
    for (const [latitude, longitude] of [[-90, -180], [90, 180], [0, 0]]) {
      expect(parseClientMessage(JSON.stringify({ type: "location_update", deliveryId: "d", latitude, longitude })).ok).toBe(true);
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
    expect(parseClientMessage(JSON.stringify({ type: "hello" }))).toEqual({ ok: false, error: TRACKING_ERRORS.unsupported });
    expect(parseClientMessage(JSON.stringify({ type: "subscribe" }))).toEqual({ ok: false, error: TRACKING_ERRORS.unsupported });
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
    expect(validLocationUpdate(cases[1])).toEqual({ type: "location_update", deliveryId: "d-1", latitude: -90, longitude: 180, riderId: "r-1" });
  });
});
