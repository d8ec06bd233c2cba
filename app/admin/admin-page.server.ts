import { data } from "@remix-run/cloudflare";
import { rolePageAccess } from "~/auth/role-page.server";
import { BRAND_NAME } from "~/components/brand";
import type { MessageId, Namespace } from "~/i18n/catalogs";
import { languageOf, messagesFor, translate } from "~/i18n/i18n.server";

/**
 * For the admin pages' loaders: who may use the page (`rolePageAccess`), and what every answer of
 * the page carries whoever asks: its messages (`admin`, the page's own namespaces, and `server`
 * for the English the forms' rules write) and its <title>, in the reader's language. A non-admin's
 * Access Denied notice (status 403) is in their language too.
 */
export async function adminPageAccess(
  request: Request,
  env: Env,
  { namespaces = [], title }: { namespaces?: Namespace[]; title: MessageId<"admin"> | MessageId<"adminMoney"> },
) {
  const { user, denied } = await rolePageAccess(request, env, "admin");
  const language = languageOf(request, user);
  const page = {
    i18n: messagesFor(language, ["admin", ...namespaces, "server"]),
    title: translate(language, title as MessageId<"admin">, { brand: BRAND_NAME }),
  };
  return { user, page, denied: denied ? data({ allowed: false as const, ...page }, { status: 403 }) : null };
}
