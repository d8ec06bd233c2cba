import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, readJsonBody } from "~/http/api.server";
import { cashoutRequested } from "~/ledger/cashout-notices.server";
import { requestCashout, riderCashouts } from "~/ledger/cashouts.server";
import { cashoutRequestSchema } from "~/ledger/ledger-schemas";
import { requireRider } from "~/riders/availability.server";

/** `GET /api/rider/cashouts` (riders): `{ cashouts }`, their requests newest first. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const rider = await requireRider({ request, context });
  return Response.json({ cashouts: await riderCashouts(context.cloudflare.env.DB, rider.id) });
});

/**
 * `POST /api/rider/cashouts` (riders) with `{ amount, method: "gcash" | "bank" | "office", account?, accountName? }`:
 * 201 `{ cashout }`; 409 more than the balance ("You can cash out at most ₱X.") or a request already open.
 */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const rider = await requireRider({ request, context });
  const body = await readJsonBody(request, cashoutRequestSchema);
  const cashout = await requestCashout(context.cloudflare.env.DB, rider, body);
  await cashoutRequested(context.cloudflare.env, cashout);
  return Response.json({ cashout }, { status: 201 });
});
