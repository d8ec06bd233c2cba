import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { answerRefusal } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { safeReturnPath } from "~/http/return-path";
import { chooseLanguageFor } from "./route.server";

/**
 * POST /language (`lang`, `returnTo`): the language switch as a plain form, so it works before
 * or without JavaScript; back to the page it was pressed on, now in the chosen language. An
 * unknown language is refused in the reader's (still unchanged) language.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await request.formData().catch(() => null);
  const chosen = await chooseLanguageFor(request, context.cloudflare.env, form?.get("lang"));
  if (!chosen) return answerRefusal(args, new Refusal(400, "server.auth.languageInvalid", undefined, "lang"));
  return redirect(safeReturnPath(form?.get("returnTo")), { status: 303, headers: { "Set-Cookie": chosen.setCookie } });
}

export const loader = () => redirect("/");
