import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { markNotificationsRead } from "~/notifications/notifications.server";
import { markReadSchema } from "~/notifications/notification-schemas";

/** `POST /api/notifications/read` with `{ ids?: [...] }`: marks those of the user's notifications (or, without ids, all) read; `{ unread }` after. */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const { ids } = await readJsonBody(request, markReadSchema);
  const unread = await markNotificationsRead(getDb(context.cloudflare.env.DB), user.id, ids);
  return Response.json({ unread });
});

export const loader = methodNotAllowed;
