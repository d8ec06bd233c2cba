/**
 * Hatid's two languages (docs/guide/language.md). Which one a person reads: their account's setting,
 * else the `lang` cookie (the footer's and top bar's switch), else the browser's Accept-Language
 * (`fil` or `tl` mean Filipino), else English. Numbers, money and dates stay en-PH in both.
 */
export const LANGUAGES = ["en", "fil"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";
const LANGUAGE_COOKIE = "lang";

export const isLanguage = (value: unknown): value is Language => value === "en" || value === "fil";

/** The best of our languages in an Accept-Language header, by its q-values; null when it names neither. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    if (primary === "fil" || primary === "tl") return "fil";
    if (primary === "en") return "en";
  }
  return null;
}

/** The value of the `lang` cookie in a Cookie header, when it names one of our languages. */
function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  const match = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? "");
  const value = match?.[1]?.trim();
  return isLanguage(value) ? value : null;
}

export function chooseLanguage(sources: {
  setting?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Language {
  if (isLanguage(sources.setting)) return sources.setting;
  return languageFromCookie(sources.cookie) ?? languageFromAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The `lang` cookie for a year, readable by the server only (the page learns the language from its loader). */
export const languageCookieHeader = (language: Language, secure: boolean) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
