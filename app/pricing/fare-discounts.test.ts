import { describe, expect, it } from "vitest";
import { translateMessage } from "~/i18n/i18n.server";
import { applyDiscounts, checkPromo, PROMO_MESSAGES } from "./fare-discounts";

const sum = (s: { rider: number; operations: number; memberBenefits: number }) =>
  s.rider + s.operations + s.memberBenefits;

describe("promo eligibility", () => {
  it("NEWCOOP: ₱50 off the first delivery only, any case", () => {
    expect(checkPromo("newcoop", { fare: 13600, hasEarlierBooking: false })).toEqual({
      ok: true,
      code: "NEWCOOP",
      amount: 5000,
    });
    expect(checkPromo(" NewCoop ", { fare: 4000, hasEarlierBooking: false })).toMatchObject({
      ok: true,
      code: "NEWCOOP",
    });
    expect(checkPromo("NEWCOOP", { fare: 13600, hasEarlierBooking: true })).toEqual({
      ok: false,
      message: { id: "server.pricing.promoFirstOnly", values: { code: "NEWCOOP" } },
    });
  });

  it("COOP100: ₱100 off from ₱500.00, not from ₱499.99", () => {
    expect(checkPromo("coop100", { fare: 50000, hasEarlierBooking: true })).toEqual({
      ok: true,
      code: "COOP100",
      amount: 10000,
    });
    expect(checkPromo("COOP100", { fare: 49999, hasEarlierBooking: false })).toEqual({
      ok: false,
      message: { id: "server.pricing.promoMinimum", values: { code: "COOP100", amount: "₱500.00" } },
    });
  });

  it("an unknown code", () => {
    expect(checkPromo("FREESTUFF", { fare: 99999, hasEarlierBooking: false })).toEqual({
      ok: false,
      message: { id: "server.pricing.promoUnknown" },
    });
    expect(translateMessage("en", PROMO_MESSAGES.unknown)).toBe("This promo code does not exist.");
    expect(translateMessage("fil", PROMO_MESSAGES.unknown)).toBe("Walang ganitong promo code.");
  });
});

describe("applyDiscounts, to the centavo", () => {
  it("no discount: the plain 85/10/5 split of the fare", () => {
    const priced = applyDiscounts(13600);
    expect(priced).toEqual({
      fare: 13600,
      idDiscount: null,
      fee: 13600,
      promo: null,
      total: 13600,
      split: { rider: 11560, operations: 1360, memberBenefits: 680 },
    });
  });

  it("NEWCOOP on ₱136: customer pays ₱86; the rider keeps 85% of ₱136, operations carries the ₱50", () => {
    const priced = applyDiscounts(13600, { promo: { code: "NEWCOOP", amount: 5000 } });
    expect(priced.total).toBe(8600);
    expect(priced.split).toEqual({ rider: 11560, operations: 1360 - 5000, memberBenefits: 680 });
    expect(sum(priced.split)).toBe(priced.total);
  });

  it("student 10% first, then a ₱100 promo: ₱555.55 -> ₱499.99 fee -> ₱399.99", () => {
    const priced = applyDiscounts(55555, { idDiscountKind: "student", promo: { code: "COOP100", amount: 10000 } });
    expect(priced.idDiscount).toEqual({ kind: "student", percent: 10, amount: 5556 });
    expect(priced.fee).toBe(49999);
    expect(priced.total).toBe(39999);
    expect(priced.split.rider).toBe(42499); // round(49999 * 0.85) = 42499.15 -> 42499
    expect(priced.split.memberBenefits).toBe(49999 - 42499 - 5000);
    expect(sum(priced.split)).toBe(priced.total);
  });

  it("PWD and senior 20% of an odd fare, rounded to the centavo", () => {
    expect(applyDiscounts(5255, { idDiscountKind: "pwd" }).idDiscount).toEqual({
      kind: "pwd",
      percent: 20,
      amount: 1051,
    });
    const senior = applyDiscounts(5257, { idDiscountKind: "senior" });
    expect(senior.idDiscount!.amount).toBe(1051); // 1051.4
    expect(senior.fee).toBe(4206);
    expect(sum(senior.split)).toBe(4206);
  });

  it("the total never goes below ₱0: the promo is capped at the fee", () => {
    const priced = applyDiscounts(4000, { idDiscountKind: "student", promo: { code: "NEWCOOP", amount: 5000 } });
    expect(priced.fee).toBe(3600);
    expect(priced.promo).toEqual({ code: "NEWCOOP", amount: 3600 });
    expect(priced.total).toBe(0);
    expect(priced.split).toEqual({ rider: 3060, operations: 360 - 3600, memberBenefits: 180 });
    expect(sum(priced.split)).toBe(0);
  });

  it("the three shares add up for every fare from ₱40.00 to ₱60.00", () => {
    for (let fare = 4000; fare <= 6000; fare += 1) {
      for (const idDiscountKind of [null, "pwd", "student"] as const) {
        const priced = applyDiscounts(fare, { idDiscountKind, promo: { code: "NEWCOOP", amount: 5000 } });
        expect(sum(priced.split)).toBe(priced.total);
        expect(priced.total).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
