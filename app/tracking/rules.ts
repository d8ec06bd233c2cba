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

/**
 * When the room's single alarm should next fire: the pending D1 write of an unsaved position
 * (PERSIST_INTERVAL_MS after it was first left unsaved) or the cleanup after the delivery ended,
 * whichever comes first; null when neither is due.
 */
export function nextAlarmAt(unsavedSince: number | null, endedAt: number | null): number | null {
  const candidates = [
    unsavedSince === null ? null : unsavedSince + PERSIST_INTERVAL_MS,
    endedAt === null ? null : endedAt + CLEANUP_AFTER_END_MS,
  ].filter((t): t is number => t !== null);
  return candidates.length === 0 ? null : Math.min(...candidates);
}
