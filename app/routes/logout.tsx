import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { clearSessionCookieHeader, revokeSessionOf } from "~/auth/session.server";
import { closeSocketsOfEndedSession } from "~/tracking/room.server";

/**
 * POST /logout: the top bar's Logout as a plain form (no JavaScript yet, or none at all): ends the
 * session and shows the landing page. With JavaScript the bar calls POST /api/auth/logout instead.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  await closeSocketsOfEndedSession(env, await revokeSessionOf(request, env));
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookieHeader(request) } });
}

export const loader = () => redirect("/");
