import { translateMessage } from "./i18n.server";
import type { Language } from "./languages";
import { decodeMessage, type MessageValue } from "./message";

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

/**
 * A stored text as a value of another message (a proposal's title in its notification or SMS): what
 * the system wrote is a nested message, put into words with the message that carries it, in the
 * reader's language; anything else is carried as written.
 */
export const storedTextValue = (text: string): MessageValue => decodeMessage(text) ?? text;
