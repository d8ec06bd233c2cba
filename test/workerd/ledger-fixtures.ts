import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { payments } from "~/db/schema";
import { bookingBody } from "./delivery-fixtures";
import { api, db, signedIn } from "./helpers";

/** Fixtures of the riders' ledger tests: deliveries taken through the real API, step by step. */

/** The payment sandbox's webhook secret in the tests (vitest.config.ts). */
export const WEBHOOK_SECRET = "whsk_test_hatid_sandbox_0123456789abcdef";

/** The tests' own HMAC-SHA256 (WebCrypto), independent of app/payments/signature.ts. */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The gateway's "paid" event (its JSON) for a payment; a null amount leaves the amount out. */
export function paidEventBody(paymentId: string, checkoutId: string | null, amount: number | null) {
  const attributes = amount === null ? { status: "paid" } : { amount, status: "paid" };
  return JSON.stringify({
    data: {
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      type: "event",
      attributes: {
        type: "checkout_session.payment.paid",
        livemode: false,
        data: {
          id: checkoutId,
          type: "checkout_session",
          attributes: {
            metadata: { hatid_payment_id: paymentId },
            payments: [{ id: `pay_gw_${paymentId.slice(-8)}`, type: "payment", attributes }],
          },
        },
      },
    },
  });
}

/** The gateway's "payment failed" event (its JSON) for a payment. */
export function failedEventBody(paymentId: string) {
  return JSON.stringify({
    data: {
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      type: "event",
      attributes: {
        type: "payment.failed",
        livemode: false,
        data: {
          id: `pay_failed_${paymentId.slice(-8)}`,
          type: "payment",
          attributes: { metadata: { hatid_payment_id: paymentId } },
        },
      },
    },
  });
}

/**
 * The gateway's "paid" event for a booking's payment, as the sandbox signs it: `send` posts it to
 * the webhook (again and again, as the gateway retries), signed at the moment it is sent.
 */
export async function paidEvent(deliveryId: string) {
  const [payment] = await db().select().from(payments).where(eq(payments.deliveryId, deliveryId));
  const body = paidEventBody(payment!.id, payment!.checkoutId, payment!.amount);
  return { payment: payment!, send: () => postWebhook(body) };
}

/** Posts `body` to the payment webhook, signed with the sandbox's secret at this moment as the gateway signs. */
export async function postWebhook(body: string) {
  const t = Math.floor(Date.now() / 1000);
  return api("/api/payments/webhook", {
    rawBody: body,
    origin: null,
    headers: { "Paymongo-Signature": `t=${t},te=${await hmacHex(WEBHOOK_SECRET, `${t}.${body}`)},li=` },
  });
}

/** Pays an online booking through the signed webhook, as the gateway would. */
export async function payOnline(deliveryId: string) {
  const answer = await (await paidEvent(deliveryId)).send();
  expect(answer.status).toBe(200);
}

export type Caller = { cookie: string; user: { id: string } };

/** Books (as the customer) a delivery paid in cash or online; answers the booking's JSON. */
export async function book(
  customer: Caller,
  paymentMethod: "cash" | "gcash" = "cash",
  overrides: Record<string, unknown> = {},
) {
  const booked = await api("/api/deliveries", {
    cookie: customer.cookie,
    body: bookingBody({ paymentMethod, ...overrides }),
  });
  expect(booked.status, booked.text).toBe(201);
  if (paymentMethod !== "cash") await payOnline(booked.json.id);
  return booked.json as { id: string; totalFee: number; amountDue: number; owedFee: number; paymentId?: string };
}

/** Books an online (GCash) delivery and leaves it unpaid; answers the booking's JSON. */
export async function bookUnpaid(customer: Caller, overrides: Record<string, unknown> = {}) {
  const booked = await api("/api/deliveries", {
    cookie: customer.cookie,
    body: bookingBody({ paymentMethod: "gcash", ...overrides }),
  });
  expect(booked.status, booked.text).toBe(201);
  expect(booked.json.payment.status).toBe("pending");
  return booked.json as { id: string; totalFee: number; amountDue: number; owedFee: number; payment: { id: string } };
}

/**
 * Gives an unpaid online booking to a rider the way an admin's Assign did before it refused unpaid
 * bookings (decision 0217): such bookings may still be under way.
 */
export async function holdUnpaid(deliveryId: string, rider: Caller) {
  const changed = await env.DB.prepare(
    "UPDATE deliveries SET rider_id = ?1, status = 'assigned', assigned_at = ?2 WHERE id = ?3 AND payment_status = 'pending'",
  )
    .bind(rider.user.id, Date.now(), deliveryId)
    .run();
  expect(changed.meta.changes).toBe(1);
}

export async function accept(rider: Caller, deliveryId: string) {
  const accepted = await api(`/api/deliveries/${deliveryId}/accept`, { cookie: rider.cookie, method: "POST" });
  expect(accepted.status, accepted.text).toBe(200);
}

/** Accept, pick up and deliver. */
export async function deliver(rider: Caller, deliveryId: string) {
  await accept(rider, deliveryId);
  for (const status of ["picked_up", "delivered"]) {
    const changed = await api(`/api/deliveries/${deliveryId}/status`, { cookie: rider.cookie, body: { status } });
    expect(changed.status, changed.text).toBe(200);
  }
}

/** Makes the booking old enough that a customer's cancellation costs the ₱20 fee once assigned. */
export async function ageBooking(deliveryId: string, minutes = 10) {
  await env.DB.prepare("UPDATE deliveries SET created_at = ?1 WHERE id = ?2")
    .bind(Date.now() - minutes * 60_000, deliveryId)
    .run();
}

export async function ledgerOf(rider: Caller, month?: string) {
  const answer = await api(`/api/rider/ledger${month ? `?month=${month}` : ""}`, { cookie: rider.cookie });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as {
    balance: number;
    month: string;
    entries: { kind: string; amount: number; deliveryId: string | null; at: string; note: string | null }[];
  };
}

/** An admin, and a rider with `pesos` on their balance: an admin's adjustment (a remittance may only pay what is owed). */
export async function riderWithBalance(pesos: number) {
  const admin = await signedIn("admin");
  const rider = await signedIn("rider");
  expect(
    (
      await api(`/api/admin/riders/${rider.user.id}/adjustments`, {
        cookie: admin.cookie,
        body: { amount: pesos, note: "Opening balance" },
      })
    ).status,
  ).toBe(201);
  return { admin, rider };
}

export { seededRandom } from "../seeded-random";
