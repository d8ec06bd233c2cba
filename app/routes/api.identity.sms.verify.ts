import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { smsVerifyBody } from "~/auth/auth-schemas";
import { confirmSmsCode, issueIdentityToken } from "~/auth/identity.server";
import { getDb } from "~/db/client.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

export const loader = methodNotAllowed;

export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const { env } = context.cloudflare;
  const body = await readJsonBody(request, smsVerifyBody);
  const verification = await confirmSmsCode(getDb(env.DB), { ...body, secret: env.SESSION_SECRET });
  return Response.json({ idToken: await issueIdentityToken(env, verification) });
});
