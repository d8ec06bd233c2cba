import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { deactivateAccount } from "~/auth/accounts.server";
import { deleteAccountSchema } from "~/auth/auth-schemas";
import { clearSessionCookieHeader, requireApiUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { tellRoomsUserChanged } from "~/tracking/room.server";

export const loader = methodNotAllowed;
export const action = apiHandler(["DELETE"], async (args: ActionFunctionArgs) => {
  const user = await requireApiUser(args);
  await readJsonBody(args.request, deleteAccountSchema);
  await deactivateAccount(getDb(args.context.cloudflare.env.DB), user);
  await tellRoomsUserChanged(args.context.cloudflare.env, { userId: user.id, signedOut: true });
  return Response.json({ ok: true }, { headers: { "Set-Cookie": clearSessionCookieHeader(args.request) } });
});
