/**
 * The free-text rule (see `text.ts`) without zod, so pages can check it in the browser within
 * their JavaScript budget (decision 0188); `safeText` builds the zod version from it.
 */
import { encodeMessage, type MessageDescriptor } from "~/i18n/message";

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A text's length as its limits count it, on the page and on the server: characters as people
 * see them, an emoji one (a JavaScript string's `length` and an input's `maxLength` count UTF-16
 * units, an emoji two), after the NFC normalisation the text is stored with ("ñ" typed as n and a
 * combining tilde is one). Code points, not grapheme clusters: a family emoji joined with
 * zero-width joiners counts as its parts, the same in every browser and in the Worker.
 */
export function textLength(value: string): number {
  let length = 0;
  for (const _ of value.normalize("NFC")) length += 1;
  return length;
}

export interface TextOptions {
  /** Line breaks and tabs allowed (notes, descriptions, comments). */
  multiline?: boolean;
}

/**
 * Why `value` is not acceptable free text, or null: an encoded message (app/i18n/message.ts) naming
 * the field by `label`, a word of the catalogs (`word("server.auth.field.firstName")`).
 */
export function textProblem(label: MessageDescriptor, value: string, options: TextOptions = {}): string | null {
  if (CONTROL.test(value)) return encodeMessage("server.validation.textControl", { label });
  if (!options.multiline && LINE_BREAK_OR_TAB.test(value))
    return encodeMessage("server.validation.textLineBreak", { label });
  if (BIDI_CONTROL.test(value)) return encodeMessage("server.validation.textDirection", { label });
  if (LONE_SURROGATE.test(value)) return encodeMessage("server.validation.textInvalidCharacter", { label });
  return null;
}
