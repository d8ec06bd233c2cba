import { describe, expect, it } from "vitest";
import { allocateCoopFund, liveCounts, liveDeliveriesQuerySchema } from "./live-deliveries";

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

describe("Live Deliveries helpers", () => {
  it("counts In Progress as assigned + picked_up + in_transit and All including cancelled", () => {
    expect(liveCounts({ pending: 2, assigned: 1, picked_up: 1, in_transit: 3, delivered: 10, cancelled: 4 })).toEqual({
      all: 21,
      pending: 2,
      inProgress: 5,
      completed: 10,
    });
    expect(liveCounts({})).toEqual({ all: 0, pending: 0, inProgress: 0, completed: 0 });
  });

  it("reads filter and limit with defaults", () => {
    expect(liveDeliveriesQuerySchema.parse({})).toEqual({ filter: "all", limit: 20, cursor: null });
    expect(liveDeliveriesQuerySchema.parse({ filter: "in_progress", limit: "10" })).toEqual({ filter: "in_progress", limit: 10, cursor: null });
    expect(liveDeliveriesQuerySchema.safeParse({ filter: "done" }).success).toBe(false);
  });
});
