import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { splitFee } from "~/money/money";
import { totalsForCancellationStatement, totalsForInsertedDeliveryStatement } from "./ledger.server";

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
      cancellation_fees: 0,
    });
  });

  it("splits cancellation fees like delivery fees, to the centavo, on the Manila day of the cancellation", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, role, created_at, updated_at) VALUES ('ledger-rider', 'rider', ?1, ?1), ('ledger-customer', 'user', ?1, ?1)").bind(now),
      env.DB.prepare(
        `INSERT INTO deliveries (id, customer_id, rider_id, status, pickup_address, pickup_city, pickup_phone, dropoff_address, dropoff_city, dropoff_phone,
           package_type, package_size, package_description, base_fare, distance_fee, size_fee, total_fee, distance, estimated_duration, created_at)
         VALUES ('ledger-cancel', 'ledger-customer', 'ledger-rider', 'assigned', 'a', 'Makati, Metro Manila', '09171234567', 'b', 'Makati, Metro Manila', '09171234567',
           'documents', 'small', 'x', 4000, 0, 0, 4000, '1.0', '2 mins', ?1)`,
      ).bind(now),
    ]);
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const fees = Array.from({ length: 1000 }, (_, i) => (i < 100 ? i * 7 : next() % 500_000));
    const lateEvening = Date.parse("2031-07-01T15:30:00Z"); // 23:30 in Manila: still 1 July
    const statement = (fee: number, cancelledAt: number, fromStatuses = ["assigned"]) =>
      totalsForCancellationStatement(env.DB, { deliveryId: "ledger-cancel", riderId: "ledger-rider", fee, cancelledAt, fromStatuses });
    for (let i = 0; i < fees.length; i += 100) await env.DB.batch(fees.slice(i, i + 100).map((fee) => statement(fee, lateEvening)));
    // Past midnight in Manila it is the next day; a wrong status or rider adds nothing.
    await env.DB.batch([
      statement(1000, Date.parse("2031-07-01T16:10:00Z")),
      statement(999, lateEvening, ["pending"]),
      totalsForCancellationStatement(env.DB, { deliveryId: "ledger-cancel", riderId: "someone-else", fee: 999, cancelledAt: lateEvening, fromStatuses: ["assigned"] }),
    ]);
    const expected = fees.map(splitFee).reduce(
      (sum, s) => ({ rider: sum.rider + s.rider, operations: sum.operations + s.operations, memberBenefits: sum.memberBenefits + s.memberBenefits }),
      { rider: 0, operations: 0, memberBenefits: 0 },
    );
    const total = fees.reduce((a, b) => a + b, 0);
    expect(expected.rider + expected.operations + expected.memberBenefits).toBe(total);
    const { results } = await env.DB.prepare("SELECT * FROM daily_totals WHERE day IN ('2031-07-01', '2031-07-02') ORDER BY day").all();
    expect(results).toEqual([
      {
        day: "2031-07-01",
        delivered_count: 0,
        revenue: total,
        rider_share: expected.rider,
        operations_share: expected.operations,
        member_benefits_share: expected.memberBenefits,
        cancellation_fees: total,
      },
      { day: "2031-07-02", delivered_count: 0, revenue: 1000, rider_share: 850, operations_share: 100, member_benefits_share: 50, cancellation_fees: 1000 },
    ]);
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
