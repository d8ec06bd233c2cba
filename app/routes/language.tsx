import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { chooseLanguageFor, safeReturnPath } from "~/i18n/language-choice.server";

/**
 * POST /language (`lang`, `returnTo`): the language switch as a plain form, so it works before
 * or without JavaScript; back to the page it was pressed on, now in the chosen language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const chosen = await chooseLanguageFor(request, context.cloudflare.env, form?.get("lang"));
  if (!chosen) return Response.json({ message: "Language must be en or fil" }, { status: 400 });
  return redirect(safeReturnPath(form?.get("returnTo")), { status: 303, headers: { "Set-Cookie": chosen.setCookie } });
}

export const loader = () => redirect("/");
