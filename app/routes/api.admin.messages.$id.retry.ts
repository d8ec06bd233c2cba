import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/api.server";
import { retryMessage } from "~/messaging/message-log.server";

export const MESSAGE_NOT_RETRYABLE = "This message was already sent or cannot be sent again";

/**
 * `POST /api/admin/messages/{id}/retry` (admins): sends a failed SMS or email again now, answering
 * `{ id, status: "sent" | "failed" }`; 404 unknown; 409 when it was sent already, is being sent, or
 * holds a secret (a sign-in code) that is never stored.
 */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiRole(args, "admin");
  const env = args.context.cloudflare.env;
  const id = args.params.id ?? "";
  const known = id.length <= 64 ? await env.DB.prepare("SELECT id FROM messages WHERE id = ?1").bind(id).first() : null;
  if (!known) return apiError(404, "Message not found");
  const outcome = await retryMessage(env, id);
  if (!outcome) return apiError(409, MESSAGE_NOT_RETRYABLE);
  return Response.json(outcome);
});

export const loader = methodNotAllowed;
