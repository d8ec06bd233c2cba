import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/settings/coop-settings";
import { settingsToBody } from "~/settings/settings-schema";
import { bookingBody } from "./delivery-fixtures";
import { accept, ageBooking, book } from "./ledger-fixtures";
import { adminOnlyCallers, api, putSettings, signedIn } from "./helpers";

// These tests are about versions, not the >50% guard (test/workerd/settings-guard.test.ts): each save is confirmed.
const put = (cookie: string, body: unknown) =>
  putSettings(
    cookie,
    body && typeof body === "object" && !Array.isArray(body) ? { ...body, confirmLargeChange: true } : body,
  );
const defaults = () => structuredClone(settingsToBody(DEFAULT_SETTINGS));

describe("co-op settings with versions", () => {
  it("starts at the built-in version 0 with the rate card of docs/guide/money.md#rate-card", async () => {
    const admin = await signedIn("admin");
    const answer = await api("/api/admin/settings", { cookie: admin.cookie });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ version: 0, createdBy: null, history: [] });
    expect(answer.json.settings.rateCard).toEqual({
      baseFare: 40,
      includedKm: 2,
      perKm: 10,
      sizeFees: { small: 0, medium: 20, large: 50 },
    });
    expect(answer.json.settings.promoCodes.map((p: { code: string }) => p.code)).toEqual(["NEWCOOP", "COOP100"]);
  });

  it("a rate change applies to new quotes and bookings; a booking made before keeps its price, its version and its cancellation fee", async () => {
    const admin = await signedIn("admin");
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const before = await book(customer);
    expect(before.totalFee).toBe(136);
    const quoteBefore = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { distance: 5, packageSize: "medium" },
    });
    expect(quoteBefore.json).toMatchObject({ total: 90 });

    const changed = defaults();
    changed.rateCard = { baseFare: 50, includedKm: 3, perKm: 12.5, sizeFees: { small: 5, medium: 25, large: 60 } };
    changed.cancellationFees = { assigned: 30, riderArrived: 70 };
    // Size fee small ₱0 → ₱5 moves a price by more than 50%: confirmed again.
    const saved = await put(admin.cookie, { ...changed, confirmLargeChange: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ version: expect.any(Number), createdBy: { id: admin.user.id } });
    const version = saved.json.version;

    // 5 km medium: 50 + 2 km × 12.50 + 25 = 100.
    const quoteAfter = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { distance: 5, packageSize: "medium" },
    });
    expect(quoteAfter.json).toMatchObject({ baseFare: 50, distanceFee: 25, sizeFee: 25, total: 100 });
    const after = await book(customer);
    expect(after.totalFee).not.toBe(before.totalFee);
    const { results } = await env.DB.prepare(
      "SELECT id, total_fee, settings_version FROM deliveries WHERE id IN (?1, ?2)",
    )
      .bind(before.id, after.id)
      .all<{ id: string; total_fee: number; settings_version: number }>();
    const byId = Object.fromEntries(results.map((r) => [r.id, r]));
    expect(byId[before.id]).toMatchObject({ total_fee: 13600, settings_version: 0 });
    expect(byId[after.id]!.settings_version).toBe(version);
    expect((await api(`/api/deliveries/${before.id}`, { cookie: customer.cookie })).json.totalFee).toBe(136);

    // Cancellation fees follow each booking's own version.
    for (const [delivery, fee] of [
      [before, 20],
      [after, 30],
    ] as const) {
      await accept(rider, delivery.id);
      await ageBooking(delivery.id);
      expect((await api(`/api/deliveries/${delivery.id}/cancellation`, { cookie: customer.cookie })).json.fee).toBe(
        fee,
      );
      expect(
        (await api(`/api/deliveries/${delivery.id}/status`, { cookie: customer.cookie, body: { status: "cancelled" } }))
          .json.cancellationFee,
      ).toBe(fee);
    }

    const history = (await api("/api/admin/settings", { cookie: admin.cookie })).json.history;
    expect(history[0]).toMatchObject({ version, createdBy: { id: admin.user.id, name: "Tess Admin" } });
  });

  it("promo codes: add one, change one, disable one", async () => {
    const admin = await signedIn("admin");
    const changed = defaults();
    changed.promoCodes = [
      { code: "newcoop", amount: 50, minimumFare: 0, firstDeliveryOnly: true, active: false },
      { code: "COOP100", amount: 120, minimumFare: 500, firstDeliveryOnly: false, active: true },
      { code: "RAINYDAY", amount: 15, minimumFare: 50, firstDeliveryOnly: false, active: true },
    ];
    expect((await put(admin.cookie, changed)).status).toBe(200);
    const customer = await signedIn("user");
    const quote = (promoCode: string) =>
      api("/api/pricing/calculate", {
        cookie: customer.cookie,
        body: { distance: 5, packageSize: "small", promoCode },
      });
    expect((await quote("NEWCOOP")).json.message).toBe("This promo code does not exist.");
    expect((await quote("RAINYDAY")).json.promo).toEqual({ code: "RAINYDAY", amount: 15 });
    expect((await quote("COOP100")).json.message).toBe("COOP100 needs an order of ₱500.00 or more.");
    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ promoCode: "rainyday" }),
    });
    expect(booked.status).toBe(201);
    expect(booked.json.amountDue).toBe(121);
  });

  it("refuses negative amounts, percentages outside 0-100 and bad codes with a 400 naming the field; nothing is stored", async () => {
    const admin = await signedIn("admin");
    const versionBefore = (await api("/api/admin/settings", { cookie: admin.cookie })).json.version;
    const cases: [(body: ReturnType<typeof defaults>) => void, string][] = [
      [(b) => (b.rateCard.perKm = -1), "rateCard.perKm"],
      [(b) => (b.rateCard.sizeFees.large = -0.01), "rateCard.sizeFees.large"],
      [(b) => (b.cancellationFees.assigned = -5), "cancellationFees.assigned"],
      [(b) => (b.idDiscountPercents.pwd = 101), "idDiscountPercents.pwd"],
      [(b) => (b.idDiscountPercents.student = -1), "idDiscountPercents.student"],
      [(b) => (b.incentives.weeklyTop.amount = -2000), "incentives.weeklyTop.amount"],
      [(b) => (b.incentives.dailyTiers[0]!.minDeliveries = 1.5), "incentives.dailyTiers.0.minDeliveries"],
      [(b) => (b.promoCodes[0]!.code = "no spaces!"), "promoCodes.0.code"],
      [(b) => b.promoCodes.push({ ...b.promoCodes[0]! }), "promoCodes"],
    ];
    for (const [spoil, field] of cases) {
      const body = defaults();
      spoil(body);
      const answer = await put(admin.cookie, body);
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.json.errors), field).toContain(field);
    }
    expect((await put(admin.cookie, { rateCard: null })).status).toBe(400);
    expect((await api("/api/admin/settings", { cookie: admin.cookie })).json.version).toBe(versionBefore);
  });

  it("incentive amounts and thresholds from the settings are what a close awards", async () => {
    const admin = await signedIn("admin");
    const changed = defaults();
    changed.incentives.dailyTiers = [{ minDeliveries: 2, amount: 33 }];
    // ₱100 → ₱33 moves a price by more than 50%: confirmed again.
    expect((await put(admin.cookie, { ...changed, confirmLargeChange: true })).status).toBe(200);
    const customer = await signedIn("user");
    const rider = await signedIn("rider");
    const at = Date.parse("2025-09-09T10:00:00+08:00");
    for (let i = 0; i < 2; i++) {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        `INSERT INTO deliveries (id, customer_id, rider_id, status, pickup_address, pickup_city, pickup_phone, dropoff_address, dropoff_city, dropoff_phone,
           package_type, package_size, package_description, base_fare, distance_fee, size_fee, total_fee, distance, estimated_duration, created_at, delivered_at)
         VALUES (?1, ?2, ?3, 'delivered', 'a', 'Makati, Metro Manila', '09171234567', 'b', 'Makati, Metro Manila', '09171234567', 'documents', 'small', 'x', 4000, 0, 0, 4000, '1.0', '2 mins', ?4, ?4)`,
      )
        .bind(id, customer.user.id, rider.user.id, at + i)
        .run();
    }
    const closed = await api("/api/admin/payroll/close", {
      cookie: admin.cookie,
      body: { period: "day", date: "2025-09-09" },
    });
    expect(closed.json.awards).toEqual([expect.objectContaining({ riderId: rider.user.id, amount: 33 })]);
  });

  it("permission matrix: admins only", async () => {
    const callers = await adminOnlyCallers();
    for (const [who, cookie, expected] of callers) {
      expect((await api("/api/admin/settings", { cookie })).status, `${who} GET`).toBe(expected);
      expect((await put(cookie ?? "", defaults())).status, `${who} PUT`).toBe(expected);
      if (cookie) expect((await api("/admin/settings", { cookie })).status, `${who} page`).toBe(expected);
    }
  });
});

describe("the help centre quotes the settings in force", () => {
  it("shows the new rate card, cancellation fees, ID discounts and only the active promo codes once Coop Settings changes them", async () => {
    const admin = await signedIn("admin");
    const page = async (tab: string) =>
      (await (await SELF.fetch(`http://localhost/help?tab=${tab}`)).text()).replace(/<!-- -->/g, "");
    const helpText = async () => `${await page("pricing")}\n${await page("customers")}`;
    const before = await helpText();
    expect(before).toContain("NEWCOOP: ₱50 off your first delivery");

    const changed = defaults();
    changed.rateCard = { baseFare: 55, includedKm: 2, perKm: 12, sizeFees: { small: 0, medium: 20, large: 50 } };
    changed.cancellationFees = { assigned: 25, riderArrived: 60 };
    changed.idDiscountPercents = { pwd: 25, senior: 20, student: 15 };
    changed.promoCodes = changed.promoCodes.map((promo) =>
      promo.code === "NEWCOOP" ? { ...promo, active: false } : promo,
    );
    expect((await put(admin.cookie, changed)).status).toBe(200);

    const after = await helpText();
    expect(after).toContain("Base fare ₱55.00 covers the first 2 km");
    expect(after).not.toContain("NEWCOOP");
    expect(after).toContain("COOP100: ₱100 off orders of ₱500 or more");
    expect(after).toContain("₱25.00 once a rider is assigned");
    expect(after).toContain("PWD: 25% off");
    // 5 km small: ₱55 + 3 km × ₱12.
    expect(after).toContain("a small package over 5 km costs ₱91.00");
  });
});
