import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookieHeader, requireApiUser, revokeSessionOf } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { closeSocketsOfEndedSession } from "~/tracking/room.server";

export const loader = methodNotAllowed;
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiUser(args);
  const env = args.context.cloudflare.env;
  await closeSocketsOfEndedSession(env, await revokeSessionOf(args.request, env));
  return Response.json({ ok: true }, { headers: { "Set-Cookie": clearSessionCookieHeader(args.request) } });
});
