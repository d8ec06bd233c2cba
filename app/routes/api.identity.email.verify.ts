import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { emailVerifyBody } from "~/auth/auth-schemas";
import { confirmEmailLink, issueIdentityToken } from "~/auth/identity.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

export const loader = methodNotAllowed;

export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const { env } = context.cloudflare;
  const body = await readJsonBody(request, emailVerifyBody);
  const verification = await confirmEmailLink(getDb(env.DB), body);
  return Response.json({ idToken: await issueIdentityToken(env, verification) });
});
