import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { suspendRiderNow } from "~/admin/admin-rider-actions.server";
import { suspendSchema } from "~/riders/rider-schemas";

/** `POST /api/admin/riders/{id}/suspend` with `{reason}` (admins): 200 `{ok}`; 404 not an approved rider; 409 already suspended. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiRole(args, "admin");
  const { reason } = await readJsonBody(args.request, suspendSchema);
  await suspendRiderNow(args.context.cloudflare.env, args.params.id ?? "", reason);
  return Response.json({ ok: true });
});

export const loader = methodNotAllowed;
