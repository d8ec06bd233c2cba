import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { emailSendBody } from "~/auth/auth-schemas";
import { clientAddressOf, emailBody, emailLink, IdentityError, startEmailVerification, verifyCaptcha } from "~/auth/identity.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { senderFor } from "~/messaging/messaging.server";

export const loader = methodNotAllowed;

/** Sends a sign-in link. The answer is the same whether or not an account exists for the address. */
export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const { env } = context.cloudflare;
  const body = await readJsonBody(request, emailSendBody);
  const clientAddress = clientAddressOf(request);
  await verifyCaptcha(env, body.captchaToken, clientAddress);
  const { token } = await startEmailVerification(env.DB, { email: body.email, clientAddress });
  const link = emailLink(new URL(request.url).origin, token);
  try {
    await senderFor(env, "email").send({ channel: "email", to: body.email, subject: "Your Hatid sign-in link", body: emailBody(link), link });
  } catch (error) {
    console.error("Email not sent", error);
    throw new IdentityError("auth/unavailable", 503);
  }
  return Response.json({ ok: true });
});
