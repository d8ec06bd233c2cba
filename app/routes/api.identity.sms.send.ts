import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { smsSendBody } from "~/auth/auth-schemas";
import { sendSignInCode } from "~/auth/sign-in.server";
import { apiHandler, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { isRefusal, Refusal } from "~/http/refusal";

export const loader = methodNotAllowed;

export const action = apiHandler(["POST"], async ({ request, context }: ActionFunctionArgs) => {
  const { env } = context.cloudflare;
  const body = await readJsonBody(request, smsSendBody).catch((error: unknown) => {
    throw phoneProblem(error);
  });
  const { verificationId } = await sendSignInCode(request, env, body.phoneNumber, body.captchaToken);
  return Response.json({ verificationId });
});

/** A phone number the schema refused: the login toast for it, missing or in the wrong format. */
function phoneProblem(error: unknown): unknown {
  if (!isRefusal(error) || error.status !== 400 || error.field !== "phoneNumber") return error;
  return new Refusal(
    400,
    error.id === "server.auth.phoneMissing" ? "server.auth.phoneMissing" : "server.auth.phoneInvalidFormat",
    undefined,
    "phoneNumber",
  );
}
