import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { changeRole } from "~/auth/accounts.server";
import { roleSchema } from "~/auth/auth-schemas";
import { requireApiUser } from "~/auth/session.server";
import { toUserView } from "~/auth/user-view";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

export const loader = methodNotAllowed;
export const action = apiHandler(["PATCH"], async (args: ActionFunctionArgs) => {
  const user = await requireApiUser(args);
  const { role } = await readJsonBody(args.request, roleSchema);
  return Response.json(toUserView(await changeRole(getDb(args.context.cloudflare.env.DB), user, role)));
});
