import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { languageOf } from "~/i18n/i18n.server";
import { listNotifications } from "~/notifications/notifications.server";

/** `GET /api/notifications`: `{ notifications: [{ id, kind, title, body, url, createdAt, readAt }], unread }`, the user's own, newest first, at most 50. */
export const loader = apiHandler(["GET"], async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  // Stored as message ids; read in the reader's language.
  const { notifications, unread } = await listNotifications(
    getDb(context.cloudflare.env.DB),
    user.id,
    languageOf(request, user),
  );
  return Response.json({ notifications, unread }, { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed;
