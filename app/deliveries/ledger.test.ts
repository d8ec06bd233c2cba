import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { splitFee } from "~/money/money";
import { totalsForInsertedDeliveryStatement } from "./ledger.server";

describe("daily totals ledger", () => {
  it("splits in SQL exactly as splitFee does, to the centavo, for 2,000 pseudo-random fees", async () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const fees = Array.from({ length: 2000 }, (_, i) => (i < 200 ? i * 5 : next() % 2_000_000));
    const deliveredAt = Date.UTC(2031, 4, 6, 3, 0); // a day no other test uses
    for (let i = 0; i < fees.length; i += 100) {
      await env.DB.batch(
        fees.slice(i, i + 100).map((fee, j) => totalsForInsertedDeliveryStatement(env.DB, { deliveryId: `ledger-${i + j}`, totalFee: fee, deliveredAt })),
      );
    }
    const expected = fees.map(splitFee).reduce(
      (sum, s) => ({ rider: sum.rider + s.rider, operations: sum.operations + s.operations, memberBenefits: sum.memberBenefits + s.memberBenefits }),
      { rider: 0, operations: 0, memberBenefits: 0 },
    );
    const row = await env.DB.prepare("SELECT * FROM daily_totals WHERE day = '2031-05-06'").first();
    expect(row).toEqual({
      day: "2031-05-06",
      delivered_count: fees.length,
      revenue: fees.reduce((a, b) => a + b, 0),
      rider_share: expected.rider,
      operations_share: expected.operations,
      member_benefits_share: expected.memberBenefits,
    });
  });

  it("books a delivery on its Manila day: 23:30 on one day, 00:10 on the next", async () => {
    await env.DB.batch([
      totalsForInsertedDeliveryStatement(env.DB, { deliveryId: "late", totalFee: 10000, deliveredAt: Date.parse("2031-06-01T15:30:00Z") }),
      totalsForInsertedDeliveryStatement(env.DB, { deliveryId: "early", totalFee: 20000, deliveredAt: Date.parse("2031-06-01T16:10:00Z") }),
    ]);
    const { results } = await env.DB.prepare("SELECT day, revenue FROM daily_totals WHERE day IN ('2031-06-01', '2031-06-02') ORDER BY day").all();
    expect(results).toEqual([
      { day: "2031-06-01", revenue: 10000 },
      { day: "2031-06-02", revenue: 20000 },
    ]);
  });
});
