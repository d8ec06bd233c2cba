import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dailyTotals, deliveries, idDiscounts } from "~/db/schema";
import { manilaDate } from "~/i18n/manila";
import { bookingBody, insertDelivery } from "./delivery-fixtures";
import { api, db, signedIn } from "./helpers";

const quote = (cookie: string, body: Record<string, unknown>) => api("/api/pricing/calculate", { cookie, body });

async function approveId(userId: string, kind: "pwd" | "senior" | "student", expiresAt: Date | null = null) {
  await db()
    .insert(idDiscounts)
    .values({
      id: crypto.randomUUID(),
      userId,
      kind,
      status: "approved",
      objectKey: `id-discounts/${userId}/test`,
      contentType: "image/png",
      size: 100,
      createdAt: new Date(),
      reviewedAt: new Date(),
      expiresAt,
    });
}

describe("promo codes on quotes and bookings", () => {
  it("NEWCOOP: ₱50 off the first delivery, any case; the quote says so", async () => {
    const { cookie } = await signedIn("user");
    const answer = await quote(cookie, { distance: 3.2, packageSize: "small", promoCode: "newcoop" });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ fare: 52, idDiscount: null, promo: { code: "NEWCOOP", amount: 50 }, total: 2 });
  });

  it("NEWCOOP after an earlier booking is refused with the reason; a cancelled first booking does not count", async () => {
    const customer = await signedIn("user");
    await insertDelivery({ customerId: customer.user.id, status: "cancelled", cancelledAt: new Date() });
    const stillFirst = await quote(customer.cookie, { distance: 11.6, packageSize: "small", promoCode: "NEWCOOP" });
    expect(stillFirst.json).toMatchObject({ promo: { code: "NEWCOOP", amount: 50 }, total: 86 });

    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ promoCode: "NewCoop" }),
    });
    expect(booked.status).toBe(201);
    expect(booked.json).toMatchObject({
      fare: 136,
      totalFee: 136,
      promo: { code: "NEWCOOP", amount: 50 },
      amountDue: 86,
      idDiscount: null,
    });

    const again = await quote(customer.cookie, { distance: 11.6, packageSize: "small", promoCode: "NEWCOOP" });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({
      message: "NEWCOOP is only for your first delivery.",
      error: "NEWCOOP is only for your first delivery.",
      code: "server.pricing.promoFirstOnly",
      values: { code: "NEWCOOP" },
      field: "promoCode",
      errors: { promoCode: ["NEWCOOP is only for your first delivery."] },
    });
    const secondBooking = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ promoCode: "NEWCOOP" }),
    });
    expect(secondBooking.status).toBe(400);
    expect(secondBooking.json.message).toBe("NEWCOOP is only for your first delivery.");
    expect((await api("/api/deliveries/my", { cookie: customer.cookie })).json).toHaveLength(2);
  });

  it("COOP100: from a fare of exactly ₱500; ₱499 is refused with the reason", async () => {
    const { cookie } = await signedIn("user");
    // 43 km large: 40 + 410 + 50 = ₱500; 42.9 km: ₱499.
    const at = await quote(cookie, { distance: 43, packageSize: "large", promoCode: "coop100" });
    expect(at.json).toMatchObject({ fare: 500, promo: { code: "COOP100", amount: 100 }, total: 400 });
    const below = await quote(cookie, { distance: 42.9, packageSize: "large", promoCode: "COOP100" });
    expect(below.status).toBe(400);
    expect(below.json.message).toBe("COOP100 needs an order of ₱500.00 or more.");
  });

  it("an unknown code and two codes are refused (400), and book nothing", async () => {
    const customer = await signedIn("user");
    const unknown = await quote(customer.cookie, { distance: 3, packageSize: "small", promoCode: "FREE50" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe("This promo code does not exist.");
    for (const promoCode of [["NEWCOOP", "COOP100"], "NEWCOOP COOP100", "NEWCOOP,COOP100"]) {
      const two = await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody({ promoCode }) });
      expect(two.status, JSON.stringify(promoCode)).toBe(400);
      expect(two.json.message).toBe("Only one promo code per booking.");
    }
    const badType = await quote(customer.cookie, { distance: 3, packageSize: "small", promoCode: 7 });
    expect(badType.status).toBe(400);
    expect(
      (await api("/api/deliveries", { cookie: customer.cookie, body: bookingBody({ promoCode: "NOPE" }) })).status,
    ).toBe(400);
    expect((await api("/api/deliveries/my", { cookie: customer.cookie })).json).toEqual([]);
  });
});

describe("ID discount, then promo, to the centavo", () => {
  it("student 10% first, then NEWCOOP: ₱136 -> ₱122.40 fee -> ₱72.40 to pay; delivered, the shares add up", async () => {
    const customer = await signedIn("user");
    await approveId(customer.user.id, "student", new Date(Date.now() + 86_400_000));
    const quoted = await quote(customer.cookie, { distance: 11.6, packageSize: "small", promoCode: "NEWCOOP" });
    expect(quoted.json).toMatchObject({
      fare: 136,
      idDiscount: { kind: "student", percent: 10, amount: 13.6 },
      promo: { code: "NEWCOOP", amount: 50 },
      total: 72.4,
    });

    const booked = await api("/api/deliveries", {
      cookie: customer.cookie,
      body: bookingBody({ promoCode: "NEWCOOP" }),
    });
    expect(booked.json).toMatchObject({
      baseFare: 40,
      distanceFee: 96,
      sizeFee: 0,
      fare: 136,
      totalFee: 122.4,
      amountDue: 72.4,
    });
    const [row] = await db().select().from(deliveries).where(eq(deliveries.id, booked.json.id));
    expect(row).toMatchObject({
      idDiscountKind: "student",
      idDiscountPercent: 10,
      idDiscountAmount: 1360,
      promoCode: "NEWCOOP",
      promoDiscount: 5000,
      totalFee: 12240,
      amountDue: 7240,
      paymentMethod: "cash",
    });

    // Delivered: the rider's 85% is of ₱122.40 (₱104.04), operations carries the ₱50.
    const rider = await signedIn("rider");
    await api(`/api/deliveries/${booked.json.id}/accept`, { cookie: rider.cookie, method: "POST" });
    await api(`/api/deliveries/${booked.json.id}/status`, { cookie: rider.cookie, body: { status: "picked_up" } });
    const before = (
      await db()
        .select()
        .from(dailyTotals)
        .where(eq(dailyTotals.day, manilaDate(Date.now())))
    )[0] ?? { riderShare: 0, operationsShare: 0, memberBenefitsShare: 0 };
    await api(`/api/deliveries/${booked.json.id}/status`, { cookie: rider.cookie, body: { status: "delivered" } });
    const [after] = await db()
      .select()
      .from(dailyTotals)
      .where(eq(dailyTotals.day, manilaDate(Date.now())));
    const rider85 = after!.riderShare - before.riderShare;
    const operations = after!.operationsShare - before.operationsShare;
    const benefits = after!.memberBenefitsShare - before.memberBenefitsShare;
    expect(rider85).toBe(10404);
    expect(operations).toBe(1224 - 5000);
    expect(benefits).toBe(12240 - 10404 - 1224);
    expect(rider85 + operations + benefits).toBe(7240);
  });

  it("PWD 20% with COOP100 judged on the fare after the ID discount", async () => {
    const customer = await signedIn("user");
    await approveId(customer.user.id, "pwd");
    // ₱600 fare (53 km large): ₱480 after 20%, below ₱500: COOP100 refused.
    const refused = await quote(customer.cookie, { distance: 53, packageSize: "large", promoCode: "COOP100" });
    expect(refused.json.message).toBe("COOP100 needs an order of ₱500.00 or more.");
    // ₱700 fare: ₱560 after 20%, then ₱100 off: ₱460.
    const ok = await quote(customer.cookie, { distance: 63, packageSize: "large", promoCode: "COOP100" });
    expect(ok.json).toMatchObject({
      fare: 700,
      idDiscount: { kind: "pwd", percent: 20, amount: 140 },
      promo: { code: "COOP100", amount: 100 },
      total: 460,
    });
  });

  it("an expired student approval no longer applies", async () => {
    const customer = await signedIn("user");
    await approveId(customer.user.id, "student", new Date(Date.now() - 1000));
    const answer = await quote(customer.cookie, { distance: 3.2, packageSize: "small" });
    expect(answer.json).toMatchObject({ idDiscount: null, total: 52 });
  });
});
