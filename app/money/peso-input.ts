import { z } from "zod";

/**
 * The one rule for an amount of pesos a person types (claims, cash-outs, remittances and
 * adjustments, the co-op's settings, proposals, an admin's cancellation fee), shared by every
 * schema that reads one, on the page and on the server: digits with a decimal point, thousands
 * separated by commas or not ("1,500", "1500.50"), a peso sign or a minus sign in front. A comma
 * elsewhere ("1,5", "15,00") is not read: it may be a decimal comma, and guessing would move the
 * amount a hundredfold. Whether the amount fits (sign, size, centavos) is each schema's own check.
 */
const PESO_TEXT = /^([-−])?\s*(?:₱|PHP|P)?\s*(\d{1,3}(?:,\d{3})+|\d*)(\.\d+)?$/i;

/** Pesos as typed ("₱1,500.50", "-250", "1500"), as a number; null when the text is not an amount. */
export function parsePesoText(text: string): number | null {
  const match = PESO_TEXT.exec(text.trim());
  if (!match || (match[2] === "" && match[3] === undefined)) return null;
  const pesos = Number(`${match[2] || "0"}${match[3] ?? ""}`.replace(/,/g, ""));
  if (!Number.isFinite(pesos)) return null;
  return match[1] ? -pesos : pesos;
}

/** Whether an amount of pesos has at most 2 decimals (whole centavos). */
const isWholeCentavos = (pesos: number) => Math.abs(Math.round(pesos * 100) - pesos * 100) < 1e-6;

/**
 * `schema` (a z.number of pesos) reading typed text too: a form's field or a multipart body's
 * value by `parsePesoText`, an empty one as missing; a JSON number as it is. Text that is not an
 * amount reaches `schema` as text, which refuses it with its "not a number" message.
 */
export const typedPesos = <S extends z.ZodTypeAny>(schema: S) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value;
    if (value.trim() === "") return undefined;
    return parsePesoText(value) ?? value;
  }, schema);

/**
 * The sign an amount must have: "positive" more than ₱0; "zeroOrMore" ₱0 and up; "nonZero" anything
 * but ₱0, from −max to max (an adjustment gives or takes).
 */
export type PesoSign = "positive" | "zeroOrMore" | "nonZero";

/** The refusals of `pesoAmount`, each an encoded message of its domain's catalog. */
export interface PesoAmountMessages {
  /** Nothing typed or sent. */
  required: string;
  /** Not an amount ("five hundred"). */
  notNumber: string;
  /** The wrong sign: ₱0 or less for "positive", below ₱0 for "zeroOrMore", ₱0 for "nonZero". */
  sign: string;
  /** Above the limit. */
  tooLarge: string;
  /** Below −limit ("nonZero" only; `tooLarge` when absent). */
  tooSmall?: string;
  /** More than 2 decimals. */
  centavos: string;
}

/**
 * The one rule of an amount of pesos a person types or a client sends (`typedPesos` reads the text):
 * a number of the given sign, at most `max` (a limit of ./peso-limits.ts), with at most 2 decimals
 * (whole centavos). The sign and size are checked before the centavos, each refusal its own message.
 */
export function pesoAmount(max: number, sign: PesoSign, says: PesoAmountMessages) {
  const number = z.number({ required_error: says.required, invalid_type_error: says.notNumber });
  const signed: z.ZodType<number> =
    sign === "positive"
      ? number.positive(says.sign).max(max, says.tooLarge)
      : sign === "zeroOrMore"
        ? number.min(0, says.sign).max(max, says.tooLarge)
        : number
            .min(-max, says.tooSmall ?? says.tooLarge)
            .max(max, says.tooLarge)
            .refine((pesos) => pesos !== 0, says.sign);
  return typedPesos(signed.refine(isWholeCentavos, says.centavos));
}
