import { eq } from "drizzle-orm";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { deliveries, payments, type Delivery, type Payment } from "~/db/schema";
import { isDevelopment } from "~/providers/environment.server";
import { sandboxGatewayFromEnv } from "./gateway.server";
import { refusalAnswer } from "~/http/api.server";
import { isRefusal } from "~/http/refusal";
import { handlePaymentWebhook } from "./payments.server";

/**
 * The sandbox gateway's checkout (development only, 404 elsewhere, like the outbox). Paying or
 * failing sends a webhook signed exactly as PayMongo signs it to our own webhook handler, so the
 * production verification and event handling are what run.
 */
export const notFound = () => new Response("Not Found", { status: 404 });

/** The sandbox payment this signed-in customer (or an admin) may pay, or a thrown 404. */
export async function requireSandboxPayment(
  request: Request,
  env: Env,
  paymentId: string,
): Promise<{ payment: Payment; delivery: Delivery }> {
  if (!isDevelopment(env)) throw notFound();
  const user = await getSessionUser(request, env);
  if (!user || !paymentId || paymentId.length > 64) throw notFound();
  const [row] = await getDb(env.DB)
    .select({ payment: payments, delivery: deliveries })
    .from(payments)
    .innerJoin(deliveries, eq(deliveries.id, payments.deliveryId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (row?.payment.provider !== "sandbox") throw notFound();
  if (row.delivery.customerId !== user.id && user.role !== "admin") throw notFound();
  return row;
}

/** A PayMongo-shaped event for the sandbox payment: paid (a checkout session with its payment) or failed. */
function sandboxEvent(payment: Payment, outcome: "paid" | "failed", now = new Date()): string {
  const eventId = `evt_sandbox_${crypto.randomUUID().replaceAll("-", "")}`;
  const created = Math.floor(now.getTime() / 1000);
  const capturedId = `pay_sandbox_${payment.id.slice(-12)}`;
  const resource =
    outcome === "paid"
      ? {
          id: payment.checkoutId,
          type: "checkout_session",
          attributes: {
            reference_number: payment.id,
            metadata: { hatid_payment_id: payment.id, hatid_delivery_id: payment.deliveryId },
            payments: [
              {
                id: capturedId,
                type: "payment",
                attributes: { amount: payment.amount, currency: "PHP", status: "paid" },
              },
            ],
          },
        }
      : {
          id: capturedId,
          type: "payment",
          attributes: {
            amount: payment.amount,
            currency: "PHP",
            status: "failed",
            metadata: { hatid_payment_id: payment.id },
          },
        };
  return JSON.stringify({
    data: {
      id: eventId,
      type: "event",
      attributes: {
        type: outcome === "paid" ? "checkout_session.payment.paid" : "payment.failed",
        livemode: false,
        data: resource,
        created_at: created,
        updated_at: created,
      },
    },
  });
}

/** Signs the event and hands it to the webhook handler, as a request to our own /api/payments/webhook; answers as that route would. */
export async function sendSandboxWebhook(
  env: Env,
  origin: string,
  payment: Payment,
  outcome: "paid" | "failed",
): Promise<Response> {
  const body = sandboxEvent(payment, outcome);
  const signature = await (await sandboxGatewayFromEnv(env)).signEvent(body);
  const request = new Request(`${origin}/api/payments/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Paymongo-Signature": signature },
    body,
  });
  try {
    return await handlePaymentWebhook(request, env);
  } catch (error) {
    if (isRefusal(error)) return refusalAnswer(error, "en");
    throw error;
  }
}
