import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { retryMessage } from "~/messaging/message-log.server";

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
  if (!known) throw new Refusal(404, "server.messaging.messageNotFound");
  const outcome = await retryMessage(env, id);
  if (!outcome) throw new Refusal(409, "server.messaging.messageNotRetryable");
  return Response.json(outcome);
});

export const loader = methodNotAllowed;
