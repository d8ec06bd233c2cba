import { z } from "zod";

/**
 * The one rule for free text people type (names, addresses, descriptions, notes, reasons,
 * comments), shared by every form and body schema: no control characters (line breaks and tabs
 * only where `multiline`), no lone surrogates (broken UTF-16 that shows as garbage), no bidirectional
 * controls (U+202E and friends, which make a rider's or admin's screen show text reversed). Refused
 * with a message naming the field; accepted text is stored NFC-normalised, so an "ñ" typed as
 * n + combining tilde is the same "ñ" everywhere.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface TextOptions {
  /** Line breaks and tabs allowed (notes, descriptions, comments). */
  multiline?: boolean;
}

/** Why `value` is not acceptable free text, or null. */
export function textProblem(label: string, value: string, options: TextOptions = {}): string | null {
  if (CONTROL.test(value) || (!options.multiline && LINE_BREAK_OR_TAB.test(value))) {
    return `${label} must not contain control characters${options.multiline ? "" : " or line breaks"}`;
  }
  if (BIDI_CONTROL.test(value)) return `${label} must not contain text-direction control characters`;
  if (LONE_SURROGATE.test(value)) return `${label} contains an invalid character`;
  return null;
}

/**
 * Adds the free-text rule to a string schema (after its own checks): refuses what `textProblem`
 * refuses, then NFC-normalises.
 */
export function safeText<Input>(schema: z.ZodType<string, z.ZodTypeDef, Input>, label: string, options: TextOptions = {}) {
  return schema
    .superRefine((value, ctx) => {
      const problem = textProblem(label, value, options);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.normalize("NFC"));
}
