import type { DeliveryStatus, Role } from "~/db/schema";
import type { LocationMessage } from "./channel-messages";
import type { RefusalReason } from "./room-rules";

/**
 * What the Worker and the delivery room (workers/delivery-room.ts) say to each other.
 *
 * Headers the Worker sets on a `/ws` upgrade after it checked the session and the right to see the
 * delivery (it strips any client-supplied `x-hatid-*` header first). The room is reachable only
 * through the Worker, so it trusts them.
 */
export const ROOM_HEADERS = {
  userId: "X-Hatid-User-Id",
  role: "X-Hatid-User-Role",
  deliveryId: "X-Hatid-Delivery-Id",
  /** SHA-256 of the session cookie, as D1 stores it: the room re-checks the session by it. */
  sessionHash: "X-Hatid-Session-Hash",
  /** When the session expires (UTC ms): the room closes the socket then, without asking D1. */
  sessionExpiresAt: "X-Hatid-Session-Expires",
} as const;

/**
 * The session mark of a socket opened with a recipient's tracking link (no session): the room
 * keeps it without a session check; it is read-only since only the assigned rider may send.
 */
export const RECIPIENT_SESSION = "recipient-link";

export type PublishResult =
  | { ok: true; message: LocationMessage }
  | { ok: false; reason: RefusalReason | "notFound"; message: string };

export interface StatusChange {
  deliveryId: string;
  status: DeliveryStatus;
  riderId: string | null;
  /** UTC ms of the change. */
  at: number;
}

/**
 * Who a user is changed (app/tracking/room.server.ts tells the rooms that hold their sockets):
 * `signedOut` when every session of theirs ended (a deactivation); otherwise the new role and/or
 * suspension (UTC ms, null: not suspended) as D1 now has them.
 */
export interface UserChange {
  userId: string;
  signedOut?: boolean;
  role?: Role;
  riderSuspendedAt?: number | null;
}
