/**
 * Formats a message compiled by Lingui's `compileMessage` (the server compiles the catalogs,
 * `i18n.server.ts`) in the browser: placeholders, plural / selectordinal (with `#` and `offset`),
 * select, number, date and time, the way `@lingui/core`'s `i18n._` does. The browser keeps only
 * this: Lingui's runtime (its I18n class, event emitter and formatters) was 2.2 KB of gzipped
 * JavaScript on every page, against 90 KB for the whole landing (decisions 0188 and 0160).
 * `test/workerd/format-message.test.ts` checks it against Lingui on every catalog message.
 */
import { groupDigits } from "./digits";

export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [name: string, type?: string, format?: unknown];
export type CompiledMessages = Record<string, CompiledMessage>;

const OCTOTHORPE = "\u0000#\u0000";
const ESCAPE = /\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g;

const own = (object: unknown, key: string) =>
  object && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;

function formatNumber(locale: string, value: unknown, options?: Intl.NumberFormatOptions) {
  // A plain whole number ("3 deliveries") needs no Intl formatter, whose first use costs a page 60-90 ms (decision 0196).
  if (options === undefined && typeof value === "number" && Number.isInteger(value)) return groupDigits(value);
  return new Intl.NumberFormat([locale, "en"], options).format(value as number);
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, type: "cardinal" | "ordinal", value: number) {
  let rules = pluralRules.get(`${locale} ${type}`);
  if (!rules) pluralRules.set(`${locale} ${type}`, (rules = new Intl.PluralRules([locale, "en"], { type })));
  return rules.select(value);
}

function formatDate(locale: string, value: unknown, format: unknown, time: boolean) {
  let options: Intl.DateTimeFormatOptions;
  if (typeof format === "object" && format) options = format as Intl.DateTimeFormatOptions;
  else if (time) {
    options = { second: "numeric", minute: "numeric", hour: "numeric" };
    if (format === "full" || format === "long") options.timeZoneName = "short";
    if (format === "short") delete options.second;
  } else {
    options = {
      day: "numeric",
      month: format === "short" ? "numeric" : format === "long" || format === "full" ? "long" : "short",
      year: "numeric",
    };
    if (format === "full") options.weekday = "long";
  }
  return new Intl.DateTimeFormat([locale, "en"], options).format(
    typeof value === "string" ? new Date(value) : (value as Date),
  );
}

/** The message in `locale` with `values`; a plain string comes back as it is. */
export function formatMessage(message: CompiledMessage, locale: string, values: Record<string, unknown> = {}): string {
  const format = (tokens: CompiledMessage, inPlural: boolean): string => {
    if (!Array.isArray(tokens)) return tokens;
    let out = "";
    for (const token of tokens) {
      if (typeof token === "string") {
        out += token === "#" && inPlural ? OCTOTHORPE : token;
        continue;
      }
      const [name, type, options] = token;
      const value = own(values, name);
      let piece: unknown = value;
      if (type === "plural" || type === "selectordinal") {
        const { offset = 0, ...cases } = options as Record<string, CompiledMessage> & { offset?: number };
        const rule = pluralCategory(locale, type === "plural" ? "cardinal" : "ordinal", (value as number) - offset);
        const chosen = cases[value as string] ?? cases[rule] ?? cases.other ?? "";
        piece = format(chosen, true)
          .split(OCTOTHORPE)
          .join(formatNumber(locale, (value as number) - offset));
      } else if (type === "select") {
        const cases = options as Record<string, CompiledMessage>;
        piece = format((own(cases, String(value)) as CompiledMessage | undefined) ?? cases.other ?? "", false);
      } else if (type === "number") {
        piece = formatNumber(
          locale,
          value,
          typeof options === "object" ? (options as Intl.NumberFormatOptions) : { style: options as "decimal" },
        );
      } else if (type === "date" || type === "time") {
        piece = formatDate(locale, value, options, type === "time");
      }
      if (piece != null) out += String(piece);
    }
    return out;
  };
  const result = format(message, false);
  return result.replace(ESCAPE, (_, unicode: string, hex: string) => String.fromCharCode(parseInt(unicode ?? hex, 16)));
}
