import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/settings/coop-settings";
import { saveSettings, settingsInForce } from "~/settings/settings.server";
import { bookingBody } from "./delivery-fixtures";
import { api, createUser, signedIn } from "./helpers";

/** What can be booked (docs/guide/deliveries.md#booking-limits). */

const TOO_FAR = "This is too far for one delivery (60 km at most).";
const book = (cookie: string, overrides: Record<string, unknown> = {}) =>
  api("/api/deliveries", { cookie, body: bookingBody(overrides) });
const stored = async (customerId: string) =>
  (
    await env.DB.prepare("SELECT id, status, promo_code, promo_discount FROM deliveries WHERE customer_id = ?1")
      .bind(customerId)
      .all<{ id: string; status: string; promo_code: string | null; promo_discount: number }>()
  ).results;

describe("what can be booked", () => {
  it("refuses a trip longer than 60 km by road estimate, in the quote and the booking, with the setting's number; nothing is stored", async () => {
    const customer = await signedIn("user");
    const davao = { pickupCity: "Quezon City, Metro Manila", dropoffCity: "Davao City, Davao del Sur" };
    const refused = await book(customer.cookie, davao);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: TOO_FAR, errors: { dropoffCity: [TOO_FAR] } });
    expect(await stored(customer.user.id)).toEqual([]);

    const quote = await api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: { packageSize: "small", ...davao },
    });
    expect(quote.status).toBe(400);
    expect(quote.json.errors).toEqual({ dropoffCity: [TOO_FAR] });
    // A plain {distance, packageSize} quote stays a plain price.
    expect(
      (await api("/api/pricing/calculate", { cookie: customer.cookie, body: { packageSize: "small", distance: 100 } }))
        .status,
    ).toBe(200);
    // Metro Manila to Metro Manila is fine.
    expect((await book(customer.cookie)).status).toBe(201);
  });

  it("refuses addresses shorter than 5 characters or without a letter, naming each field", async () => {
    const customer = await signedIn("user");
    const refused = await book(customer.cookie, { pickupAddress: "x", dropoffAddress: "12345" });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toMatchObject({
      pickupAddress: [
        "Pickup address must have at least 5 characters, with a street or place name (e.g., 12 Maginhawa St)",
      ],
      dropoffAddress: [
        "Dropoff address must have at least 5 characters, with a street or place name (e.g., 12 Maginhawa St)",
      ],
    });
    const filipino = await api("/api/deliveries", {
      cookie: `${customer.cookie}; lang=fil`,
      body: bookingBody({ pickupAddress: "y" }),
    });
    expect(filipino.status).toBe(400);
    expect(filipino.json.errors.pickupAddress).toEqual([
      "Dapat may hindi bababa sa 5 character ang pickup address, kasama ang pangalan ng kalye o lugar (hal., 12 Maginhawa St)",
    ]);
    expect(await stored(customer.user.id)).toEqual([]);
    expect((await book(customer.cookie, { pickupAddress: "Blk 5", dropoffAddress: "SM North" })).status).toBe(201);
  });

  it("a customer's 11th booking waiting for a rider or a payment is 429; a taken or cancelled one makes room", async () => {
    const customer = await signedIn("user");
    for (let i = 0; i < 10; i++)
      expect((await book(customer.cookie, { paymentMethod: i % 2 ? "gcash" : "cash" })).status).toBe(201);
    const eleventh = await book(customer.cookie);
    expect(eleventh.status).toBe(429);
    expect(eleventh.json).toMatchObject({
      error:
        "You already have 10 bookings waiting for a rider or a payment. Please wait until one is taken, paid or cancelled before booking again.",
      code: "server.booking.tooManyWaiting",
      field: "customer",
    });
    const filipino = await api("/api/deliveries", { cookie: `${customer.cookie}; lang=fil`, body: bookingBody() });
    expect(filipino.status).toBe(429);
    expect(filipino.json.message).toMatch(/^May 10 booking ka nang naghihintay/);
    expect(await stored(customer.user.id)).toHaveLength(10);

    const [first] = await stored(customer.user.id);
    await env.DB.prepare("UPDATE deliveries SET status = 'cancelled', cancelled_at = ?2 WHERE id = ?1")
      .bind(first!.id, Date.now())
      .run();
    expect((await book(customer.cookie)).status).toBe(201);
    expect((await book(customer.cookie)).status).toBe(429);
  });

  it("simultaneous bookings by one customer never make more than 10 waiting", async () => {
    const customer = await signedIn("user");
    const answers = await Promise.all(Array.from({ length: 16 }, () => book(customer.cookie)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
    expect((await stored(customer.user.id)).filter((d) => d.status === "pending")).toHaveLength(10);
  });

  it("40 simultaneous NEWCOOP bookings by one new customer take one discount; the others are refused with the promo's reason", async () => {
    const customer = await signedIn("user");
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => book(customer.cookie, { promoCode: "NEWCOOP" })),
    );
    const rows = await stored(customer.user.id);
    expect(rows.filter((d) => d.promo_discount === 5000)).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual({ promoCode: ["NEWCOOP is only for your first delivery."] });
    }
    const redemptions = await env.DB.prepare("SELECT delivery_id FROM promo_redemptions WHERE customer_id = ?1")
      .bind(customer.user.id)
      .all();
    expect(redemptions.results).toEqual([{ delivery_id: rows[0]!.id }]);
  });

  it("NEWCOOP is for the first booking that was not cancelled: cancelling it frees the code", async () => {
    const customer = await signedIn("user");
    const first = await book(customer.cookie, { promoCode: "NEWCOOP" });
    expect(first.json.promo).toEqual({ code: "NEWCOOP", amount: 50 });
    const cancelled = await api(`/api/deliveries/${first.json.id}/status`, {
      cookie: customer.cookie,
      body: { status: "cancelled" },
    });
    expect(cancelled.status).toBe(200);
    const again = await book(customer.cookie, { promoCode: "NEWCOOP" });
    expect(again.status).toBe(201);
    expect(again.json.promo).toEqual({ code: "NEWCOOP", amount: 50 });
    expect((await book(customer.cookie, { promoCode: "NEWCOOP" })).json.errors).toEqual({
      promoCode: ["NEWCOOP is only for your first delivery."],
    });
    const redemptions = await env.DB.prepare("SELECT delivery_id FROM promo_redemptions WHERE customer_id = ?1")
      .bind(customer.user.id)
      .all();
    expect(redemptions.results).toEqual([{ delivery_id: again.json.id }]);
  });

  it("the longest delivery is a co-op setting; a version stored without it reads 60 km", async () => {
    const admin = await createUser("admin");
    const { maxDistanceKm: _, ...older } = DEFAULT_SETTINGS;
    await env.DB.prepare("INSERT INTO coop_settings_versions (settings, created_at, created_by) VALUES (?1, ?2, ?3)")
      .bind(JSON.stringify(older), Date.now(), admin.id)
      .run();
    expect((await settingsInForce(env.DB)).settings.maxDistanceKm).toBe(60);

    expect(
      await saveSettings(
        env.DB,
        admin,
        { ...DEFAULT_SETTINGS, maxDistanceKm: 5 },
        (await settingsInForce(env.DB)).version,
      ),
    ).not.toBeNull();
    const customer = await signedIn("user");
    const refused = await book(customer.cookie);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ dropoffCity: ["This is too far for one delivery (5 km at most)."] });
    const filipino = await api("/api/deliveries", { cookie: `${customer.cookie}; lang=fil`, body: bookingBody() });
    expect(filipino.json.message).toBe("Masyadong malayo ito para sa isang delivery (hanggang 5 km lang).");
    expect(await saveSettings(env.DB, admin, DEFAULT_SETTINGS, (await settingsInForce(env.DB)).version)).not.toBeNull();
    expect((await book(customer.cookie)).status).toBe(201);
  });
});
