import { BRAND_NAME } from "~/components/brand";
import type { User } from "~/db/schema";
import type { MessageId } from "~/i18n/catalogs";
import { languageOf, messagesFor, translate, type CatalogPart } from "~/i18n/i18n.server";

/**
 * An admin page's words in the admin's language (the page's loader has passed `requireUser`): its
 * <title>, and its messages (`admin`, the page's own namespaces, and `server` for the English its
 * forms' rules write).
 */
export function adminPageWords(
  request: Request,
  user: User,
  {
    namespaces = [],
    title: titleId,
  }: { namespaces?: CatalogPart[]; title: MessageId<"admin"> | MessageId<"adminMoney"> | MessageId<"adminSetup"> },
) {
  const language = languageOf(request, user);
  return {
    title: translate(language, titleId as MessageId<"admin">, { brand: BRAND_NAME }),
    i18n: messagesFor(language, ["admin", ...namespaces]),
  };
}
