import { CATALOGS } from "~/i18n/catalogs";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDelivery } from "~/deliveries/deliveries.server";
import { bookingSchema } from "~/deliveries/booking-schema";
import { splitFee } from "~/money/fee-split";
import { riderEarnings } from "~/ledger/earnings.server";
import { riderEarningsReport } from "~/routes/_app.rider.earnings/earnings-report.server";
import { riderHistoryPage } from "~/routes/_app.rider.history/history.server";
import { DEFAULT_SETTINGS } from "~/settings/coop-settings";
import { settingsToBody } from "~/settings/settings-schema";
import { bookingBody } from "./delivery-fixtures";
import { ledgerOf } from "./ledger-fixtures";
import { api, db, putSettings, signedIn } from "./helpers";

/**
 * The peak-hours bonus (docs/guide/what-is-true.md; decision 0183). The Worker's
 * peak clock is fixed in tests (PEAK_HOURS_CLOCK: Sunday 21:00 Manila, no default window), so a
 * booking "at 11:30 Monday" goes through createDelivery with that instant, and the API paths open
 * a window at the fixed clock through a settings version, as an admin would.
 */
const manila = (local: string) => Date.parse(`${local}+08:00`);
const centavos = (pesos: number) => Math.round(pesos * 100);

async function saveSettings(
  admin: { cookie: string },
  windows: { days: number[]; startHour: number; endHour: number; surcharge: number }[],
) {
  // A test of peak hours, not of the settings page's second confirmation (settings-guard.test.ts).
  const body = { ...settingsToBody(DEFAULT_SETTINGS), peakHours: { windows }, confirmLargeChange: true };
  const saved = await putSettings(admin.cookie, body);
  expect(saved.status, saved.text).toBe(200);
}

async function deliverThrough(rider: { cookie: string }, id: string) {
  expect((await api(`/api/deliveries/${id}/accept`, { cookie: rider.cookie, method: "POST" })).status).toBe(200);
  for (const status of ["picked_up", "delivered"]) {
    const changed = await api(`/api/deliveries/${id}/status`, { cookie: rider.cookie, body: { status } });
    expect(changed.status, changed.text).toBe(200);
  }
}

describe("a booking made in peak hours", () => {
  it("at 11:30 Manila on a Monday carries ₱50, in amount_due; delivered, the rider gets share + the whole ₱50 as peak_bonus; the dashboard's Rider share includes it", async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const input = bookingSchema.parse(bookingBody({ paymentMethod: "cash" }));
    const booked = await createDelivery(db(), customer.user, input, {
      geocoder: null,
      gateway: null,
      origin: "http://localhost",
      now: new Date(manila("2026-11-23T11:30:00")),
    });
    expect(booked.peakSurcharge).toBe(5000);
    expect(booked.amountDue).toBe(booked.totalFee + 5000);
    // Outside the window (Monday 13:00) the same booking carries none.
    const later = await createDelivery(db(), customer.user, input, {
      geocoder: null,
      gateway: null,
      origin: "http://localhost",
      now: new Date(manila("2026-11-23T13:00:00")),
    });
    expect(later).toMatchObject({ peakSurcharge: 0, amountDue: later.totalFee });

    // The receipt (the delivery's view and its tracking page) shows the line.
    const view = await api(`/api/deliveries/${booked.id}`, { cookie: customer.cookie });
    expect(view.json).toMatchObject({ peakSurcharge: 50, amountDue: (booked.totalFee + 5000) / 100 });
    const page = await api(`/tracking/${booked.id}`, { cookie: customer.cookie });
    expect(page.text).toContain("Peak-hours surcharge");
    expect(page.text).toContain('data-testid="payment-peak">₱50.00');

    const before = (await api("/api/admin/stats", { cookie: admin.cookie })).json;
    await deliverThrough(rider, booked.id);
    const after = (await api("/api/admin/stats", { cookie: admin.cookie })).json;

    const { entries, balance } = await ledgerOf(rider);
    const mine = entries.filter((entry) => entry.deliveryId === booked.id);
    const share = splitFee(booked.totalFee).rider;
    expect(Object.fromEntries(mine.map((entry) => [entry.kind, centavos(entry.amount)]))).toEqual({
      share,
      peak_bonus: 5000,
      insurance: -100,
      cash_collected: -(booked.totalFee + 5000),
    });
    expect(centavos(balance)).toBe(mine.reduce((sum, entry) => sum + centavos(entry.amount), 0));
    const { results } = await env.DB.prepare(
      "SELECT source_id FROM ledger_entries WHERE kind = 'peak_bonus' AND delivery_id = ?1",
    )
      .bind(booked.id)
      .all();
    expect(results).toEqual([{ source_id: `peak:${booked.id}` }]);

    // Today's figures grew by this delivery: revenue what the customer paid, rider share with the whole bonus.
    const grew = (path: (s: typeof after) => number) => centavos(path(after)) - centavos(path(before));
    expect(grew((s) => s.todayRevenue)).toBe(booked.totalFee + 5000);
    expect(grew((s) => s.todayRiderShare)).toBe(share + 5000);
    expect(grew((s) => s.today.peakBonuses)).toBe(5000);
    expect(grew((s) => s.todayCoopShare)).toBe(booked.totalFee - share);
    expect(grew((s) => s.memberBenefitsFund)).toBe(splitFee(booked.totalFee).memberBenefits + 100);
    // The rider's own figures count the bonus whole: the dashboard's earnings, View Earnings and the history.
    expect((await riderEarnings(db(), rider.user.id, Date.now())).today).toBe(share + 5000);
    expect((await riderEarningsReport(db(), rider.user.id, Date.now())).today).toBe(share + 5000);
    expect((await riderHistoryPage(env.DB, rider.user.id, 1)).entries[0]).toMatchObject({
      deliveryId: booked.id,
      share: share + 5000,
    });
    const day = await env.DB.prepare("SELECT peak_bonus FROM daily_totals WHERE day = ?1")
      .bind(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))
      .first<{ peak_bonus: number }>();
    expect(day!.peak_bonus).toBeGreaterThanOrEqual(5000);
  });

  it("the quote answers peakSurcharge and the booking pays it while a window is open; the rider dashboard says until when", async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    // The default windows are closed at the fixed clock (Sunday 21:00 Manila): no surcharge, no banner.
    const offPeak = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { distance: 3.2, packageSize: "small" },
    });
    expect(offPeak.json).toMatchObject({ peakSurcharge: 0, total: 52 });
    expect((await api("/rider-dashboard", { cookie: rider.cookie })).text.includes('data-testid="peak-banner"')).toBe(
      false,
    );

    await saveSettings(admin, [{ days: [0], startHour: 20, endHour: 22, surcharge: 100 }]);
    const quote = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { distance: 3.2, packageSize: "small" },
    });
    expect(quote.json).toMatchObject({ fare: 52, peakSurcharge: 100, total: 152 });
    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ paymentMethod: "cash" }),
    });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.json.peakSurcharge).toBe(100);
    expect(booked.json.amountDue).toBe(booked.json.totalFee + 100);
    const stored = await env.DB.prepare("SELECT peak_surcharge, amount_due, total_fee FROM deliveries WHERE id = ?1")
      .bind(booked.json.id)
      .first<Record<string, number>>();
    expect(stored).toMatchObject({ peak_surcharge: 10000, amount_due: stored!.total_fee! + 10000 });

    const dashboard = await api("/rider-dashboard", { cookie: rider.cookie });
    expect(dashboard.text.includes('data-testid="peak-banner">Peak hours: +₱100 per delivery until 22:00<')).toBe(true);
    const filipino = await api("/rider-dashboard", { cookie: rider.cookie, headers: { "Accept-Language": "fil" } });
    expect(filipino.text.includes('data-testid="peak-banner">Peak hours: +₱100 bawat delivery hanggang 22:00<')).toBe(
      true,
    );

    await saveSettings(
      admin,
      DEFAULT_SETTINGS.peakHours.windows.map((w) => ({ ...w, surcharge: w.surcharge / 100 })),
    );
  });
});

describe("peak hours in the co-op settings", () => {
  it("answers the defaults, reads an older version without them with the defaults, and refuses a window that ends before it starts", async () => {
    const admin = await signedIn("admin");
    const current = await api("/api/admin/settings", { cookie: admin.cookie });
    expect(current.json.settings?.peakHours ?? current.json.peakHours).toBeDefined();
    const older = { ...DEFAULT_SETTINGS } as Partial<typeof DEFAULT_SETTINGS>;
    delete older.peakHours;
    await env.DB.prepare("INSERT INTO coop_settings_versions (settings, created_at, created_by) VALUES (?1, ?2, ?3)")
      .bind(JSON.stringify(older), Date.now(), admin.user.id)
      .run();
    const read = await api("/api/admin/settings", { cookie: admin.cookie });
    const peakHours = read.json.settings?.peakHours ?? read.json.peakHours;
    expect(peakHours).toEqual({
      windows: [
        { days: [1, 2, 3, 4, 5, 6], startHour: 11, endHour: 13, surcharge: 50 },
        { days: [1, 2, 3, 4], startHour: 17, endHour: 20, surcharge: 50 },
        { days: [5, 6], startHour: 17, endHour: 20, surcharge: 100 },
      ],
    });

    const body = {
      ...settingsToBody(DEFAULT_SETTINGS),
      peakHours: { windows: [{ days: [1], startHour: 13, endHour: 11, surcharge: 50 }] },
    };
    const refused = await putSettings(admin.cookie, body);
    expect(refused.status).toBe(400);
    expect(refused.json.errors["peakHours.windows.0.endHour"]).toEqual([
      CATALOGS.server.en["settings.peakEndAfterStart"],
    ]);
    const badDay = await putSettings(admin.cookie, {
      ...body,
      peakHours: { windows: [{ days: [7], startHour: 11, endHour: 13, surcharge: 50 }] },
    });
    expect(badDay.status).toBe(400);
  });
});
