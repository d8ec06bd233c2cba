import { describe, expect, it } from "vitest";
import { liveCounts, liveDeliveriesQuerySchema } from "./live-deliveries";

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
    expect(liveDeliveriesQuerySchema.parse({ filter: "in_progress", limit: "10" })).toEqual({
      filter: "in_progress",
      limit: 10,
      cursor: null,
    });
    expect(liveDeliveriesQuerySchema.safeParse({ filter: "done" }).success).toBe(false);
  });
});
