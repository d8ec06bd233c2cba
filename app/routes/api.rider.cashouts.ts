import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, readJsonBody } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";
import { cashoutInLanguage, riderCashouts } from "~/ledger/cashouts.server";
import { cashoutRequestSchema } from "~/ledger/ledger-schemas";
import { requireRider } from "~/riders/availability.server";
import { riderCashesOut } from "~/riders/rider-steps.server";

/** `GET /api/rider/cashouts` (riders): `{ cashouts }`, their requests newest first (a failed one's reason in their language). */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const cashouts = await riderCashouts(context.cloudflare.env.DB, rider.id);
  return Response.json({ cashouts: cashouts.map(cashoutInLanguage(languageOf(request, rider))) });
});

/**
 * `POST /api/rider/cashouts` (riders) with `{ amount, method: "gcash" | "bank" | "office", account?, accountName? }`
 * (`accountName`: the bank account's holder, or the name registered on the GCash account, required for both):
 * 201 `{ cashout }`; 409 more than the balance ("You can cash out at most ₱X.") or a request already open.
 * GCash is sent at once through the payout gateway (status `paid`, or `sending` until its callback;
 * `failed` returns the amount); 503 where no payout gateway is configured. Bank and office wait for an admin.
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const body = await readJsonBody(request, cashoutRequestSchema);
  const cashout = await riderCashesOut(context.cloudflare.env, rider, body, new URL(request.url).origin);
  return Response.json({ cashout: cashoutInLanguage(languageOf(request, rider))(cashout) }, { status: 201 });
});
