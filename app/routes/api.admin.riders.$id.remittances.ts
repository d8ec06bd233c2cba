import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { recordRemittance } from "~/ledger/cashouts.server";
import { remittanceSchema } from "~/ledger/ledger-schemas";

/** `POST /api/admin/riders/{id}/remittances` (admins) with `{ amount: pesos > 0, note? }`: 201 `{ receiptNumber, amount, balance, at }`; 404 not a rider. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const body = await readJsonBody(args.request, remittanceSchema);
  const receipt = await recordRemittance(args.context.cloudflare.env.DB, admin, args.params.id ?? "", body);
  return Response.json(receipt, { status: 201 });
});

export const loader = methodNotAllowed;
