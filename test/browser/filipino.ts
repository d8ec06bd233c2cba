import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { messagePattern, valuesOf, type MessagePattern } from "./english-patterns";
import { baseURL } from "./browser";

/**
 * Walking pages in Filipino: every English catalog message that has a different
 * Filipino translation is a string the page must not show when the page is in Filipino. Names and
 * numbers are in no catalog, and messages that read the same in both languages ("Email", "Hatid")
 * are not looked for. A text that is a bare message id ("booking.title") is a missing key.
 */
const englishOnly = Object.values(
  CATALOGS as Record<string, { en: Record<string, string>; fil: Record<string, string> }>,
)
  .flatMap(({ en, fil }) => Object.entries(en).filter(([key, english]) => fil[key]?.trim() !== english.trim()))
  .map(([, english]) => messagePattern(english.trim()));
// A text that is itself a Filipino message is Filipino, even when an English pattern matches it
// ("Referral code", the form's label, is an instance of the admin's "Referral {code}").
const filipinoTexts = new Set(
  Object.values(CATALOGS as Record<string, { fil: Record<string, string> }>).flatMap(({ fil }) =>
    Object.values(fil).map((text) => text.trim()),
  ),
);
// The server catalog's ids are its English, so its keys are its English too.
const missingKey = new RegExp(`^(${Object.keys(CATALOGS).join("|")})\\.[A-Za-z0-9_.-]+$`);

/** A browser context that reads Filipino at 360px: a Filipino browser with the switch's cookie set. */
export async function filipinoContext(
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  options: BrowserContextOptions = {},
) {
  const context = await newContext({ viewport: { width: 360, height: 740 }, locale: "fil-PH", ...options });
  await context.addCookies([{ name: "lang", value: "fil", url: baseURL() }]);
  return context;
}

/** Every text node of the page (hidden ones too: a closed dialog is still the page's), and its labels. */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent === "SCRIPT" || parent === "STYLE" || parent === "NOSCRIPT" || parent === "TEMPLATE") continue;
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (text) texts.push(text);
    }
    for (const element of Array.from(
      document.body.querySelectorAll("[aria-label], [placeholder], [title], img[alt]"),
    )) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name)?.replace(/\s+/g, " ").trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title.trim());
    return texts;
  });
}

/**
 * Whether `text` is an instance of `pattern`. A pattern whose own words are short ("{index} of
 * {count}") would match any sentence with " of " in it (a package description, a Filipino phrase),
 * so it counts only when what fills its placeholders is names-free: numbers, money, times.
 */
function isInstance(pattern: MessagePattern, text: string): boolean {
  const values = valuesOf(pattern, text);
  if (!values) return false;
  const ownLetters = pattern.english.replace(/\{[a-zA-Z]+\}/g, "").replace(/[^\p{L}]/gu, "").length;
  return ownLetters >= 6 || Object.values(values).every((value) => !/\p{L}{2,}/u.test(value));
}

/** The page's texts that are English it has a Filipino translation for, or missing message ids. */
async function englishLeftOn(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await textsOf(page)) {
    if (missingKey.test(text)) found.add(`missing message: ${text}`);
    else if (filipinoTexts.has(text)) continue;
    else if (englishOnly.some((pattern) => isInstance(pattern, text))) found.add(text);
  }
  return [...found];
}

/** Fails, naming the page and the strings, when `page` shows English it has Filipino for. */
export async function expectAllFilipino(page: Page, where = page.url()) {
  expect(await page.evaluate(() => document.documentElement.lang), `${where}: <html lang>`).toBe("fil");
  expect(await englishLeftOn(page), `${where}: English left on a Filipino page`).toEqual([]);
}
