import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { waiveOwedFee, waiveSchema } from "~/payments/owed-fees-admin.server";

/** `POST /api/admin/owed-fees/{id}/waive` with `{reason}` (admins): 200 `{id, status, reason}`; 404 unknown; 409 collected, waived or being collected. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const { reason } = await readJsonBody(args.request, waiveSchema);
  return waiveOwedFee(args.context.cloudflare.env.DB, admin.id, args.params.id ?? "", reason);
});

export const loader = methodNotAllowed;
