import { data } from "@remix-run/cloudflare";
import { rolePageAccess } from "~/auth/role-page.server";
import { BRAND_NAME } from "~/components/brand";
import type { MessageId } from "~/i18n/catalogs";
import { languageOf, messagesFor, translate, type CatalogPart } from "~/i18n/i18n.server";

/**
 * For the admin pages' loaders: who may use the page (`rolePageAccess`), and the page's words in
 * the reader's language: its <title> for everyone; its messages (`admin`, the page's own
 * namespaces, and `server` for the English its forms' rules write) for an admin only. A non-admin
 * gets the Access Denied notice (status 403) in their language and none of the page's texts; a
 * visitor sees the landing page, which the layout sends the messages of.
 */
export async function adminPageAccess(
  request: Request,
  env: Env,
  { namespaces = [], title: titleId }: { namespaces?: CatalogPart[]; title: MessageId<"admin"> | MessageId<"adminMoney"> | MessageId<"adminSetup"> },
) {
  const { user, denied } = await rolePageAccess(request, env, "admin");
  const language = languageOf(request, user);
  const title = translate(language, titleId as MessageId<"admin">, { brand: BRAND_NAME });
  if (denied) {
    const notice = { allowed: false as const, title, accessDenied: translate(language, "adminAccess.denied") };
    return { user, page: { title }, denied: data(notice, { status: 403 }) };
  }
  const page: { title: string; i18n?: ReturnType<typeof messagesFor> } = user ? { title, i18n: messagesFor(language, ["admin", ...namespaces]) } : { title };
  return { user, page, denied: null };
}
