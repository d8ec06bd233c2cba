import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { changeRole } from "~/auth/accounts.server";
import { roleSchema } from "~/auth/auth-schemas";
import { requireApiUser } from "~/auth/session.server";
import { toUserView } from "~/auth/user-view";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { tellRoomsUserChanged } from "~/tracking/room.server";

export const loader = methodNotAllowed;
export const action = apiHandler(["PATCH"], async (args: ActionFunctionArgs) => {
  const user = await requireApiUser(args);
  const { role } = await readJsonBody(args.request, roleSchema);
  const env = args.context.cloudflare.env;
  const updated = await changeRole(getDb(env.DB), user, role);
  // Its open tracking sockets follow the new role at once (decision 0214).
  if (updated.role !== user.role) await tellRoomsUserChanged(env, { userId: user.id, role: updated.role });
  return Response.json(toUserView(updated));
});
