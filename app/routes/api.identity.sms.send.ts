import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { smsSendBody } from "~/auth/auth-schemas";
import { IdentityError } from "~/auth/identity.server";
import { sendSignInCode } from "~/auth/sign-in.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { isRefusal } from "~/http/refusal";

export const loader = methodNotAllowed;

export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const { env } = context.cloudflare;
  const body = await readJsonBody(request, smsSendBody).catch((error: unknown) => {
    throw phoneProblem(error);
  });
  const { verificationId } = await sendSignInCode(request, env, body.phoneNumber, body.captchaToken);
  return Response.json({ verificationId });
});

/** A phone number the schema refused: answered with the identity code the login page maps to a toast. */
function phoneProblem(error: unknown): unknown {
  if (!isRefusal(error) || error.status !== 400) return error;
  const code = error.id === "legacyServer.Please enter a phone number" ? "auth/missing-phone-number" : "auth/invalid-phone-number";
  return new IdentityError(code, 400).toResponse();
}
