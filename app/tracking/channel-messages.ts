import { z } from "zod";
import type { DeliveryStatus } from "~/db/schema";
import { encodeMessage } from "~/i18n/message";

/**
 * The live channel's messages (docs/guide/deliveries.md#live-tracking). Plain module: used by
 * the delivery room (workers/), the HTTP fallback route and, later, the tracking page.
 */

/** Larger client messages are abuse: the room closes the socket with 1008. */
export const MAX_MESSAGE_BYTES = 4096;

export const TRACKABLE_STATUSES = [
  "assigned",
  "picked_up",
  "in_transit",
  "returning",
] as const satisfies readonly DeliveryStatus[];
const ENDED_STATUSES = ["delivered", "cancelled", "returned"] as const satisfies readonly DeliveryStatus[];

export const isTrackable = (status: DeliveryStatus) =>
  (TRACKABLE_STATUSES as readonly DeliveryStatus[]).includes(status);
export const hasEnded = (status: DeliveryStatus) => (ENDED_STATUSES as readonly DeliveryStatus[]).includes(status);

/**
 * The socket protocol's refusals, sent as `{type: "error", message}` or as a close reason: message
 * ids like every other refusal (`server.tracking.…`), which the HTTP fallback answers too; the
 * pages log them in the reader's words.
 */
export const TRACKING_ERRORS = {
  invalidJson: encodeMessage("server.tracking.invalidJson"),
  unsupported: encodeMessage("server.tracking.unsupported"),
  wrongDelivery: encodeMessage("server.tracking.wrongDelivery"),
  wrongUser: encodeMessage("server.tracking.wrongUser"),
  notAssignedRider: encodeMessage("server.tracking.notAssignedRider"),
  notTrackable: encodeMessage("server.tracking.notTrackable"),
  tooFrequent: encodeMessage("server.tracking.tooFrequent"),
  latitude: encodeMessage("server.tracking.latitude"),
  longitude: encodeMessage("server.tracking.longitude"),
  tooLarge: encodeMessage("server.tracking.tooLarge"),
  flooding: encodeMessage("server.tracking.flooding"),
  unavailable: encodeMessage("server.tracking.unavailable"),
} as const;

/**
 * Close codes the room uses when a socket loses its right to the room (application codes, 4000+),
 * with the reasons the tracking page shows. 4403: the user may no longer see the delivery; 4401:
 * the session ended (logout, expiry, revocation, deactivation).
 */
export const ROOM_CLOSE = {
  hidden: 4403,
  signedOut: 4401,
} as const;

/** Close reasons are message ids (at most 123 bytes travel), put into words by the page. */
export const ROOM_CLOSE_REASONS = {
  takenByAnotherRider: encodeMessage("server.tracking.takenByAnotherRider"),
  cancelled: encodeMessage("server.tracking.cancelled"),
  noLongerVisible: encodeMessage("server.tracking.noLongerVisible"),
  signedOut: encodeMessage("server.tracking.signedOut"),
} as const;

/** At most this many open sockets per user in one delivery's room; the next one is refused with 429. */
export const MAX_SOCKETS_PER_USER = 5;
/** The 429's message, as an id the page puts into words. */
export const TOO_MANY_SOCKETS = encodeMessage("server.tracking.tooManySockets");

const deliveryId = z.string().min(1).max(64);
const LATITUDE = encodeMessage("server.tracking.latitude");
const LONGITUDE = encodeMessage("server.tracking.longitude");
const latitudeSchema = z.number({ message: LATITUDE }).finite(LATITUDE).min(-90, LATITUDE).max(90, LATITUDE);
const longitudeSchema = z.number({ message: LONGITUDE }).finite(LONGITUDE).min(-180, LONGITUDE).max(180, LONGITUDE);

/** A position as the rider reports it (HTTP body of `POST /api/deliveries/{id}/location`). */
export const coordinatesSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });
export type Coordinates = z.infer<typeof coordinatesSchema>;

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), deliveryId, userId: z.string().max(128).optional() }),
  z.object({ type: z.literal("unsubscribe"), deliveryId }),
  z.object({
    type: z.literal("location_update"),
    deliveryId,
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    riderId: z.string().max(128).optional(),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export interface LocationMessage {
  type: "location_update";
  deliveryId: string;
  latitude: number;
  longitude: number;
  riderId: string;
  /** ISO 8601, stamped by the server. */
  timestamp: string;
}
interface StatusMessage {
  type: "status_update";
  deliveryId: string;
  status: DeliveryStatus;
  timestamp: string;
}
interface SubscribedMessage {
  type: "subscribed";
  deliveryId: string;
  status: DeliveryStatus;
}
interface UnsubscribedMessage {
  type: "unsubscribed";
  deliveryId: string;
}
interface ErrorMessage {
  type: "error";
  message: string;
}
export type ServerMessage = LocationMessage | StatusMessage | SubscribedMessage | UnsubscribedMessage | ErrorMessage;

export type ParsedClientMessage = { ok: true; message: ClientMessage } | { ok: false; error: string };

/**
 * Parses one socket message. Never throws: bad JSON, unknown types and invalid fields become the
 * user-facing message of the first problem (size is checked by the caller, before parsing).
 */
export function parseClientMessage(raw: string): ParsedClientMessage {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: TRACKING_ERRORS.invalidJson };
  }
  const update = validLocationUpdate(data);
  if (update) return { ok: true, message: update };
  const parsed = clientMessageSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  if (field === "latitude") return { ok: false, error: TRACKING_ERRORS.latitude };
  if (field === "longitude") return { ok: false, error: TRACKING_ERRORS.longitude };
  return { ok: false, error: TRACKING_ERRORS.unsupported };
}

/** Whether a socket message is over MAX_MESSAGE_BYTES (strings count by UTF-8 bytes, not characters). */
export function isOversized(raw: string | ArrayBuffer): boolean {
  if (typeof raw !== "string") return raw.byteLength > MAX_MESSAGE_BYTES;
  if (raw.length > MAX_MESSAGE_BYTES) return true;
  if (raw.length * 3 <= MAX_MESSAGE_BYTES) return false; // a UTF-16 unit is at most 3 UTF-8 bytes
  return new TextEncoder().encode(raw).byteLength > MAX_MESSAGE_BYTES;
}

type LocationUpdate = Extract<ClientMessage, { type: "location_update" }>;

/**
 * The room's hot path: a valid `location_update` checked by hand, giving what the schema gives
 * (unknown keys dropped). Anything else, valid or not, answers null and goes through the schema,
 * which also words the errors. (zod was a fifth of the room's CPU per update; decision 0214.)
 */
export function validLocationUpdate(data: unknown): LocationUpdate | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, deliveryId, latitude, longitude, riderId } = data as Record<string, unknown>;
  if (type !== "location_update") return null;
  if (typeof deliveryId !== "string" || deliveryId.length < 1 || deliveryId.length > 64) return null;
  if (typeof latitude !== "number" || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) return null;
  if (typeof longitude !== "number" || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) return null;
  if (riderId !== undefined && (typeof riderId !== "string" || riderId.length > 128)) return null;
  return riderId === undefined
    ? { type, deliveryId, latitude, longitude }
    : { type, deliveryId, latitude, longitude, riderId };
}

const MS_PER_DAY = 86_400_000;
/** 0001-01-01 and 9999-12-31T23:59:59.999Z: within these the ISO form has a four-digit year. */
const ISO_MIN_MS = -62_135_596_800_000;
const ISO_MAX_MS = 253_402_300_799_999;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
let isoDayCached = NaN;
let isoDateCached = "";

/**
 * `new Date(ms).toISOString()`, for the `timestamp` the room stamps on every position. V8's own
 * looks up the local time zone on each call, 7 % of what a position's own event cost the room
 * beyond a bare Durable Object echo's (bench/README.md); the date part is kept for the day.
 */
export function isoTimestamp(ms: number): string {
  if (!Number.isInteger(ms) || ms < ISO_MIN_MS || ms > ISO_MAX_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / MS_PER_DAY);
  if (day !== isoDayCached) {
    isoDateCached = new Date(day * MS_PER_DAY).toISOString().slice(0, 11);
    isoDayCached = day;
  }
  const inDay = ms - day * MS_PER_DAY;
  const millis = inDay % 1000;
  const seconds = Math.floor(inDay / 1000);
  const milliText = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : `${millis}`;
  return `${isoDateCached}${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${milliText}Z`;
}
