import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { reactivateRiderNow } from "~/admin/admin-rider-actions.server";

/** `POST /api/admin/riders/{id}/reactivate` (admins): 200 `{ok}`; 404 not an approved rider; 409 not suspended. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiRole(args, "admin");
  await reactivateRiderNow(args.context.cloudflare.env, args.params.id ?? "");
  return Response.json({ ok: true });
});

export const loader = methodNotAllowed;
