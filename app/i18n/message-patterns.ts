/**
 * English messages with `{name}` placeholders as matchers: "You can cash out at most ₱{amount}."
 * matches "You can cash out at most ₱120." with `{ amount: "₱120" }`-style values. Used to carry a
 * message the code wrote in English (a zod rule, an API refusal) into its translation, on the
 * server (app/i18n/server-messages.server.ts) and in the browser (`useMessageT` in i18n.tsx).
 */
export interface MessagePattern {
  english: string;
  names: string[];
  match: RegExp | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function messagePattern(english: string): MessagePattern {
  const names: string[] = [];
  const source = english
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return "(.+?)";
    })
    .join("");
  return { english, names, match: names.length ? new RegExp(`^${source}$`) : null };
}

/** The placeholder values `message` gives `pattern`, or null when it is not an instance of it. */
export function valuesOf(pattern: MessagePattern, message: string): Record<string, string> | null {
  if (!pattern.match) return message === pattern.english ? {} : null;
  const found = pattern.match.exec(message);
  if (!found) return null;
  return Object.fromEntries(pattern.names.map((name, index) => [name, found[index + 1] ?? ""]));
}

/** `{name}`s in `template` replaced by `values` (unknown names kept as written). */
export const fillIn = (template: string, values: Record<string, string>) =>
  template.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * Most specific first: the pattern with more literal text wins, so "Pickup address must be at most
 * {max} characters" is chosen over "{field} must be at most {max} characters" whatever the order of
 * the catalog (areas add their messages independently).
 */
export const bySpecificity = (a: { pattern: MessagePattern }, b: { pattern: MessagePattern }) =>
  literalLength(b.pattern) - literalLength(a.pattern);

const literalLength = ({ english }: MessagePattern) => english.replace(/\{[a-zA-Z]+\}/g, "").length;

/**
 * Translates messages written in English into a catalog whose ids are that English (`{name}` standing
 * for any text): an exact id first, then the most specific pattern that matches, its values filled
 * into the translation; the message as written when the catalog lacks it.
 */
export function catalogTranslator<Id extends string>(ids: readonly Id[]) {
  const patterns = ids.map((id) => ({ id, pattern: messagePattern(id) })).sort(bySpecificity);
  const exact = new Set<string>(patterns.filter(({ pattern }) => !pattern.match).map(({ id }) => id));
  return (message: string, translations: Record<Id, string>): string => {
    if (exact.has(message)) return translations[message as Id];
    for (const { id, pattern } of patterns) {
      if (!pattern.match) continue;
      const values = valuesOf(pattern, message);
      if (values) return fillIn(translations[id], values);
    }
    return message;
  };
}
