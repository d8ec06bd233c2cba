import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { exchangeIdentityToken } from "~/auth/sign-in.server";
import { apiHandler, methodNotAllowed } from "~/http/api.server";

export const loader = methodNotAllowed;
export const action = apiHandler(["POST"], (args: ActionFunctionArgs) => exchangeIdentityToken(args, "sms"));
