import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { splitFee } from "~/money/fee-split";
import { totalsForCancellationStatement, totalsForInsertedDeliveryStatement } from "./daily-totals.server";

/** A cancellation fee adds none of migration 0183's delivery lines. */
const NO_DELIVERY_LINES = { gross_fare: 0, id_discounts: 0, promo_cost: 0, peak_bonus: 0, insurance: 0 };

describe("daily totals ledger", () => {
  it("splits in SQL exactly as splitFee does, to the centavo, for 2,000 pseudo-random fees", async () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const fees = Array.from({ length: 2000 }, (_, i) => (i < 200 ? i * 5 : next() % 2_000_000));
    const deliveredAt = Date.UTC(2031, 4, 6, 3, 0); // a day no other test uses
    for (let i = 0; i < fees.length; i += 100) {
      await env.DB.batch(
        fees
          .slice(i, i + 100)
          .map((fee, j) =>
            totalsForInsertedDeliveryStatement(env.DB, { deliveryId: `ledger-${i + j}`, totalFee: fee, deliveredAt }),
          ),
      );
    }
    const expected = fees.map(splitFee).reduce(
      (sum, s) => ({
        rider: sum.rider + s.rider,
        operations: sum.operations + s.operations,
        memberBenefits: sum.memberBenefits + s.memberBenefits,
      }),
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
      // Migration 0183's lines: no ID discounts, promos or peak surcharges here; ₱1 insurance per delivery.
      gross_fare: fees.reduce((a, b) => a + b, 0),
      id_discounts: 0,
      promo_cost: 0,
      peak_bonus: 0,
      insurance: 100 * fees.length,
    });
  });

  it("splits cancellation fees like delivery fees, to the centavo, on the Manila day of the cancellation", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, role, created_at, updated_at) VALUES ('ledger-rider', 'rider', ?1, ?1), ('ledger-customer', 'user', ?1, ?1)",
      ).bind(now),
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
      totalsForCancellationStatement(env.DB, {
        deliveryId: "ledger-cancel",
        riderId: "ledger-rider",
        fee,
        cancelledAt,
        fromStatuses,
        paymentStatus: "not_required",
      });
    for (let i = 0; i < fees.length; i += 100)
      await env.DB.batch(fees.slice(i, i + 100).map((fee) => statement(fee, lateEvening)));
    // Past midnight in Manila it is the next day; a wrong status or rider adds nothing.
    await env.DB.batch([
      statement(1000, Date.parse("2031-07-01T16:10:00Z")),
      statement(999, lateEvening, ["pending"]),
      totalsForCancellationStatement(env.DB, {
        deliveryId: "ledger-cancel",
        riderId: "someone-else",
        fee: 999,
        cancelledAt: lateEvening,
        fromStatuses: ["assigned"],
        paymentStatus: "not_required",
      }),
      // Nor does a payment status other than the one the decision saw.
      totalsForCancellationStatement(env.DB, {
        deliveryId: "ledger-cancel",
        riderId: "ledger-rider",
        fee: 999,
        cancelledAt: lateEvening,
        fromStatuses: ["assigned"],
        paymentStatus: "paid",
      }),
    ]);
    const expected = fees.map(splitFee).reduce(
      (sum, s) => ({
        rider: sum.rider + s.rider,
        operations: sum.operations + s.operations,
        memberBenefits: sum.memberBenefits + s.memberBenefits,
      }),
      { rider: 0, operations: 0, memberBenefits: 0 },
    );
    const total = fees.reduce((a, b) => a + b, 0);
    expect(expected.rider + expected.operations + expected.memberBenefits).toBe(total);
    const { results } = await env.DB.prepare(
      "SELECT * FROM daily_totals WHERE day IN ('2031-07-01', '2031-07-02') ORDER BY day",
    ).all();
    expect(results).toEqual([
      {
        day: "2031-07-01",
        delivered_count: 0,
        revenue: total,
        rider_share: expected.rider,
        operations_share: expected.operations,
        member_benefits_share: expected.memberBenefits,
        cancellation_fees: total,
        ...NO_DELIVERY_LINES,
      },
      {
        day: "2031-07-02",
        delivered_count: 0,
        revenue: 1000,
        rider_share: 850,
        operations_share: 100,
        member_benefits_share: 50,
        cancellation_fees: 1000,
        ...NO_DELIVERY_LINES,
      },
    ]);
  });

  it("books a delivery on its Manila day: 23:30 on one day, 00:10 on the next", async () => {
    await env.DB.batch([
      totalsForInsertedDeliveryStatement(env.DB, {
        deliveryId: "late",
        totalFee: 10000,
        deliveredAt: Date.parse("2031-06-01T15:30:00Z"),
      }),
      totalsForInsertedDeliveryStatement(env.DB, {
        deliveryId: "early",
        totalFee: 20000,
        deliveredAt: Date.parse("2031-06-01T16:10:00Z"),
      }),
    ]);
    const { results } = await env.DB.prepare(
      "SELECT day, revenue FROM daily_totals WHERE day IN ('2031-06-01', '2031-06-02') ORDER BY day",
    ).all();
    expect(results).toEqual([
      { day: "2031-06-01", revenue: 10000 },
      { day: "2031-06-02", revenue: 20000 },
    ]);
  });
});

describe("daily totals reconcile (decision 0183)", () => {
  it("revenue is what the customer paid, = rider (85% + peak) + operations (10% − promo) + member benefits, with each line", async () => {
    const deliveredAt = Date.UTC(2031, 7, 3, 4, 0); // 2031-08-03 in Manila, a day no other test uses
    // A ₱156 fare after a 20% ID discount of ₱195, NEWCOOP ₱50, peak ₱50: the customer paid ₱156.
    await env.DB.batch([
      totalsForInsertedDeliveryStatement(env.DB, {
        deliveryId: "reconcile-1",
        totalFee: 15600,
        deliveredAt,
        idDiscountAmount: 3900,
        promoDiscount: 5000,
        peakSurcharge: 5000,
      }),
      totalsForInsertedDeliveryStatement(env.DB, { deliveryId: "reconcile-2", totalFee: 10010, deliveredAt }),
    ]);
    const row = await env.DB.prepare("SELECT * FROM daily_totals WHERE day = '2031-08-03'").first<
      Record<string, number>
    >();
    const a = splitFee(15600);
    const b = splitFee(10010);
    expect(row).toMatchObject({
      delivered_count: 2,
      revenue: 15600 - 5000 + 5000 + 10010,
      rider_share: a.rider + 5000 + b.rider,
      operations_share: a.operations - 5000 + b.operations,
      member_benefits_share: a.memberBenefits + b.memberBenefits,
      gross_fare: 19500 + 10010,
      id_discounts: 3900,
      promo_cost: 5000,
      peak_bonus: 5000,
      insurance: 200,
    });
    expect(row!.rider_share! + row!.operations_share! + row!.member_benefits_share!).toBe(row!.revenue);
  });
});
