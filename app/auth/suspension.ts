import type { User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import { message, word, type MessageDescriptor } from "~/i18n/message";

/**
 * Rider suspension (docs/guide/people-and-access.md): an admin may suspend a rider with a reason; a
 * suspended rider cannot use any rider function until reactivated. What they hold stays theirs on
 * the books until an admin reassigns it, but they can no longer see it as its rider, post positions
 * for it or move it along.
 *
 * The ONE place the rule lives. Every rider check goes through it:
 * - `requireApiRole(..., "rider")` (app/auth/session.server.ts) answers 403 with `suspensionRefusal`;
 * - `canSeeDelivery` (app/deliveries/visibility.ts) gives a suspended rider only a customer's view,
 *   so the live room's gate (and its re-checks of open sockets) drops their rider sockets;
 * - the rider dashboard page shows the reason.
 */
export type RiderStanding = Pick<User, "role" | "riderSuspendedAt" | "riderSuspensionReason">;

export const isSuspendedRider = (user: Pick<User, "riderSuspendedAt">): boolean => user.riderSuspendedAt != null;

/** Whether the user may use rider functions right now: the rider role and not suspended. */
export const actsAsRider = (user: Pick<User, "role" | "riderSuspendedAt">): boolean =>
  user.role === "rider" && !isSuspendedRider(user);

/** "Your rider account is suspended: {reason}" (`server.riders.suspended`), in the reader's language where it is shown. */
export const suspensionMessage = (reason: string | null): MessageDescriptor =>
  message("server.riders.suspended", { reason: reason ?? word("server.riders.noReasonGiven") });

/** The 403 refusal of a suspended rider, with the reason they were given. */
export function suspendedRefusal(reason: string | null): Refusal {
  const { id, values } = suspensionMessage(reason);
  return new Refusal(403, id, values);
}

/** The 403 refusal of every rider call for a suspended rider, or null when the user is not suspended. */
export function suspensionRefusal(user: RiderStanding): Refusal | null {
  if (user.role !== "rider" || !isSuspendedRider(user)) return null;
  return suspendedRefusal(user.riderSuspensionReason);
}
