import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { handlePayoutWebhook } from "~/ledger/gcash-payouts.server";

/**
 * `POST /api/payouts/webhook`: the payout gateway's callbacks (GCash cash-outs through Xendit). No
 * session: the `x-callback-token` header is the credential (401 and nothing changed without the
 * verification token).
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) =>
  handlePayoutWebhook(request, context.cloudflare.env),
);

export const loader = methodNotAllowed;
