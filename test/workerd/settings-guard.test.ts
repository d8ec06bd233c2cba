import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/settings/coop-settings";
import { settingsToBody } from "~/settings/settings-schema";
import { api, putSettings, signedIn } from "./helpers";

/** Settings are changed with care (a >50% price change needs a second confirmation; the history says what changed). */
const put = (cookie: string, body: unknown) => putSettings(cookie, body);
const defaults = () => structuredClone(settingsToBody(DEFAULT_SETTINGS));
/** The tests of this file share one database: each starts from the built-in settings (a confirmed save). */
async function reset(cookie: string) {
  const answer = await put(cookie, { ...defaults(), confirmLargeChange: true });
  expect(answer.status, answer.text).toBe(200);
}

describe("settings guard rails", () => {
  it("a base fare of ₱4,000 is refused (409) until confirmLargeChange: true, and nothing is saved meanwhile", async () => {
    const admin = await signedIn("admin");
    await reset(admin.cookie);
    const before = (await api("/api/admin/settings", { cookie: admin.cookie })).json.version;
    const body = defaults();
    body.rateCard.baseFare = 4000;
    const refused = await put(admin.cookie, body);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      message: "A price changes by more than 50%. Check it and confirm the large change to save it.",
      needs: "confirmLargeChange",
      largeChanges: [{ field: "rateCard.baseFare", before: "₱40.00", after: "₱4,000.00" }],
    });
    expect(refused.json.errors.confirmLargeChange).toBeDefined();
    expect((await put(admin.cookie, { ...body, confirmLargeChange: false })).status).toBe(409);
    expect((await api("/api/admin/settings", { cookie: admin.cookie })).json.version).toBe(before);
    const quote = await api("/api/pricing/calculate", {
      cookie: admin.cookie,
      body: { distance: 1, packageSize: "small" },
    });
    expect(quote.json.total).toBe(40);

    const saved = await put(admin.cookie, { ...body, confirmLargeChange: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.settings.rateCard.baseFare).toBe(4000);
    // Back down by 99%: large again, so asked again.
    const back = defaults();
    expect((await put(admin.cookie, back)).status).toBe(409);
    expect((await put(admin.cookie, { ...back, confirmLargeChange: true })).status).toBe(200);
  });

  it("a change of 50% or less saves at once; a price from ₱0 asks again; percentages are not prices", async () => {
    const admin = await signedIn("admin");
    await reset(admin.cookie);
    const body = defaults();
    body.rateCard.baseFare = 60; // +50%: not more than 50%
    body.cancellationFees.assigned = 25;
    body.idDiscountPercents.student = 50; // 10% → 50%: a percentage, not a price
    expect((await put(admin.cookie, body)).status).toBe(200);
    body.rateCard.sizeFees.small = 5;
    const fromZero = await put(admin.cookie, body);
    expect(fromZero.status).toBe(409);
    expect(fromZero.json.largeChanges).toEqual([{ field: "rateCard.sizeFees.small", before: "₱0.00", after: "₱5.00" }]);
    body.rateCard.sizeFees.small = 0;
    body.incentives.weeklyTop.amount = 5000; // ₱2,000 → ₱5,000: an incentive amount is a price too
    expect((await put(admin.cookie, body)).json.largeChanges).toEqual([
      { field: "incentives.weeklyTop.amount", before: "₱2,000.00", after: "₱5,000.00" },
    ]);
  });

  it("the history says what changed in each version and by whom, in English and Filipino", async () => {
    const admin = await signedIn("admin");
    await reset(admin.cookie);
    const first = defaults();
    first.rateCard.baseFare = 45;
    first.promoCodes[0]!.active = false;
    expect((await put(admin.cookie, first)).status).toBe(200);
    const second = structuredClone(first);
    second.contacts = { hotline: "(02) 8123 4567", messenger: null, email: null };
    second.promoCodes.push({ code: "RIDE20", amount: 20, minimumFare: 0, firstDeliveryOnly: false, active: true });
    const saved = await put(admin.cookie, second);
    expect(saved.status, saved.text).toBe(200);

    const history = (await api("/api/admin/settings", { cookie: admin.cookie })).json.history;
    expect(history[0].version).toBe(saved.json.version);
    expect(history[0].changes.map((c: { path: string }) => c.path)).toEqual(["promoCodes.RIDE20", "contacts.hotline"]);
    expect(history[1].changes.map((c: { path: string }) => c.path)).toEqual([
      "rateCard.baseFare",
      "promoCodes.NEWCOOP.active",
    ]);

    const page = await api("/admin/settings", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Base fare: ₱40.00 → ₱45.00");
    expect(page.text).toContain("Promo NEWCOOP · active: on → off");
    expect(page.text).toContain("Hotline: none → (02) 8123 4567");
    expect(page.text).toContain("Promo RIDE20: none → ₱20.00");
    expect(page.text).toMatch(/by Tess Admin/);
    const filipino = await api("/admin/settings", { cookie: admin.cookie, headers: { "Accept-Language": "fil" } });
    expect(filipino.text).toContain("Promo NEWCOOP · aktibo: bukas → sarado");
  });

  it("contacts are validated; left out, the ones in force stay", async () => {
    const admin = await signedIn("admin");
    await reset(admin.cookie);
    const body = defaults();
    const bad = await put(admin.cookie, {
      ...body,
      contacts: { hotline: "call me", messenger: "http://evil.example", email: "nope" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["contacts.email", "contacts.hotline", "contacts.messenger"]);
    expect(
      (
        await put(admin.cookie, {
          ...body,
          contacts: { hotline: "0917 123 4567", messenger: "https://m.me/hatid.coop", email: "help@hatid.coop" },
        })
      ).status,
    ).toBe(200);
    const { contacts: _left, ...withoutContacts } = body;
    const kept = await put(admin.cookie, withoutContacts);
    expect(kept.json.settings.contacts).toEqual({
      hotline: "0917 123 4567",
      messenger: "https://m.me/hatid.coop",
      email: "help@hatid.coop",
    });
  });
});

describe("the help centre quotes the settings in force, contacts only when set", () => {
  it("shows the incentive figures of the settings, in English and Filipino", async () => {
    const admin = await signedIn("admin");
    await reset(admin.cookie);
    const body = defaults();
    body.incentives.dailyTiers = [
      { minDeliveries: 12, amount: 120 },
      { minDeliveries: 18, amount: 250 },
    ];
    body.incentives.dailyRatingBonus = { minRating: 4.7, amount: 60 };
    body.incentives.weeklyTiers = [
      { minDeliveries: 35, amount: 600 },
      { minDeliveries: 55, amount: 1200 },
    ];
    body.incentives.weeklyTop = { count: 5, amount: 2500 };
    expect((await put(admin.cookie, { ...body, confirmLargeChange: true })).status).toBe(200);
    const help = await api("/help?tab=riders");
    expect(help.status).toBe(200);
    expect(help.text).toContain("Daily: 12+ deliveries ₱120; 18+ deliveries ₱250; a rating of 4.7+ adds ₱60");
    expect(help.text).toContain(
      "Weekly: 35+ deliveries ₱600; 55+ deliveries ₱1,200; the top 5 performers get an extra ₱2,500",
    );
    expect(help.text).not.toContain("₱2,000");
    const filipino = await api("/help?tab=riders", { headers: { Cookie: "lang=fil" } });
    expect(filipino.text).toContain(
      "Araw-araw: 12+ delivery ₱120; 18+ delivery ₱250; may dagdag na ₱60 kapag 4.7+ ang rating",
    );
    expect(filipino.text).toContain("may dagdag na ₱2,500 ang top 5 na rider");
    // The recruitment page quotes the same figures, and the peak bonus from the peak windows.
    const recruiting = await api("/become-rider");
    expect(recruiting.text).toContain(
      "₱120 for 12+ deliveries a day, ₱250 for 18+, and ₱600 to ₱2,500 more in weekly incentives.",
    );
    expect(recruiting.text).toContain("plus a ₱50-100 bonus per delivery at peak hours.");
    const recruitingFilipino = await api("/become-rider", { headers: { Cookie: "lang=fil" } });
    expect(recruitingFilipino.text).toContain(
      "₱120 sa 12+ delivery kada araw, ₱250 sa 18+, at ₱600 hanggang ₱2,500 pa sa weekly incentives.",
    );
  });

  it("no hotline set: no hotline shown (no placeholder); set: shown with its tel: link", async () => {
    const admin = await signedIn("admin");
    await reset(admin.cookie);
    const body = defaults();
    expect(
      (await put(admin.cookie, { ...body, contacts: { hotline: null, messenger: null, email: null } })).status,
    ).toBe(200);
    const none = await api("/help");
    // (The catalog's words travel with the page; what must not be there is a card or a number.)
    expect(none.text).not.toContain('data-testid="help-contacts"');
    expect(none.text).not.toContain('href="tel:');
    expect(none.text).not.toContain("8424");
    expect(none.text).not.toContain("support@hatid.ph");
    expect(
      (
        await put(admin.cookie, {
          ...body,
          contacts: { hotline: "(02) 8123 4567", messenger: null, email: "help@hatid.coop" },
        })
      ).status,
    ).toBe(200);
    const set = await api("/help");
    expect(set.text).toContain('data-testid="help-contacts"');
    expect(set.text).toContain('href="tel:0281234567"');
    expect(set.text).toContain("(02) 8123 4567");
    expect(set.text).toContain("mailto:help@hatid.coop");
    expect(set.text).not.toContain('rel="noopener noreferrer" target="_blank"');
  });
});
