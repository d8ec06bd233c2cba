import { describe, expect, it } from "vitest";
import { DELIVERY_STATUSES, type DeliveryStatus } from "~/db/schema";
import { translateMessage } from "~/i18n/i18n.server";
import {
  cancellationFee,
  findTransition,
  isAllowedTransition,
  isAtPickup,
  riderActions,
  transitionRefusal,
} from "./state-machine";

const ALLOWED = new Set([
  "pending>assigned",
  "assigned>picked_up",
  "picked_up>in_transit",
  "picked_up>delivered",
  "in_transit>delivered",
  "pending>cancelled",
  "assigned>cancelled",
  "picked_up>returning",
  "in_transit>returning",
  "returning>returned",
]);

describe("delivery state machine", () => {
  it("allows exactly the ten steps of the lifecycle table (docs/guide/deliveries.md#state-machine) among all 64 pairs", () => {
    const allowed: string[] = [];
    for (const from of DELIVERY_STATUSES) {
      for (const to of DELIVERY_STATUSES) {
        if (isAllowedTransition(from, to)) allowed.push(`${from}>${to}`);
      }
    }
    expect(new Set(allowed)).toEqual(ALLOWED);
  });

  it("names who takes each step", () => {
    expect(findTransition("pending", "assigned")?.by).toBe("accepting_rider");
    expect(findTransition("in_transit", "delivered")?.by).toBe("assigned_rider");
    expect(findTransition("assigned", "cancelled")?.by).toBe("customer_or_admin");
    expect(findTransition("delivered", "cancelled")).toBeNull();
    expect(findTransition("in_transit", "returning")?.by).toBe("assigned_rider");
    expect(findTransition("returning", "returned")?.by).toBe("assigned_rider");
    expect(findTransition("returned", "returning")).toBeNull();
  });

  it("refuses with a 409 naming both statuses by the badges' words, in the reader's language", () => {
    const said = (refusal: ReturnType<typeof transitionRefusal>, language: "en" | "fil") =>
      translateMessage(language, refusal.descriptor);
    expect(transitionRefusal("picked_up", "assigned").status).toBe(409);
    expect(said(transitionRefusal("picked_up", "assigned"), "en")).toBe(
      "Cannot change a delivery from Picked Up to Assigned",
    );
    expect(said(transitionRefusal("in_transit", "pending"), "en")).toBe(
      "Cannot change a delivery from In Transit to Pending",
    );
    expect(said(transitionRefusal("assigned", "in_transit"), "fil")).toBe(
      "Hindi mapapalitan ang delivery mula May rider na papuntang Papunta na",
    );
  });

  it("offers Confirm Pickup from assigned and Mark Delivered from picked_up or in_transit, nothing else", () => {
    const labels = (status: DeliveryStatus) => riderActions(status).map((a) => a.label);
    expect(labels("assigned")).toEqual(["Confirm Pickup"]);
    expect(labels("picked_up")).toEqual(["Mark Delivered"]);
    expect(labels("in_transit")).toEqual(["Mark Delivered"]);
    expect(labels("pending")).toEqual([]);
    expect(labels("delivered")).toEqual([]);
    expect(labels("cancelled")).toEqual([]);
  });
});

describe("cancellation fee", () => {
  const booked = Date.parse("2026-03-10T04:00:00Z");
  const pickup = { latitude: 14.55, longitude: 121.03 };
  const far = { latitude: 14.56, longitude: 121.03 }; // about 1.1 km north
  const near = { latitude: 14.5505, longitude: 121.03 }; // about 56 m north
  const minutes = (n: number) => booked + n * 60_000;
  const arrived = { pickupArrivalConfirmedAt: minutes(2.5), pickupPrecise: true };
  const notArrived = { pickupArrivalConfirmedAt: null, pickupPrecise: true };

  it("is free while pending, even long after booking", () => {
    expect(cancellationFee({ status: "pending", createdAt: booked, ...notArrived, now: minutes(60) })).toBe(0);
  });

  it("is free within 2 minutes of booking, even with a rider assigned who has arrived", () => {
    expect(cancellationFee({ status: "assigned", createdAt: booked, ...arrived, now: minutes(2) })).toBe(0);
  });

  // Rule changed by decision 0217 (docs/guide/money.md#cancellation-fees): the ₱50 fee rests on the
  // server's confirmed arrival at a precise pickup, no longer on the rider's last position.
  it("is ₱20 once a rider is assigned after 2 minutes, ₱50 once the server confirmed their arrival at a precise pickup", () => {
    expect(cancellationFee({ status: "assigned", createdAt: booked, ...notArrived, now: minutes(3) })).toBe(2000);
    expect(cancellationFee({ status: "assigned", createdAt: booked, ...arrived, now: minutes(3) })).toBe(5000);
    expect(
      cancellationFee({
        status: "assigned",
        createdAt: booked,
        pickupArrivalConfirmedAt: minutes(2.5),
        pickupPrecise: false,
        now: minutes(3),
      }),
    ).toBe(2000);
  });

  it("counts a position within 100 m of the pickup as at the pickup", () => {
    expect(isAtPickup(pickup, near)).toBe(true);
    expect(isAtPickup(pickup, far)).toBe(false);
    expect(isAtPickup(pickup, null)).toBe(false);
    expect(isAtPickup({ latitude: undefined, longitude: undefined }, near)).toBe(false);
  });

  it("is impossible after pickup", () => {
    for (const status of ["picked_up", "in_transit", "delivered", "cancelled"] as const) {
      expect(cancellationFee({ status, createdAt: booked, ...arrived, now: minutes(1) })).toBeNull();
    }
  });
});
