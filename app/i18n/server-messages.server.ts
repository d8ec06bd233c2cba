import { CATALOGS } from "./catalogs";
import type { Language } from "./languages";
import { catalogTranslator } from "./message-patterns";

type ServerId = keyof typeof CATALOGS.legacyServer.en;

/** The `server` catalog's ids are the English the code writes; a `{name}` in one stands for any text. */
const toCatalog = catalogTranslator(Object.keys(CATALOGS.legacyServer.en) as ServerId[]);

/** A message the server wrote in English, in `language`; as written when the catalog lacks it. */
export function translateServerMessage(message: string, language: Language): string {
  return language === "en" ? message : toCatalog(message, CATALOGS.legacyServer[language]);
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
