import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CITY_GROUPS } from "~/places/cities";
import { INSURANCE_PER_DELIVERY } from "~/ledger/ledger-rules";
import { RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { formatPesosShort } from "~/money/money";
import { MEMBERSHIP_DELIVERIES_NEEDED, MEMBERSHIP_FEE, MEMBERSHIP_MIN_RATING } from "~/riders/membership";
import { DEFAULT_SETTINGS, NO_CONTACTS, type CoopSettings } from "~/settings/coop-settings";
import { api, signedIn } from "./helpers";

/**
 * The public pages a newcomer reads before signing in (the landing, /become-rider, /help) state the
 * same figures, and the figures of the settings in force and of the code: no page contradicts
 * another. Each test puts its own settings version in force, as a save or a passed vote does.
 */
async function inForce(change: Partial<CoopSettings>) {
  const admin = await signedIn("admin");
  await env.DB.prepare("INSERT INTO coop_settings_versions (settings, created_at, created_by) VALUES (?1, ?2, ?3)")
    .bind(JSON.stringify({ ...DEFAULT_SETTINGS, ...change }), Date.now(), admin.user.id)
    .run();
}

const PAGES = ["/", "/become-rider", "/help"] as const;

/** A page's visible text, one line, as a reader would read it (scripts and tags gone, entities decoded). */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function pages(language: "en" | "fil" = "en") {
  const cookie = language === "fil" ? "lang=fil" : "";
  const entries = await Promise.all(
    PAGES.map(async (path) => {
      // /help shows one topic at a time (its tabs are links): all three, as one reader would read them.
      const urls = path === "/help" ? ["customers", "riders", "pricing"].map((tab) => `/help?tab=${tab}`) : [path];
      const html = (
        await Promise.all(
          urls.map(async (url) => {
            const page = await api(url, { cookie });
            expect(page.status, url).toBe(200);
            return page.text;
          }),
        )
      ).join("\n");
      return [path, { html, text: visibleText(html) }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<(typeof PAGES)[number], { html: string; text: string }>;
}

/** Every match's first group on each page, with the pages that state none. */
function stated(texts: Record<string, { text: string }>, pattern: RegExp) {
  return Object.fromEntries(
    Object.entries(texts).map(([path, { text }]) => [
      path,
      [...text.matchAll(new RegExp(pattern, "gi"))].map((m) => m.slice(1).find(Boolean)),
    ]),
  );
}

describe("the landing, /become-rider and /help agree with the settings and with each other", () => {
  it("rider share, membership, insurance and daily earnings: one figure each, the code's and the settings'", async () => {
    await inForce({});
    const en = await pages();

    const shares = stated(en, /(?:keeps?|get|gets) (\d+)% of (?:every|each)|(\d+)% of every delivery fee goes/);
    for (const path of PAGES) expect(shares[path], `${path}: rider share`).not.toHaveLength(0);
    expect(new Set(Object.values(shares).flat())).toEqual(new Set([String(RIDER_SHARE_PERCENT)]));

    // When a rider becomes a member-owner: one rule (after N deliveries with a rating of R), on every page.
    const membership = stated(en, /after (\d+ deliveries with a rating of [\d.]+)/);
    for (const path of PAGES) expect(membership[path], `${path}: membership`).not.toHaveLength(0);
    expect(new Set(Object.values(membership).flat())).toEqual(
      new Set([`${MEMBERSHIP_DELIVERIES_NEEDED} deliveries with a rating of ${MEMBERSHIP_MIN_RATING}`]),
    );
    for (const path of PAGES)
      expect(en[path].text, path).not.toMatch(
        /every rider is a member-owner|riders are member-owners|they are member-owners/i,
      );
    const fees = stated(en, /one-time (?:fee of )?(₱[\d,]+)|a one-time (₱[\d,]+) fee/);
    expect(new Set(Object.values(fees).flat())).toEqual(new Set([formatPesosShort(MEMBERSHIP_FEE)]));

    const insurance = stated(
      en,
      /(₱[\d,]+) per delivery (?:goes to the insurance|\))|only (₱[\d,]+) per delivery|funded with (₱[\d,]+) per delivery/,
    );
    expect(insurance["/become-rider"]).not.toHaveLength(0);
    expect(insurance["/help"]).not.toHaveLength(0);
    expect(new Set(Object.values(insurance).flat())).toEqual(new Set([formatPesosShort(INSURANCE_PER_DELIVERY)]));
    const cover = (text: string) => text.match(/(₱[\d,]+) accident and medical/)?.[1];
    expect(cover(en["/become-rider"].text)).toBeDefined();
    expect(cover(en["/become-rider"].text)).toBe(cover(en["/help"].text));

    const dailyTop = stated(en, /up to (₱[\d,]+) a day/);
    expect(new Set(Object.values(dailyTop).flat())).toEqual(new Set(["₱2,500"]));
  });

  it("the peak bonus and the incentives follow the settings in force, the same on /become-rider and /help", async () => {
    await inForce({
      peakHours: {
        ...DEFAULT_SETTINGS.peakHours,
        windows: DEFAULT_SETTINGS.peakHours.windows.map((w, i) => ({ ...w, surcharge: 1_700 + i * 600 })),
      },
    });
    const en = await pages();
    const amounts = DEFAULT_SETTINGS.peakHours.windows.map((_, i) => 1_700 + i * 600);
    const low = formatPesosShort(Math.min(...amounts));
    const high = formatPesosShort(Math.max(...amounts));
    const range = low === high ? low : `${low}-${high.slice(1)}`;
    expect(en["/become-rider"].text).toContain(`plus a ${range} bonus per delivery at peak hours`);
    expect(en["/help"].text).toContain(`peak-hours bonus of ${range} per delivery`);
  });

  it("a rider needs a phone with a browser, not an Android app; any city of the data may apply, as any may book", async () => {
    await inForce({});
    for (const language of ["en", "fil"] as const) {
      const texts = await pages(language);
      for (const path of PAGES)
        expect(texts[path].text, `${language} ${path}`).not.toMatch(/Android 10|Android phone/i);
    }
    const en = await pages();
    expect(en["/become-rider"].text).toContain("Hatid runs in your phone's browser, with nothing to install");
    expect(en["/"].text).toContain("across the Philippines");
    // The applicant's city: a field taking every city and municipality the booking page takes, not eight options.
    const html = en["/become-rider"].html;
    expect(html).not.toMatch(/<select[^>]*name="city"/);
    expect(html).toMatch(/<input[^>]*name="city"/);
    const offered = [...html.matchAll(/<option value="([^"]+)"/g)].map((m) =>
      m[1]!.replace(/&#x27;/g, "'").replace(/&amp;/g, "&"),
    );
    const all = CITY_GROUPS.flatMap((group) => group.values);
    expect(offered.length).toBe(all.length);
    expect(offered).toContain("Calbayog City, Samar");
  });

  it("contacts: every page shows the co-op's contacts in its footer when set, and none says “reach us” or “contact us” when none is", async () => {
    await inForce({ contacts: { hotline: "0917 555 0101", messenger: null, email: "tulong@hatid.coop" } });
    for (const language of ["en", "fil"] as const) {
      const texts = await pages(language);
      for (const path of PAGES) {
        const footer = texts[path].html.match(/<footer[\s\S]*?<\/footer>/)?.[0] ?? "";
        expect(footer, `${language} ${path}`).toContain('data-testid="footer-contacts"');
        expect(footer).toContain('href="tel:09175550101"');
        expect(footer).toContain('href="mailto:tulong@hatid.coop"');
      }
    }
    expect((await pages())["/help"].text).toContain("how to reach us");

    await inForce({ contacts: NO_CONTACTS });
    for (const language of ["en", "fil"] as const) {
      const texts = await pages(language);
      for (const path of PAGES) {
        expect(texts[path].html, `${language} ${path}`).not.toContain('data-testid="footer-contacts"');
        expect(texts[path].text, `${language} ${path}`).not.toMatch(/reach us|contact us|makontak|kontakin kami/i);
      }
    }
  });
});
