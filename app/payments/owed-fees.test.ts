import { describe, expect, it } from "vitest";
import { feeOutcome } from "./owed-fees.server";

describe("feeOutcome: where a cancellation fee's money comes from (decision 0217)", () => {
  const booking = {
    paymentMethod: "cash" as const,
    paymentStatus: "not_required" as const,
    amountDue: 13600,
    owedFeeCollected: 0,
  };

  it("cash, or anything unpaid: the whole fee is owed", () => {
    expect(feeOutcome(booking, 2000)).toEqual({ covered: 0, owed: 2000, refund: 0 });
    expect(
      feeOutcome({ ...booking, paymentMethod: "gcash", paymentStatus: "not_required", amountDue: 0 }, 5000),
    ).toEqual({ covered: 0, owed: 5000, refund: 0 });
  });

  it("online and paid: the fee comes out of the refund; a refund smaller than the fee leaves the rest owed", () => {
    const paid = { ...booking, paymentMethod: "gcash" as const, paymentStatus: "paid" as const };
    expect(feeOutcome(paid, 2000)).toEqual({ covered: 2000, owed: 0, refund: 11600 });
    expect(feeOutcome({ ...paid, amountDue: 1000 }, 5000)).toEqual({ covered: 1000, owed: 4000, refund: 0 });
    expect(feeOutcome(paid, 0)).toEqual({ covered: 0, owed: 0, refund: 13600 });
  });

  it("earlier fees an online booking collected are neither refunded nor used for the new fee", () => {
    const paid = {
      paymentMethod: "gcash" as const,
      paymentStatus: "paid" as const,
      amountDue: 15600,
      owedFeeCollected: 2000,
    };
    expect(feeOutcome(paid, 2000)).toEqual({ covered: 2000, owed: 0, refund: 11600 });
  });

  it("an invoice booking's fee is billed to its partner, counted at once", () => {
    expect(feeOutcome({ ...booking, paymentMethod: "invoice" }, 2000)).toEqual({ covered: 2000, owed: 0, refund: 0 });
  });
});
