import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiRole } from "~/auth/session.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";
import { reactivateRider } from "~/riders/riders.server";
import { tellRoomsUserChanged } from "~/tracking/room.server";

/** `POST /api/admin/riders/{id}/reactivate` (admins): 200 `{ok}`; 404 not an approved rider; 409 not suspended. */
export const action = apiHandler(["POST"], async (args: ActionFunctionArgs) => {
  await requireApiRole(args, "admin");
  const env = args.context.cloudflare.env;
  await reactivateRider(env.DB, args.params.id ?? "");
  await tellRoomsUserChanged(env, { userId: args.params.id ?? "", riderSuspendedAt: null });
  return Response.json({ ok: true });
});

export const loader = methodNotAllowed;
