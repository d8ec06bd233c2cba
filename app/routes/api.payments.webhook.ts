import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { handlePaymentWebhook } from "~/payments/payments.server";

/**
 * `POST /api/payments/webhook`: the payment gateway's events. No session: the `Paymongo-Signature`
 * header is the credential (401 and nothing changed without a valid one).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) =>
  handlePaymentWebhook(request, context.cloudflare.env),
);

export const loader = methodNotAllowed;
