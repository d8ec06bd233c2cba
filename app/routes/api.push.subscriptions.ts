import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { deletePushSubscription, savePushSubscription } from "~/notifications/push.server";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/notifications/notification-schemas";

/**
 * `POST /api/push/subscriptions` with the browser's `PushSubscription` JSON (`{ endpoint, keys:
 * { p256dh, auth } }`): 201 `{ ok }`, the user's notifications are now also sent there.
 * `DELETE /api/push/subscriptions` with `{ endpoint }`: 200 `{ ok }`; 404 when the user has none such.
 */
export const action = apiHandler(["POST", "DELETE"], async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser({ request, context });
  const { env } = context.cloudflare;
  if (request.method === "POST") {
    await savePushSubscription(env, user.id, await readJsonBody(request, pushSubscriptionSchema));
    return Response.json({ ok: true }, { status: 201 });
  }
  const { endpoint } = await readJsonBody(request, pushUnsubscribeSchema);
  await deletePushSubscription(env, user.id, endpoint);
  return Response.json({ ok: true });
});

export const loader = methodNotAllowed;
