import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { updateProfile } from "~/auth/accounts.server";
import { profileSchema } from "~/auth/auth-schemas";
import { requireApiUser } from "~/auth/session.server";
import { toUserView } from "~/auth/user-view";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

export const loader = methodNotAllowed;
export const action = apiHandler(["PATCH"], async (args: ActionFunctionArgs) => {
  const user = await requireApiUser(args);
  const profile = await readJsonBody(args.request, profileSchema);
  return Response.json(toUserView(await updateProfile(getDb(args.context.cloudflare.env.DB), user, profile)));
});
