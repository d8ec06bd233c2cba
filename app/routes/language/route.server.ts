import { eq } from "drizzle-orm";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { isLanguage, languageCookieHeader, type Language } from "~/i18n/languages";

/**
 * The switch (footer, top bar): remembers the language in the `lang` cookie and, for a signed-in
 * person, as their account's setting, so their texts and emails follow it too.
 */
export async function chooseLanguageFor(
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
