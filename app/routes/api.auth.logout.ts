import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookieHeader, requireApiUser, revokeSessionOf } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

export const loader = methodNotAllowed;
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiUser(args);
  await revokeSessionOf(args.request, args.context.cloudflare.env);
  return Response.json({ ok: true }, { headers: { "Set-Cookie": clearSessionCookieHeader(args.request) } });
});
