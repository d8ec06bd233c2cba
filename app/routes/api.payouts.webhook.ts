import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { handlePayoutWebhook } from "~/ledger/gcash-payouts.server";

/**
 * `POST /api/payouts/webhook`: the payout gateway's events (GCash cash-outs). No session: the
 * `Payout-Signature` header is the credential (401 and nothing changed without a valid one).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => handlePayoutWebhook(request, context.cloudflare.env));

export const loader = methodNotAllowed;
