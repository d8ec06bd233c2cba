import type { DeliveryStatus, Role } from "~/db/schema";
import { isTrackable, ROOM_CLOSE_REASONS, TRACKING_ERRORS } from "./channel-messages";

/** Pure rules of the delivery room: who may publish a position, how often, and what is abuse. */

/** The bucket of location updates: BURST_UPDATES at once, then one more every MIN_UPDATE_INTERVAL_MS. */
const MIN_UPDATE_INTERVAL_MS = 1000;
export const BURST_UPDATES = 3;
const FLOOD_WINDOW_MS = 10_000;
const FLOOD_MAX_MESSAGES = 20;
/**
 * An accepted position reaches D1 (and the room's storage) at most this long after it was accepted:
 * the guide's "at least every 30 s" (docs/guide/deliveries.md#live-tracking). (It was 10 s; locally a D1 write is most of what a room adds to
 * a bare Durable Object echo per update, decision 0214. Viewers get positions from the room, not D1.)
 */
export const PERSIST_INTERVAL_MS = 30_000;
/**
 * The longest a socket waits for its room to re-read its session and user from D1 once (the review
 * of what raced the upgrade). Every change made through the app is told to the room at once
 * (logout, deactivation, role change, suspension), the room closes a socket itself when its session
 * expires, and what goes around the app is found by the minute cron over `room_sessions`
 * (decision 0214).
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
/** A socket's one review comes this long after it joined (sockets joining together share it). */
export const FIRST_REVIEW_AFTER_MS = 5_000;
/**
 * An alarm that runs for one reason also does what would fall due within this much after it (a
 * flush, a review), instead of arming another alarm for it.
 */
export const ALARM_SLACK_MS = 3_000;
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
 * A delivery's token bucket of location updates (docs/guide/deliveries.md#live-tracking): `tokens` left at
 * time `at`. It holds BURST_UPDATES and gains one every MIN_UPDATE_INTERVAL_MS, so a rider back
 * from a dead zone may send a short burst, while the steady rate stays one per second. Null: full.
 */
export interface UpdateBucket {
  tokens: number;
  at: number;
}

/** The tokens in `bucket` at `now` (time never runs backwards for it). */
export function tokensAt(bucket: UpdateBucket | null, now: number): number {
  if (!bucket) return BURST_UPDATES;
  const elapsed = Math.max(0, now - bucket.at);
  return Math.min(BURST_UPDATES, bucket.tokens + elapsed / MIN_UPDATE_INTERVAL_MS);
}

/** The bucket after an update accepted at `now` (the caller spends only on ok). */
export function spendToken(bucket: UpdateBucket | null, now: number): UpdateBucket {
  return { tokens: tokensAt(bucket, now) - 1, at: Math.max(now, bucket?.at ?? now) };
}

/**
 * Whether `actor` may publish a position now. Coordinates are validated by the message schema
 * before this. Refused updates take no token (the caller spends one only on ok).
 */
export function decideLocationUpdate(
  actor: Actor,
  delivery: RoomDelivery,
  bucket: UpdateBucket | null,
  now: number,
): LocationDecision {
  if (actor.role !== "rider" || delivery.riderId === null || delivery.riderId !== actor.userId)
    return refuse("notAssignedRider");
  if (!isTrackable(delivery.status)) return refuse("notTrackable");
  if (tokensAt(bucket, now) < 1) return refuse("tooFrequent");
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

export interface AlarmInputs {
  endedAt: number | null;
  /** Since when the latest position is not in D1 (null: D1 is up to date). */
  unsavedSince: number | null;
  /** Whether the room has open sockets (their sessions need re-checking). */
  live: boolean;
  /** The earliest expiry of the open sockets' sessions (UTC ms; null: none known). */
  sessionExpiresAt?: number | null;
  /**
   * When the sockets that joined since the last review are due for it (null: none is waiting;
   * absent: not known, so within SESSION_CHECK_INTERVAL_MS).
   */
  reviewDueAt?: number | null;
  /** Where in each PERSIST_INTERVAL_MS this room writes its position (`flushPhaseOf`); 0 if absent. */
  flushPhaseMs?: number;
}

/**
 * A room's place in the persist cycle, from its delivery id (FNV-1a): rooms write D1 at their own
 * phase, so rooms that started together (a deploy, a busy hour, the bench's 200 rooms) spread their
 * writes over the interval instead of all writing in the same second (locally that stalled every
 * room for about a second each 10 s; decision 0214).
 */
export function flushPhaseOf(deliveryId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < deliveryId.length; i++) hash = Math.imul(hash ^ deliveryId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % PERSIST_INTERVAL_MS;
}

/**
 * When a position left unsaved at `unsavedSince` must be in D1: at the room's first flush slot after
 * it (slots are PERSIST_INTERVAL_MS apart, at the room's phase), so never more than
 * PERSIST_INTERVAL_MS later, and a rider publishing every second costs one write per interval.
 */
export function flushDueAt(unsavedSince: number, phaseMs = 0): number {
  const sinceSlot = (((unsavedSince - phaseMs) % PERSIST_INTERVAL_MS) + PERSIST_INTERVAL_MS) % PERSIST_INTERVAL_MS;
  return unsavedSince - sinceSlot + PERSIST_INTERVAL_MS;
}

/**
 * When the room's single alarm should next fire, at `now` (null: no alarm): for the review of
 * sockets that joined (`reviewDueAt`), when the first of their sessions expires, never later than
 * PERSIST_INTERVAL_MS after a position was left unsaved, and for the cleanup CLEANUP_AFTER_END_MS
 * after the delivery ended.
 */
export function nextAlarmAt(inputs: AlarmInputs, now: number): number | null {
  const due: number[] = [];
  if (inputs.live && inputs.reviewDueAt !== null)
    due.push(Math.min(inputs.reviewDueAt ?? Infinity, now + SESSION_CHECK_INTERVAL_MS));
  if (inputs.live && typeof inputs.sessionExpiresAt === "number") due.push(inputs.sessionExpiresAt);
  if (inputs.unsavedSince !== null) due.push(flushDueAt(inputs.unsavedSince, inputs.flushPhaseMs));
  if (inputs.endedAt !== null) due.push(inputs.endedAt + CLEANUP_AFTER_END_MS);
  return due.length === 0 ? null : Math.min(...due);
}

/**
 * Whether the alarm at `now` must write the unsaved position: at its flush slot (`flushDueAt`, or
 * within ALARM_SLACK_MS of it), or when no further alarm is coming for sockets. (So a rider
 * publishing every second costs one D1 write per PERSIST_INTERVAL_MS, not one per update.)
 */
export function isFlushDue(inputs: AlarmInputs, now: number): boolean {
  if (inputs.unsavedSince === null) return false;
  return !inputs.live || now + ALARM_SLACK_MS >= flushDueAt(inputs.unsavedSince, inputs.flushPhaseMs);
}

/** The reason shown to a user whose socket is closed because they may no longer see the delivery. */
export function hiddenReason(user: Actor, delivery: RoomDelivery): string {
  if (delivery.status === "cancelled") return ROOM_CLOSE_REASONS.cancelled;
  if (user.role === "rider" && delivery.riderId !== null && delivery.riderId !== user.userId)
    return ROOM_CLOSE_REASONS.takenByAnotherRider;
  return ROOM_CLOSE_REASONS.noLongerVisible;
}
