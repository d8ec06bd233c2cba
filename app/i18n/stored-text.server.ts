import { translateMessage } from "./i18n.server";
import type { Language } from "./languages";
import { decodeMessage } from "./message";

/**
 * A text stored in a record that people read (a ledger entry's note, a payout's failure reason) in
 * this language: what the system wrote is an encoded message (`encodeMessage`), put into words here;
 * anything else (an admin's own words, a gateway's code, rows written before notes had ids) reads as
 * written. Pages do the same with `useMessageText()`.
 */
export function storedText(language: Language, text: string): string;
export function storedText(language: Language, text: string | null): string | null;
export function storedText(language: Language, text: string | null): string | null {
  if (text === null) return null;
  const descriptor = decodeMessage(text);
  return descriptor ? translateMessage(language, descriptor) : text;
}
