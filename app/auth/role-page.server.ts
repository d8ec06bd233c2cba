import { data } from "@remix-run/cloudflare";
import type { Role } from "~/db/schema";
import { getSessionUser } from "./session.server";

/**
 * For the role pages (/rider-dashboard, /admin): whether the signed-in user may use it. A wrong
 * role gets the page's Access Denied notice with status 403 and none of the page's data; a
 * visitor who is not signed in gets the landing page from the layout.
 */
export async function rolePageAccess(request: Request, env: Env, role: Role) {
  const user = await getSessionUser(request, env);
  if (!user) return { user: null, denied: null };
  if (user.role !== role) return { user, denied: data({ allowed: false as const }, { status: 403 }) };
  return { user, denied: null };
}
