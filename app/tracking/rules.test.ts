import { describe, expect, it } from "vitest";
import { TRACKING_ERRORS } from "./messages";
import { CLEANUP_AFTER_END_MS, decideLocationUpdate, FloodGuard, nextAlarmAt, PERSIST_INTERVAL_MS, PERSIST_JITTER_MS } from "./rules";

const rider = { userId: "rider-1", role: "rider" as const };
const assigned = { status: "assigned" as const, riderId: "rider-1" };
const T = 1_700_000_000_000;

describe("decideLocationUpdate", () => {
  it("accepts the assigned rider while assigned, picked up or in transit", () => {
    for (const status of ["assigned", "picked_up", "in_transit"] as const) {
      expect(decideLocationUpdate(rider, { status, riderId: "rider-1" }, null, T)).toEqual({ ok: true });
    }
  });

  it("refuses anyone but the assigned rider", () => {
    const refusal = { ok: false, reason: "notAssignedRider", message: TRACKING_ERRORS.notAssignedRider };
    expect(decideLocationUpdate({ userId: "rider-2", role: "rider" }, assigned, null, T)).toEqual(refusal);
    expect(decideLocationUpdate({ userId: "rider-1", role: "user" }, assigned, null, T)).toEqual(refusal);
    expect(decideLocationUpdate({ userId: "admin-1", role: "admin" }, assigned, null, T)).toEqual(refusal);
    expect(decideLocationUpdate(rider, { status: "pending", riderId: null }, null, T)).toEqual(refusal);
  });

  it("refuses the assigned rider outside assigned, picked up and in transit", () => {
    for (const status of ["delivered", "cancelled"] as const) {
      expect(decideLocationUpdate(rider, { status, riderId: "rider-1" }, null, T)).toEqual({
        ok: false,
        reason: "notTrackable",
        message: TRACKING_ERRORS.notTrackable,
      });
    }
  });

  it("allows one update per second, measured from the last accepted one", () => {
    expect(decideLocationUpdate(rider, assigned, T, T + 999)).toMatchObject({ ok: false, reason: "tooFrequent" });
    expect(decideLocationUpdate(rider, assigned, T, T + 1000)).toEqual({ ok: true });
    // A refused update is not stored by the caller, so it never delays the next one.
    expect(decideLocationUpdate(rider, assigned, T, T + 1500)).toEqual({ ok: true });
  });
});

describe("FloodGuard", () => {
  it("trips on the 21st message within 10 seconds", () => {
    const guard = new FloodGuard();
    for (let i = 0; i < 20; i++) expect(guard.hit(T + i * 100)).toBe(false);
    expect(guard.hit(T + 2000)).toBe(true);
  });

  it("forgets messages older than the window", () => {
    const guard = new FloodGuard();
    for (let i = 0; i < 20; i++) guard.hit(T + i * 100);
    expect(guard.hit(T + 10_000)).toBe(false); // the first one left the window
    expect(guard.hit(T + 10_050)).toBe(true);
  });

  it("lets a rider publishing once a second run forever", () => {
    const guard = new FloodGuard();
    for (let i = 0; i < 600; i++) expect(guard.hit(T + i * 1000)).toBe(false);
  });
});

describe("nextAlarmAt", () => {
  const live = { status: "in_transit" as const, endedAt: null, unsavedSince: null, live: true };

  it("repeats every 30 s (less a jitter) while a trackable delivery has sockets", () => {
    expect(nextAlarmAt(live, T)).toBe(T + PERSIST_INTERVAL_MS);
    expect(nextAlarmAt(live, T, 3_000)).toBe(T + PERSIST_INTERVAL_MS - 3_000);
    expect(nextAlarmAt(live, T, 60_000)).toBe(T + PERSIST_INTERVAL_MS - PERSIST_JITTER_MS);
  });

  it("never leaves a position unsaved for more than 30 s", () => {
    expect(nextAlarmAt({ ...live, unsavedSince: T - 20_000 }, T)).toBe(T + 10_000);
    expect(nextAlarmAt({ ...live, live: false, unsavedSince: T }, T)).toBe(T + PERSIST_INTERVAL_MS);
  });

  it("stops when nothing can change: no sockets and nothing unsaved, or a delivery not in progress", () => {
    expect(nextAlarmAt({ ...live, live: false }, T)).toBeNull();
    expect(nextAlarmAt({ ...live, status: "pending" }, T)).toBeNull();
  });

  it("cleans up some hours after the delivery ended", () => {
    const ended = { status: "delivered" as const, endedAt: T, unsavedSince: null, live: true };
    expect(nextAlarmAt(ended, T + 1000)).toBe(T + CLEANUP_AFTER_END_MS);
    expect(nextAlarmAt({ ...ended, unsavedSince: T }, T + 1000)).toBe(T + PERSIST_INTERVAL_MS);
  });
});
