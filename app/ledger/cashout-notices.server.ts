import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { pesosToCentavos } from "~/money/money";
import { notificationMessages } from "~/notifications/notification-messages";
import { notify } from "~/notifications/notifications.server";
import type { CashoutView } from "./cashouts.server";

/**
 * Cash-outs in the bell and by Web Push: admins hear of a new request, the rider of its
 * settlement. Sent after the change is stored; a lost notice never undoes or repeats a payment.
 */
export async function cashoutRequested(env: Env, cashout: CashoutView): Promise<void> {
  const [rider] = await getDb(env.DB)
    .select({ firstName: users.firstName, lastName: users.lastName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, cashout.riderId))
    .limit(1);
  const name = [rider?.firstName, rider?.lastName].filter(Boolean).join(" ") || rider?.phoneNumber || "A rider";
  await notify(env.DB, [
    { to: "admins", content: notificationMessages.cashOutRequested(name, pesosToCentavos(cashout.amount)) },
  ]);
}

export async function cashoutSettled(env: Env, cashout: CashoutView): Promise<void> {
  if (cashout.status === "requested") return;
  const content =
    cashout.status === "paid"
      ? notificationMessages.cashOutSettled(pesosToCentavos(cashout.payout))
      : notificationMessages.cashOutRejected(pesosToCentavos(cashout.amount));
  await notify(env.DB, [{ to: { userId: cashout.riderId }, content }]);
}
