import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { answerRefusal } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import { safeReturnPath } from "~/http/return-path";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { isLanguage, languageCookieHeader, type Language } from "~/i18n/languages";

/**
 * The switch (footer, top bar): remembers the language in the `lang` cookie and, for a signed-in
 * person, as their account's setting, so their texts and emails follow it too.
 */
async function chooseLanguageFor(
  request: Request,
  env: Env,
  language: unknown,
): Promise<{ language: Language; setCookie: string } | null> {
  if (!isLanguage(language)) return null;
  const user = await getSessionUser(request, env);
  if (user && user.language !== language) {
    await getDb(env.DB).update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, user.id));
  }
  return { language, setCookie: languageCookieHeader(language, new URL(request.url).protocol === "https:") };
}

/**
 * POST /language (`lang`, `returnTo`): the language switch as a plain form, so it works before
 * or without JavaScript; back to the page it was pressed on, now in the chosen language. An
 * unknown language is refused in the reader's (still unchanged) language.
 */
export async function languageAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await request.formData().catch(() => null);
  const chosen = await chooseLanguageFor(request, context.cloudflare.env, form?.get("lang"));
  if (!chosen) return answerRefusal(args, new Refusal(400, "server.auth.languageInvalid", undefined, "lang"));
  return redirect(safeReturnPath(form?.get("returnTo")), { status: 303, headers: { "Set-Cookie": chosen.setCookie } });
}

/** GET /language: nothing to show; home. */
export const languageLoader = () => redirect("/");
