import type { SessionUser } from "~/auth/session.server";
import { canSeeDelivery } from "~/deliveries/visibility";
import { ROOM_CLOSE, ROOM_CLOSE_REASONS } from "~/tracking/channel-messages";
import { RECIPIENT_SESSION, type UserChange } from "~/tracking/room-protocol";
import { hiddenReason } from "~/tracking/room-rules";
import type { Attachment } from "./connections";
import type { LiveDelivery } from "./live-delivery";

/**
 * Who may stay in a room, as decisions the room carries out: each function looks at a socket's
 * attachment (who it is, as last told) and answers what to do with it; none touches a socket.
 */

/** Close the socket with this code and reason. */
export interface Closing {
  code: number;
  reason: string;
}

/** What to do with a socket: `update` its attachment (who the user is now), then `close` it, or neither. */
export interface Decision {
  update?: Partial<Attachment>;
  close?: Closing;
}

const signedOut: Closing = { code: ROOM_CLOSE.signedOut, reason: ROOM_CLOSE_REASONS.signedOut };

const isRecipient = (attachment: Attachment) => attachment.sessionHash === RECIPIENT_SESSION;

/** 4401 once the socket's session has expired (known from the upgrade, no D1 read). */
export function expiry(attachment: Attachment, now: number): Closing | null {
  if (typeof attachment.sessionExpiresAt !== "number" || attachment.sessionExpiresAt > now) return null;
  return signedOut;
}

/**
 * 4403, with the reason the page shows, when the socket's user (as last told, or `fresh` from D1)
 * may not see the delivery as the room knows it now.
 */
export function visibility(attachment: Attachment, delivery: LiveDelivery, fresh?: SessionUser): Closing | null {
  // A recipient's link socket stays while the room lives (the link itself expires a day after the end).
  if (isRecipient(attachment)) return null;
  const user = fresh ?? { id: attachment.userId, role: attachment.role, riderSuspendedAt: suspendedAt(attachment) };
  // The payment rule is left to the gate in front of /ws: a rider is admitted only once the booking
  // is paid, and a payment never goes back to unpaid, so it cannot take a socket's right away.
  const seen = {
    customerId: delivery.customerId ?? "",
    riderId: delivery.riderId,
    status: delivery.status,
    paymentStatus: "not_required" as const,
  };
  if (!delivery.customerId || canSeeDelivery(user, seen)) return null;
  return { code: ROOM_CLOSE.hidden, reason: hiddenReason({ userId: user.id, role: user.role }, delivery) };
}

/**
 * After the room re-read the socket's session from D1 (`user`: its live session's user, undefined
 * when the session ended): 4401 when it ended, else who the user is now, and 4403 if they may no
 * longer see the delivery. A reviewed socket is no longer awaiting its review.
 */
export function review(attachment: Attachment, user: SessionUser | undefined, delivery: LiveDelivery): Decision {
  if (isRecipient(attachment)) return {};
  if (!user || user.id !== attachment.userId) return { close: signedOut };
  const update: Partial<Attachment> = { awaitingReview: undefined };
  const riderSuspendedAt = user.riderSuspendedAt?.getTime() ?? null;
  if (user.role !== attachment.role || riderSuspendedAt !== (attachment.riderSuspendedAt ?? null)) {
    Object.assign(update, { role: user.role, riderSuspendedAt });
  }
  const close = visibility(attachment, delivery, user);
  return close ? { update, close } : { update };
}

/** The session ended (a logout): its sockets close, 4401. */
export function sessionEnded(attachment: Attachment, sessionHash: string): Closing | null {
  return attachment.sessionHash === sessionHash ? signedOut : null;
}

/**
 * Who the user is changed: signed out everywhere (4401), or the new role and suspension kept (the
 * room then asks `visibility` again). Null for a recipient's link socket, which has no user.
 */
export function userChange(attachment: Attachment, change: UserChange): Decision | null {
  if (isRecipient(attachment)) return null;
  if (change.signedOut) return { close: signedOut };
  const update: Partial<Attachment> = {};
  if (change.role !== undefined) update.role = change.role;
  if (change.riderSuspendedAt !== undefined) update.riderSuspendedAt = change.riderSuspendedAt;
  return { update };
}

const suspendedAt = (attachment: Attachment) =>
  typeof attachment.riderSuspendedAt === "number" ? new Date(attachment.riderSuspendedAt) : null;
