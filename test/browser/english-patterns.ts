/**
 * Catalog messages with `{name}` placeholders as matchers, for the browser tests that look for
 * English left on a Filipino page: "You can cash out at most {amount}." matches "You can cash out
 * at most ₱120.00." (test/browser/filipino.ts).
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
