import { describe, expect, it } from "vitest";
import { allocateCoopFund } from "./fund-allocation";

describe("Coop Fund Allocation", () => {
  it("splits the month's coop share 40/25/15/20 and the parts add up to the centavo", () => {
    expect(allocateCoopFund(100_000).map((p) => [p.label, p.percent, p.amount])).toEqual([
      ["Health Insurance", 40, 40_000],
      ["Emergency Fund", 25, 25_000],
      ["Training", 15, 15_000],
      ["Equipment", 20, 20_000],
    ]);
    for (const centavos of [0, 1, 3, 7, 99, 2341, 123_457]) {
      expect(allocateCoopFund(centavos).reduce((sum, p) => sum + p.amount, 0)).toBe(centavos);
    }
    expect(allocateCoopFund(2341).map((p) => p.amount)).toEqual([936, 585, 351, 469]);
  });
});
