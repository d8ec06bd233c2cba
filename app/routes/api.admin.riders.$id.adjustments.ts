import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { recordAdjustment } from "~/ledger/cashouts.server";
import { adjustmentSchema } from "~/ledger/ledger-schemas";

/** `POST /api/admin/riders/{id}/adjustments` (admins) with `{ amount: ±pesos, note }`: 201 `{ amount, note, at, balance }`; 404 not a rider. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const body = await readJsonBody(args.request, adjustmentSchema);
  const adjustment = await recordAdjustment(args.context.cloudflare.env.DB, admin, args.params.id ?? "", body);
  return Response.json(adjustment, { status: 201 });
});

export const loader = methodNotAllowed;
