import type { DeliveryStatus, Role } from "~/db/schema";
import { isTrackable, TRACKING_ERRORS } from "./messages";

/** Pure rules of the delivery room: who may publish a position, how often, and what is abuse. */

export const MIN_UPDATE_INTERVAL_MS = 1000;
export const FLOOD_WINDOW_MS = 10_000;
export const FLOOD_MAX_MESSAGES = 20;
/** The room writes the last position to D1 at least this often (and on every status change). */
export const PERSIST_INTERVAL_MS = 30_000;
/** A room clears its storage this long after its delivery ended (delivered or cancelled). */
export const CLEANUP_AFTER_END_MS = 6 * 60 * 60 * 1000;

export interface Actor {
  userId: string;
  role: Role;
}

export interface RoomDelivery {
  status: DeliveryStatus;
  riderId: string | null;
}

/**
 * Why an update was refused; the HTTP fallback maps these to status codes:
 * notAssignedRider 403, notTrackable 409, tooFrequent 429.
 */
export type RefusalReason = "notAssignedRider" | "notTrackable" | "tooFrequent";

export type LocationDecision = { ok: true } | { ok: false; reason: RefusalReason; message: string };

const refuse = (reason: RefusalReason): LocationDecision => ({ ok: false, reason, message: TRACKING_ERRORS[reason] });

/**
 * Whether `actor` may publish a position now. Coordinates are validated by the message schema
 * before this. Refused updates do not move `lastAcceptedAt` (the caller only stores it on ok).
 */
export function decideLocationUpdate(
  actor: Actor,
  delivery: RoomDelivery,
  lastAcceptedAt: number | null,
  now: number,
): LocationDecision {
  if (actor.role !== "rider" || delivery.riderId === null || delivery.riderId !== actor.userId) return refuse("notAssignedRider");
  if (!isTrackable(delivery.status)) return refuse("notTrackable");
  if (lastAcceptedAt !== null && now - lastAcceptedAt < MIN_UPDATE_INTERVAL_MS) return refuse("tooFrequent");
  return { ok: true };
}

/**
 * Per-socket flood guard: more than FLOOD_MAX_MESSAGES messages within FLOOD_WINDOW_MS is abuse.
 * Counts every message, accepted or not (unlike the one-per-second location limit).
 */
export class FloodGuard {
  private readonly times: number[] = [];

  constructor(
    private readonly max = FLOOD_MAX_MESSAGES,
    private readonly windowMs = FLOOD_WINDOW_MS,
  ) {}

  /** Records a message at `now`; true when this message goes over the limit. */
  hit(now: number): boolean {
    while (this.times.length > 0 && now - this.times[0]! >= this.windowMs) this.times.shift();
    this.times.push(now);
    return this.times.length > this.max;
  }
}

/** Alarms of many rooms are spread over this much time before PERSIST_INTERVAL_MS. */
export const PERSIST_JITTER_MS = 5_000;

export interface AlarmInputs {
  status: DeliveryStatus;
  endedAt: number | null;
  /** Since when the latest position is not in D1 (null: D1 is up to date). */
  unsavedSince: number | null;
  /** Whether the room has open sockets (positions may keep coming). */
  live: boolean;
}

/**
 * When the room's single alarm should next fire, at `now` (null: no alarm). After the delivery
 * ended: the cleanup, CLEANUP_AFTER_END_MS after the end. Before: every PERSIST_INTERVAL_MS
 * (less a jitter in [0, PERSIST_JITTER_MS) so rooms do not all write at once) while positions may
 * come in or one is unsaved, so an accepted position reaches D1 within PERSIST_INTERVAL_MS without
 * arming an alarm on every update; never later than PERSIST_INTERVAL_MS after `unsavedSince`.
 */
export function nextAlarmAt(inputs: AlarmInputs, now: number, jitter = 0): number | null {
  if (inputs.endedAt !== null) {
    const cleanup = inputs.endedAt + CLEANUP_AFTER_END_MS;
    return inputs.unsavedSince === null ? cleanup : Math.min(cleanup, inputs.unsavedSince + PERSIST_INTERVAL_MS);
  }
  const watching = inputs.live && isTrackable(inputs.status);
  if (!watching && inputs.unsavedSince === null) return null;
  const periodic = now + PERSIST_INTERVAL_MS - Math.min(Math.max(jitter, 0), PERSIST_JITTER_MS);
  return inputs.unsavedSince === null ? periodic : Math.min(periodic, inputs.unsavedSince + PERSIST_INTERVAL_MS);
}
