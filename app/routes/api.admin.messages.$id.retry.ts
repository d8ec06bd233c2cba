import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminRetryMessage } from "~/admin/admin-rider-actions.server";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

/**
 * `POST /api/admin/messages/{id}/retry` (admins): sends a failed SMS or email again now, answering
 * `{ id, status: "sent" | "failed" }`; 404 unknown; 409 when it was sent already, is being sent, or
 * holds a secret (a sign-in code) that is never stored.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiRole(args, "admin");
  return Response.json(await adminRetryMessage(args.context.cloudflare.env, args.params.id ?? ""));
});

export const loader = methodNotAllowed;
