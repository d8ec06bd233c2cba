import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { cashoutSettled } from "~/ledger/cashout-notices.server";
import { settleCashout } from "~/ledger/cashouts.server";
import { cashoutSettleSchema } from "~/ledger/ledger-schemas";

/**
 * `POST /api/admin/cashouts/{id}` (admins) with `{ status: "paid" | "rejected", reference? }`:
 * 200 `{ cashout }`; paid enters the `cashout` entry. 404 unknown; 409 already settled or no longer covered.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const body = await readJsonBody(args.request, cashoutSettleSchema);
  const cashout = await settleCashout(args.context.cloudflare.env.DB, admin, args.params.id ?? "", body);
  await cashoutSettled(args.context.cloudflare.env, cashout);
  return Response.json({ cashout });
});

export const loader = methodNotAllowed;
