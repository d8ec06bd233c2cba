import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { suspendRider } from "~/riders/riders.server";
import { suspendSchema } from "~/riders/rider-schemas";
import { tellRoomsUserChanged } from "~/tracking/room.server";

/** `POST /api/admin/riders/{id}/suspend` with `{reason}` (admins): 200 `{ok}`; 404 not an approved rider; 409 already suspended. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiRole(args, "admin");
  const { reason } = await readJsonBody(args.request, suspendSchema);
  const env = args.context.cloudflare.env;
  const riderId = args.params.id ?? "";
  const now = Date.now();
  await suspendRider(env.DB, riderId, reason, now);
  // Its open tracking sockets close at once where a suspended rider may not look (decision 0030).
  await tellRoomsUserChanged(env, { userId: riderId, riderSuspendedAt: now });
  return Response.json({ ok: true });
});

export const loader = methodNotAllowed;
