import type { MessageId, Namespace } from "./catalogs";

type Compiled = string | (string | unknown[])[];
interface MatchWithData {
  data?: unknown;
}

/**
 * A message for a route's `meta` (a `<title>`, a description): meta functions cannot use hooks, so
 * this reads the compiled messages the loaders sent (`i18n` in any matched route's data). Only
 * messages without placeholders; `fallback` (the English) when no loader sent it, e.g. on an error.
 */
export function metaText<N extends Namespace>(
  matches: readonly MatchWithData[],
  id: MessageId<N>,
  fallback: string,
): string {
  for (const match of [...matches].reverse()) {
    const compiled = (match.data as { i18n?: Record<string, Compiled> } | null | undefined)?.i18n?.[id];
    if (typeof compiled === "string") return compiled;
    if (Array.isArray(compiled) && compiled.every((part) => typeof part === "string")) return compiled.join("");
  }
  return fallback;
}
