import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { MessageId, Namespace } from "./catalogs";
import { formatMessage, type CompiledMessages } from "./format-message";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";
import { decodeMessage, resolveMessage, type MessageDescriptor } from "./message";

/** What a loader puts in its data for the page: the compiled messages of its namespaces. */
interface I18nData {
  i18n?: CompiledMessages;
}

const identities = new WeakMap<object, number>();
let lastIdentity = 0;
/** A number per catalog object: loader data is replaced, not mutated, when it changes. */
function identityOf(catalog: object): number {
  let id = identities.get(catalog);
  if (id === undefined) identities.set(catalog, (id = ++lastIdentity));
  return id;
}

/** The page's language, as the root loader decided it. */
export function useLanguage(): Language {
  const language = (useRouteLoaderData("root") as { language?: unknown } | undefined)?.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * Gives the pages every message their loaders sent (root's `common`, and each route's own), in
 * the page's language. Messages come with the data, never in the JavaScript bundles: a page
 * downloads only its own namespaces in its own language.
 */
export function TranslationProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const matches = useMatches();
  const catalogs: CompiledMessages[] = [];
  for (const match of matches) {
    const catalog = (match.data as I18nData | undefined)?.i18n;
    if (catalog) catalogs.push(catalog);
  }
  const key = catalogs.map(identityOf).join(",");
  const translator = useMemo((): Translator => {
    const messages: CompiledMessages = Object.assign({}, ...catalogs);
    // A message no loader sent shows its id (which the browser tests look for) rather than throwing.
    const translate = (id: string, values?: Record<string, unknown>) => {
      const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
      return message === undefined ? id : formatMessage(message, language, values);
    };
    return { translate, messages };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, key]);
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

// A context of our own rather than @lingui/react's provider: the pages re-render through Remix's
// revalidation when the language or the messages change, so its change events buy nothing, and it
// would add 1.1 KB of gzipped JavaScript to every page (the landing's budget is 90 KB). Likewise
// the browser formats the compiled messages itself (format-message.ts) instead of loading Lingui.
interface Translator {
  translate: (id: string, values?: Record<string, unknown>) => string;
  messages: CompiledMessages;
}
const I18nContext = createContext<Translator | null>(null);

/** `t("common.footer.customers")`, `t("common.footer.rights", { year, brand })`. */
export function useT() {
  const translator = useContext(I18nContext);
  return <N extends Namespace>(id: MessageId<N>, values?: Record<string, unknown>) =>
    translator ? translator.translate(id, values) : id;
}

/**
 * A message id with its values, or its encoded string (a zod rule checked in the browser, a
 * conform field error), in the page's language; the page's loader must have sent its catalog part
 * (e.g. `"server.booking"`). Text that is not a message id (already in words, e.g. an `/api`
 * answer's `error`) is shown as it is.
 */
export function useMessageText() {
  const translator = useContext(I18nContext);
  return (said: MessageDescriptor | string): string => {
    const descriptor = typeof said === "string" ? decodeMessage(said) : said;
    if (!descriptor) return said as string;
    return translator ? resolveMessage(descriptor, translator.translate) : descriptor.id;
  };
}
