import type { Delivery, User } from "~/db/schema";
import { isAwaitingPayment } from "~/payments/payment-status";
import { actsAsRider } from "~/auth/suspension";

/**
 * Who may see a delivery (docs/guide/people-and-access.md#who-sees-a-delivery): its customer, its assigned rider, any
 * rider while it is pending (to decide on accepting), and admins. To anyone else it does not
 * exist: callers answer 404, never 403, so ids cannot be probed. An online booking not yet paid is
 * not offered, so other riders do not see it until it is (docs/guide/money.md). A suspended rider
 * sees only what a customer would (app/auth/suspension.ts).
 */
export function canSeeDelivery(
  user: Pick<User, "id" | "role" | "riderSuspendedAt">,
  delivery: Pick<Delivery, "customerId" | "riderId" | "status" | "paymentStatus">,
): boolean {
  if (user.role === "admin") return true;
  if (delivery.customerId === user.id) return true;
  if (!actsAsRider(user)) return false;
  if (delivery.riderId === user.id) return true;
  return delivery.status === "pending" && delivery.riderId === null && !isAwaitingPayment(delivery.paymentStatus);
}
