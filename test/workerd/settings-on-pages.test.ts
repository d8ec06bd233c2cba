import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, NO_CONTACTS, type CoopSettings } from "~/settings/coop-settings";
import { api, signedIn, uploadIdPhoto } from "./helpers";

/**
 * What the pages say of the settings in force: the ID discounts where people read them, and the
 * admin told while no contact is set (then /help offers no way to reach the co-op). Each test puts
 * its own version in force as a new row, as a save or a passed vote does.
 */
async function inForce(change: Partial<CoopSettings>) {
  const admin = await signedIn("admin");
  await env.DB.prepare("INSERT INTO coop_settings_versions (settings, created_at, created_by) VALUES (?1, ?2, ?3)")
    .bind(JSON.stringify({ ...DEFAULT_SETTINGS, ...change }), Date.now(), admin.user.id)
    .run();
  return admin;
}

describe("the ID discount figures come from the settings in force", () => {
  it("new percents show on /settings, /help, the admin's queue, the application and the quote, in English and Filipino", async () => {
    const customer = await signedIn("user");
    await inForce({});
    const before = await api("/settings", { cookie: customer.cookie });
    expect(before.text).toContain("ID discounts: PWD 20% off, senior citizens 20%, students 10% (for a year).");

    const admin = await inForce({ idDiscountPercents: { pwd: 25, senior: 15, student: 12 } });
    const settings = await api("/settings", { cookie: customer.cookie });
    expect(settings.text).toContain("ID discounts: PWD 25% off, senior citizens 15%, students 12% (for a year).");
    for (const option of ["PWD (25%)", "Senior citizen (15%)", "Student (12%)"])
      expect(settings.text).toContain(option);
    expect(settings.text).not.toContain("20%");
    const filipino = await api("/settings", { cookie: `${customer.cookie}; lang=fil` });
    expect(filipino.text).toContain("Mga ID discount: 25% off ang PWD, 15% ang senior citizen, 12% ang estudyante");
    expect(filipino.text).toContain("Estudyante (12%)");

    const help = await api("/help");
    expect(help.text).toMatch(/PWD: 25% off[\s\S]*Senior citizens: 15% off[\s\S]*Students: 12% off/);

    const uploaded = await uploadIdPhoto(customer.cookie, { kind: "student" });
    expect(uploaded.status).toBe(201);
    const { application } = (await uploaded.json()) as { application: { id: string; percent: number } };
    expect(application.percent).toBe(12);
    const queue = await api("/admin/id-discounts", { cookie: admin.cookie });
    // (React's server render puts a comment between adjoining text parts.)
    expect(queue.text.replaceAll("<!-- -->", "")).toContain("Student (12%)");
    expect(
      (
        await api(`/api/admin/id-discounts/${application.id}/review`, {
          cookie: admin.cookie,
          body: { decision: "approve" },
        })
      ).json.application.percent,
    ).toBe(12);
    const mine = await api("/settings", { cookie: customer.cookie });
    expect(mine.text).toMatch(/data-testid="id-discount-status"[\s\S]*Student \(12%\)/);
    const quote = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { distance: 11.6, packageSize: "small" },
    });
    expect(quote.json.idDiscount).toMatchObject({ kind: "student", percent: 12, amount: 16.32 });
  });
});

describe("Coop Settings while no contact is set", () => {
  it("tells the admin that /help then offers no way to reach the co-op, in English and Filipino; one contact is enough", async () => {
    const admin = await inForce({ contacts: NO_CONTACTS });
    const empty = await api("/admin/settings", { cookie: admin.cookie });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('data-testid="settings-no-contacts"');
    expect(empty.text).toContain(
      "No contact is set: /help offers people no way to reach the co-op. Add a hotline, a Messenger link or an email.",
    );
    const filipino = await api("/admin/settings", { cookie: `${admin.cookie}; lang=fil` });
    expect(filipino.text).toContain(
      "Walang naka-set na contact: walang paraan sa /help para maabot ng mga tao ang co-op.",
    );

    await inForce({ contacts: { ...NO_CONTACTS, email: "help@hatid.coop" } });
    const set = await api("/admin/settings", { cookie: admin.cookie });
    expect(set.text).not.toContain('data-testid="settings-no-contacts"');
  });
});
