import { describe, expect, it } from "vitest";
import { collectionText } from "./payment-text";

describe("what a rider sees about money on a job", () => {
  it("cash: collect the amount due; online: paid online", () => {
    expect(collectionText({ method: "cash", status: "not_required" }, 86)).toBe("Collect ₱86.00 cash");
    expect(collectionText({ method: "cash", status: "not_required" }, 1234.5)).toBe("Collect ₱1,234.50 cash");
    expect(collectionText({ method: "gcash", status: "paid" }, 86)).toBe("Paid online");
    expect(collectionText({ method: "card", status: "paid" }, 86)).toBe("Paid online");
    expect(collectionText({ method: "cash", status: "not_required" }, 0)).toBe("Nothing to collect");
    expect(collectionText({ method: "invoice", status: "not_required" }, 86)).toBe("Invoiced to a business account: nothing to collect");
  });
});
