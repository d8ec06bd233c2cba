import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { safeReturnPath } from "~/http/return-path";
import { markNotificationsRead } from "~/notifications/notifications.server";

/**
 * POST /notifications/read (`returnTo`): the bell's "Mark all as read" as a plain form, so it works
 * before or without JavaScript; back to the page it was pressed on. With JavaScript the bell marks
 * them through `POST /api/notifications/read` and stays open.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const form = await request.formData().catch(() => null);
  const user = await getSessionUser(request, env);
  if (user) await markNotificationsRead(getDb(env.DB), user.id, undefined);
  return redirect(user ? safeReturnPath(form?.get("returnTo")) : "/", { status: 303 });
}

export const loader = () => redirect("/");
