import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { emailSendBody } from "~/auth/auth-schemas";
import { sendSignInLink } from "~/auth/sign-in.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";

export const loader = methodNotAllowed;

/** Sends a sign-in link. The answer is the same whether or not an account exists for the address. */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const body = await readJsonBody(request, emailSendBody);
  await sendSignInLink(request, context.cloudflare.env, body.email, body.captchaToken);
  return Response.json({ ok: true });
});
