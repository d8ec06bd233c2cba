import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { decideApplication } from "~/riders/applications.server";
import { decisionSchema } from "~/riders/rider-schemas";

/**
 * `POST /api/admin/rider-applications/{id}/decision` with `{decision: "approve"|"reject", note?}`
 * (admins): the application as decided; 404 unknown; 409 when it was already decided.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  const admin = await requireApiRole(args, "admin");
  const body = await readJsonBody(args.request, decisionSchema);
  const origin = new URL(args.request.url).origin;
  const application = await decideApplication(args.context.cloudflare.env, admin, args.params.id ?? "", body, origin);
  return Response.json(application);
});

export const loader = methodNotAllowed;
