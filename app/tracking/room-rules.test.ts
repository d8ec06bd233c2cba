import { describe, expect, it } from "vitest";
import { ROOM_CLOSE_REASONS, TRACKING_ERRORS } from "./channel-messages";
import {
  BURST_UPDATES,
  CLEANUP_AFTER_END_MS,
  decideLocationUpdate,
  spendToken,
  tokensAt,
  type UpdateBucket,
  FloodGuard,
  flushDueAt,
  flushPhaseOf,
  hiddenReason,
  isFlushDue,
  nextAlarmAt,
  PERSIST_INTERVAL_MS,
  SESSION_CHECK_INTERVAL_MS,
  ALARM_SLACK_MS,
} from "./room-rules";

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

  it("accepts a burst of 3, then one per second, counted from accepted updates only", () => {
    let bucket: UpdateBucket | null = null;
    for (let i = 0; i < 3; i++) {
      expect(decideLocationUpdate(rider, assigned, bucket, T + i)).toEqual({ ok: true });
      bucket = spendToken(bucket, T + i);
    }
    expect(decideLocationUpdate(rider, assigned, bucket, T + 3)).toMatchObject({ ok: false, reason: "tooFrequent" });
    expect(decideLocationUpdate(rider, assigned, bucket, T + 998)).toMatchObject({ ok: false, reason: "tooFrequent" });
    // A refused update takes no token, so it never delays the next one.
    expect(decideLocationUpdate(rider, assigned, bucket, T + 1002)).toEqual({ ok: true });
    bucket = spendToken(bucket, T + 1002);
    expect(decideLocationUpdate(rider, assigned, bucket, T + 1500)).toMatchObject({ ok: false, reason: "tooFrequent" });
  });

  it("refills at one per second up to 3, and a steady rider at 1/s is never refused", () => {
    let bucket: UpdateBucket | null = spendToken(spendToken(spendToken(null, T), T), T);
    expect(tokensAt(bucket, T)).toBe(0);
    expect(tokensAt(bucket, T + 2500)).toBe(2.5);
    expect(tokensAt(bucket, T + 60_000)).toBe(BURST_UPDATES);
    bucket = null;
    for (let i = 0; i < 100; i++) {
      // a client one second apart, with up to 30 ms of transit jitter either way
      const at = T + i * 1000 + (i % 2 === 0 ? 30 : -30);
      expect(decideLocationUpdate(rider, assigned, bucket, at)).toEqual({ ok: true });
      bucket = spendToken(bucket, at);
    }
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
  const live = { endedAt: null, unsavedSince: null, live: true };

  it("re-checks sessions as a backstop (at least every 30 s) while the room holds sockets", () => {
    // Changes made through the app reach the room at once (room-rights.test.ts); this is for the rest.
    expect(nextAlarmAt(live, T)).toBe(T + SESSION_CHECK_INTERVAL_MS);
    expect(SESSION_CHECK_INTERVAL_MS).toBeLessThanOrEqual(30_000);
  });

  it("comes when the first open socket's session expires", () => {
    expect(nextAlarmAt({ ...live, sessionExpiresAt: T + 2_000 }, T)).toBe(T + 2_000);
    expect(nextAlarmAt({ ...live, sessionExpiresAt: T + 60_000 }, T)).toBe(T + SESSION_CHECK_INTERVAL_MS);
    expect(nextAlarmAt({ ...live, live: false, sessionExpiresAt: T + 2_000 }, T)).toBeNull();
  });

  it("never leaves a position unsaved for more than 30 s (docs/guide/deliveries.md#live-tracking)", () => {
    expect(PERSIST_INTERVAL_MS).toBeLessThanOrEqual(30_000);
    const phaseOfASlotAt = (at: number) => at % PERSIST_INTERVAL_MS;
    expect(nextAlarmAt({ ...live, unsavedSince: T - 9_000, flushPhaseMs: phaseOfASlotAt(T + 1_000) }, T)).toBe(
      T + 1_000,
    );
    expect(nextAlarmAt({ ...live, live: false, unsavedSince: T, flushPhaseMs: phaseOfASlotAt(T) }, T)).toBe(
      T + PERSIST_INTERVAL_MS,
    );
  });

  it("stops when nothing can change: no sockets and nothing unsaved", () => {
    expect(nextAlarmAt({ ...live, live: false }, T)).toBeNull();
  });

  it("cleans up some hours after the delivery ended", () => {
    const ended = { endedAt: T, unsavedSince: null, live: false };
    expect(nextAlarmAt(ended, T + 1000)).toBe(T + CLEANUP_AFTER_END_MS);
    expect(nextAlarmAt({ ...ended, unsavedSince: T, flushPhaseMs: T % PERSIST_INTERVAL_MS }, T + 1000)).toBe(
      T + PERSIST_INTERVAL_MS,
    );
    expect(nextAlarmAt({ ...ended, live: true }, T + 1000)).toBe(T + 1000 + SESSION_CHECK_INTERVAL_MS);
  });
});

describe("flushDueAt and flushPhaseOf: each room writes D1 at its own phase", () => {
  it("writes within PERSIST_INTERVAL_MS of a position left unsaved, at any phase", () => {
    for (let i = 0; i < 2_000; i++) {
      const unsavedSince = T + Math.floor(Math.random() * 1e9);
      const phase = Math.floor(Math.random() * PERSIST_INTERVAL_MS);
      const due = flushDueAt(unsavedSince, phase);
      expect(due).toBeGreaterThan(unsavedSince);
      expect(due).toBeLessThanOrEqual(unsavedSince + PERSIST_INTERVAL_MS);
      expect((((due - phase) % PERSIST_INTERVAL_MS) + PERSIST_INTERVAL_MS) % PERSIST_INTERVAL_MS).toBe(0);
    }
  });

  it("costs a rider publishing every second one write per interval", () => {
    const phase = flushPhaseOf("delivery-42");
    const writes: number[] = [];
    let unsavedSince: number | null = null;
    for (let now = T; now < T + 60_000; now += 1_000) {
      if (unsavedSince !== null && now >= flushDueAt(unsavedSince, phase)) {
        writes.push(now);
        unsavedSince = null;
      }
      unsavedSince ??= now; // the position published at `now`
    }
    const gaps = writes.slice(1).map((at, i) => at - writes[i]!);
    expect(new Set(gaps)).toEqual(new Set([PERSIST_INTERVAL_MS]));
  });

  it("spreads 200 rooms that started together over the interval (no tenth of it holds twice its share)", () => {
    const perTenth = new Array(10).fill(0);
    for (let i = 0; i < 200; i++)
      perTenth[Math.floor((flushPhaseOf(`bench-delivery-${i}`) / PERSIST_INTERVAL_MS) * 10)]++;
    for (let i = 0; i < 200; i++) expect(flushPhaseOf(`bench-delivery-${i}`)).toBe(flushPhaseOf(`bench-delivery-${i}`));
    expect(Math.max(...perTenth)).toBeLessThan((2 * 200) / perTenth.length);
    expect(Math.min(...perTenth)).toBeGreaterThan(0);
  });
});

describe("isFlushDue", () => {
  const live = { endedAt: null, unsavedSince: T, live: true, flushPhaseMs: T % PERSIST_INTERVAL_MS };

  it("writes a position once it is (nearly) PERSIST_INTERVAL_MS unsaved, or when no further alarm is coming", () => {
    expect(isFlushDue({ ...live, unsavedSince: null }, T)).toBe(false);
    expect(isFlushDue(live, T + 3_000)).toBe(false);
    expect(isFlushDue(live, T + PERSIST_INTERVAL_MS - ALARM_SLACK_MS - 1)).toBe(false);
    expect(isFlushDue(live, T + PERSIST_INTERVAL_MS - ALARM_SLACK_MS)).toBe(true);
    expect(isFlushDue({ ...live, live: false }, T)).toBe(true);
  });
});

describe("hiddenReason", () => {
  it("tells a rider the delivery was taken, anyone the delivery was cancelled", () => {
    const rider = { userId: "b", role: "rider" as const };
    expect(hiddenReason(rider, { status: "assigned", riderId: "a" })).toBe(ROOM_CLOSE_REASONS.takenByAnotherRider);
    expect(hiddenReason(rider, { status: "cancelled", riderId: null })).toBe(ROOM_CLOSE_REASONS.cancelled);
    expect(hiddenReason({ userId: "c", role: "user" }, { status: "pending", riderId: null })).toBe(
      ROOM_CLOSE_REASONS.noLongerVisible,
    );
  });
});
