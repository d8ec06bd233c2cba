import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { clearSessionCookieHeader, revokeSessionOf } from "~/auth/session.server";
import { closeSocketsOfEndedSession } from "~/tracking/room.server";

/**
 * POST /logout: the top bar's Logout, a plain form (with or without JavaScript): ends the session
 * and shows the landing page in a full page load, which drops every page cached for the old session
 * (the service worker forgets its copies too).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  await closeSocketsOfEndedSession(env, await revokeSessionOf(request, env));
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookieHeader(request) } });
}

export const loader = () => redirect("/");
