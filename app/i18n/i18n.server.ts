import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { eq } from "drizzle-orm";
import { getSessionUser } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { CATALOGS, type MessageId, type Namespace } from "./catalogs";
import { chooseLanguage, type Language } from "./languages";
import { resolveMessage, resolveValues, type MessageDescriptor, type MessageValues } from "./message";

/** Compiled once per isolate: `{ "common.footer.customers": compiled, ... }` by language and namespace. */
const compiled = new Map<string, Messages>();

function compiledNamespace(language: Language, namespace: Namespace): Messages {
  const key = `${language}:${namespace}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = {};
    for (const [id, text] of Object.entries(CATALOGS[namespace][language] as Record<string, string>)) {
      messages[`${namespace}.${id}`] = compileMessage(text);
    }
    compiled.set(key, messages);
  }
  return messages;
}

/** A namespace, or one area of it: `"server.booking"` is the server's booking messages only. */
export type CatalogPart = Namespace | `${Namespace}.${string}`;

/**
 * The compiled messages of these namespaces (or areas of them), for a loader to hand to its page
 * (`i18n` in its data).
 */
export function messagesFor(language: Language, parts: CatalogPart[]): Messages {
  return Object.assign({}, ...parts.map((part) => messagesOfPart(language, part)));
}

function messagesOfPart(language: Language, part: CatalogPart): Messages {
  const dot = part.indexOf(".");
  if (dot === -1) return compiledNamespace(language, part as Namespace);
  const all = compiledNamespace(language, part.slice(0, dot) as Namespace);
  const prefix = `${part}.`;
  return Object.fromEntries(Object.entries(all).filter(([id]) => id.startsWith(prefix)));
}

const translators = new Map<Language, I18n>();

function translator(language: Language): I18n {
  let i18n = translators.get(language);
  if (!i18n) {
    const all = Object.assign(
      {},
      ...(Object.keys(CATALOGS) as Namespace[]).map((namespace) => compiledNamespace(language, namespace)),
    );
    i18n = setupI18n({ locale: language, messages: { [language]: all } });
    translators.set(language, i18n);
  }
  return i18n;
}

/** A message in this language, for the server's own texts (SMS, emails, answers). */
export function translate<N extends Namespace>(
  language: Language,
  id: MessageId<N>,
  values?: Record<string, unknown>,
): string {
  return translator(language)._(id, values);
}

/** A message id with its values in this language, word values (statuses, kinds) translated too. */
export function translateMessage(language: Language, descriptor: MessageDescriptor): string {
  const i18n = translator(language);
  return resolveMessage(descriptor, (id, values) => i18n._(id, values));
}

/** Values with their word values in this language, as an `/api` answer's `values` carries them. */
export function translateValues(language: Language, values: MessageValues | undefined): Record<string, unknown> {
  const i18n = translator(language);
  return resolveValues(values, (id, inner) => i18n._(id, inner)) ?? {};
}

/** The language of whoever sent this request: their account's setting, else the cookie, header, English. */
export function languageOf(request: Request, user?: { language?: string | null } | null): Language {
  return chooseLanguage({
    setting: user?.language,
    cookie: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

/** Like `languageOf`, looking up the signed-in user when the request carries a session. */
export async function requestLanguage(request: Request, env: Env): Promise<Language> {
  return languageOf(request, await getSessionUser(request, env));
}

/** The language an account chose, found by its id, number or email; null when it chose none or there is no such account. */
export async function accountLanguage(
  env: Env,
  who: { userId: string } | { phoneNumber: string } | { email: string },
): Promise<Language | null> {
  const filter =
    "userId" in who
      ? eq(users.id, who.userId)
      : "phoneNumber" in who
        ? eq(users.phoneNumber, who.phoneNumber)
        : eq(users.email, who.email);
  const [row] = await getDb(env.DB).select({ language: users.language }).from(users).where(filter).limit(1);
  return row?.language ?? null;
}
