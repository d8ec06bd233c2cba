import { CATALOGS } from "./catalogs";
import type { Language } from "./languages";

interface Pattern {
  match: RegExp;
  names: string[];
  translations: Record<Language, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The `server` catalog as matchers: its ids are the English the code writes, and a `{name}` in
 * one stands for any text, carried into the translation as it is ("You can cash out at most ₱120.").
 */
const patterns: Pattern[] = Object.keys(CATALOGS.server.en).map((id) => {
  const names: string[] = [];
  const source = id
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return "(.+?)";
    })
    .join("");
  const translations = {
    en: CATALOGS.server.en[id as keyof typeof CATALOGS.server.en],
    fil: CATALOGS.server.fil[id as keyof typeof CATALOGS.server.fil],
  };
  return { match: new RegExp(`^${source}$`), names, translations };
});
const exact = new Map(patterns.filter((p) => p.names.length === 0).map((p) => [p.translations.en, p.translations]));

/** A message the server wrote in English, in `language`; as written when the catalog lacks it. */
export function translateServerMessage(message: string, language: Language): string {
  if (language === "en") return message;
  const known = exact.get(message);
  if (known) return known[language];
  for (const pattern of patterns) {
    if (pattern.names.length === 0) continue;
    const found = pattern.match.exec(message);
    if (!found) continue;
    return pattern.translations[language].replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
      const index = pattern.names.indexOf(name);
      return index >= 0 ? (found[index + 1] ?? whole) : whole;
    });
  }
  return message;
}

/**
 * An `/api` error answer (`{ message, errors? }`) in the caller's language. Only JSON error
 * answers are read; everything else passes untouched, so data and streams cost nothing.
 */
export async function translateErrorAnswer(response: Response, language: Language): Promise<Response> {
  if (language === "en" || response.status < 400 || !response.headers.get("Content-Type")?.includes("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return new Response(text, response);
  const answer = { ...(body as Record<string, unknown>) };
  if (typeof answer.message === "string") answer.message = translateServerMessage(answer.message, language);
  if (typeof answer.errors === "object" && answer.errors !== null) {
    answer.errors = Object.fromEntries(
      Object.entries(answer.errors as Record<string, unknown>).map(([field, messages]) => [
        field,
        Array.isArray(messages) ? messages.map((m) => (typeof m === "string" ? translateServerMessage(m, language) : m)) : messages,
      ]),
    );
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify(answer), { status: response.status, statusText: response.statusText, headers });
}
