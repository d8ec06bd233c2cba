import type { z } from "zod";
import type { MessageDescriptor } from "~/i18n/message";
import { textLength, textProblem, type TextOptions } from "./text-rules";

/**
 * The one rule for free text people type (names, addresses, descriptions, notes, reasons,
 * comments), shared by every form and body schema: no control characters (line breaks and tabs
 * only where `multiline`), no lone surrogates (broken UTF-16 that shows as garbage), no bidirectional
 * controls (U+202E and friends, which make a rider's or admin's screen show text reversed). Refused
 * with a message naming the field; accepted text is stored NFC-normalised, so an "ñ" typed as
 * n + combining tilde is the same "ñ" everywhere.
 */
export { textProblem, type TextOptions };

/**
 * A free text's limit, counted by `textLength` (an emoji is one character), for `.superRefine`
 * where a string schema would say `.max(max, message)` (which counts an emoji as two). Fields
 * with a limit carry no `maxLength` either, for the same reason; the page shows a live count
 * (`TextCount`) where a limit can be reached.
 */
export const lengthAtMost = (max: number, message: string) => (value: string, ctx: z.RefinementCtx) => {
  if (textLength(value) > max)
    ctx.addIssue({ code: "too_big", type: "string", maximum: max, inclusive: true, message });
};

/**
 * Adds the free-text rule to a string schema (after its own checks): refuses what `textProblem`
 * refuses, then NFC-normalises.
 */
export function safeText<Input>(
  schema: z.ZodType<string, z.ZodTypeDef, Input>,
  label: MessageDescriptor,
  options: TextOptions = {},
) {
  return schema
    .superRefine((value, ctx) => {
      const problem = textProblem(label, value, options);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.normalize("NFC"));
}
