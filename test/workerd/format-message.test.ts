import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "~/i18n/catalogs";
import { formatMessage, type CompiledMessage } from "~/i18n/format-message";

// The browser formats the compiled messages itself (app/i18n/format-message.ts) instead of loading
// Lingui's runtime; the server keeps Lingui. Both must give the same text for every message.
const lingui = (locale: string, message: string, values?: Record<string, unknown>) =>
  setupI18n({ locale, messages: { [locale]: { m: compileMessage(message) } } })._("m", values);
const ours = (locale: string, message: string, values?: Record<string, unknown>) =>
  formatMessage(compileMessage(message) as CompiledMessage, locale, values);

/** A value for every argument a message names, by the name's look. */
function sampleValues(message: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, name = ""] of message.matchAll(/\{\s*([a-zA-Z_]\w*)/g)) {
    values[name] = /count|year|max|min|number|total|days|hours|minutes|amount|rate|percent/i.test(name)
      ? 3
      : `«${name}»`;
  }
  return values;
}

describe("formatMessage (the browser's formatter of compiled messages)", () => {
  it("gives Lingui's text for every message of every catalog, in both languages", () => {
    let checked = 0;
    for (const catalogs of Object.values(CATALOGS)) {
      for (const [language, messages] of Object.entries(catalogs)) {
        for (const [key, text] of Object.entries(messages as Record<string, string>)) {
          const values = sampleValues(text);
          expect(ours(language, text, values), key).toBe(lingui(language, text, values));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("formats plural, selectordinal, select, number and date arguments as Lingui does", () => {
    const plural = "{count, plural, =0 {No riders} one {# rider} other {# riders, offset {count}}}";
    const withOffset = "{guests, plural, offset:1 =0 {nobody} one {you} other {you and # others}}";
    const nested = "{gender, select, female {{count, plural, one {her # job} other {her # jobs}}} other {their #}}";
    const ordinal = "{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}";
    const figures =
      "{amount, number} · {share, number, percent} · {when, date} · {when, date, long} · {when, time, short}";
    const escaped = "Caf\\u00e9 \\x41 '{literal}' {name}";
    for (const locale of ["en", "fil"]) {
      for (const count of [0, 1, 2, 5, 1234]) {
        expect(ours(locale, plural, { count }), `${locale} ${count}`).toBe(lingui(locale, plural, { count }));
        expect(ours(locale, withOffset, { guests: count })).toBe(lingui(locale, withOffset, { guests: count }));
        expect(ours(locale, ordinal, { place: count })).toBe(lingui(locale, ordinal, { place: count }));
        for (const gender of ["female", "male", "constructor"]) {
          expect(ours(locale, nested, { gender, count })).toBe(lingui(locale, nested, { gender, count }));
        }
      }
      const when = new Date(Date.UTC(2026, 10, 23, 9, 30));
      expect(ours(locale, figures, { amount: 12345.5, share: 0.85, when })).toBe(
        lingui(locale, figures, { amount: 12345.5, share: 0.85, when }),
      );
      expect(ours(locale, escaped, { name: "Ana" })).toBe(lingui(locale, escaped, { name: "Ana" }));
    }
    expect(ours("en", plural, { count: 1 })).toBe("1 rider");
    expect(ours("en", "Hi {name}, {missing}!", { name: "Ana" })).toBe("Hi Ana, !");
  });
});
