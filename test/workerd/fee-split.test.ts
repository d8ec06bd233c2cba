import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  MEMBER_BENEFITS_SHARE_PERCENT,
  OPERATIONS_SHARE_PERCENT,
  RIDER_SHARE_PERCENT,
  riderPart,
  riderPartSql,
  splitFee,
  splitFeeSql,
  type FeeSplit,
} from "~/money/fee-split";
import { seededRandom } from "./ledger-fixtures";

/**
 * The fee split's two forms (app/money/fee-split.ts) agree to the centavo: `splitFee()` in JS (the
 * earnings pages, the CSV) and `splitFeeSql()` as D1 runs it (the ledger, the daily totals, the
 * dashboard and the month report). Every fare from ₱0.00 to ₱100.00 (all the halves that round),
 * then seeded random fares up to ₱100,000, and each split adds up to its fare.
 */

/** The fares through SQL in one statement: splitFeeSql over a column (`fare`) of json_each's rows. */
async function splitInSql(fares: number[]): Promise<FeeSplit[]> {
  const split = splitFeeSql("fare");
  const { results } = await env.DB.prepare(
    `SELECT ${split.rider} AS rider, ${split.operations} AS operations, ${split.memberBenefits} AS memberBenefits
     FROM (SELECT key, value AS fare FROM json_each(?1)) ORDER BY key`,
  )
    .bind(JSON.stringify(fares))
    .all<FeeSplit>();
  return results;
}

function expectAddsUp(fare: number, split: FeeSplit) {
  expect(split.rider + split.operations + split.memberBenefits).toBe(fare);
  expect(Math.abs(split.rider - (fare * RIDER_SHARE_PERCENT) / 100)).toBeLessThanOrEqual(0.5);
  expect(Math.abs(split.operations - (fare * OPERATIONS_SHARE_PERCENT) / 100)).toBeLessThanOrEqual(0.5);
  expect(Math.abs(split.memberBenefits - (fare * MEMBER_BENEFITS_SHARE_PERCENT) / 100)).toBeLessThanOrEqual(1);
}

describe("the fee split, in JS and in SQL", () => {
  it("is 85/10/5 and adds up", () => {
    expect(RIDER_SHARE_PERCENT + OPERATIONS_SHARE_PERCENT + MEMBER_BENEFITS_SHARE_PERCENT).toBe(100);
    expect(splitFee(10000)).toEqual({ rider: 8500, operations: 1000, memberBenefits: 500 });
  });

  it("agrees to the centavo for every fare from ₱0.00 to ₱100.00", async () => {
    const fares = Array.from({ length: 10_001 }, (_, i) => i);
    const inSql = await splitInSql(fares);
    expect(inSql).toHaveLength(fares.length);
    fares.forEach((fare, i) => {
      expect(inSql[i], `fare ${fare}`).toEqual(splitFee(fare));
      expectAddsUp(fare, inSql[i]!);
    });
  });

  it("agrees to the centavo for 20,000 seeded random fares up to ₱100,000", async () => {
    const random = seededRandom(2028);
    const fares = Array.from({ length: 20_000 }, (_, i) =>
      i % 4 === 0 ? random.int(0, 10_000_000) : random.int(0, 300_000),
    );
    const inSql = await splitInSql(fares);
    fares.forEach((fare, i) => {
      expect(inSql[i], `fare ${fare}`).toEqual(splitFee(fare));
      expectAddsUp(fare, inSql[i]!);
    });
  });

  it("agrees with a bound parameter as the amount (as the ledger's cancellation share uses it)", async () => {
    const random = seededRandom(85);
    const split = splitFeeSql("?1");
    for (let i = 0; i < 50; i++) {
      const fare = random.int(0, 500_000);
      const row = await env.DB.prepare(
        `SELECT ${split.rider} AS rider, ${split.operations} AS operations, ${split.memberBenefits} AS memberBenefits`,
      )
        .bind(fare)
        .first<FeeSplit>();
      expect(row, `fare ${fare}`).toEqual(splitFee(fare));
    }
  });

  it("gives the rider the same part (the share plus the whole peak surcharge) in JS and in SQL", async () => {
    const random = seededRandom(183);
    const rows = Array.from(
      { length: 5_000 },
      () => [random.int(0, 1_000_000), random.pick([0, 0, 5000, 7500, 10000, random.int(0, 20_000)])] as const,
    );
    const { results } = await env.DB.prepare(
      `SELECT ${riderPartSql("fare", "peak")} AS part
       FROM (SELECT key, json_extract(value, '$[0]') AS fare, json_extract(value, '$[1]') AS peak FROM json_each(?1)) ORDER BY key`,
    )
      .bind(JSON.stringify(rows))
      .all<{ part: number }>();
    expect(results.map((row) => row.part)).toEqual(rows.map(([fare, peak]) => riderPart(fare, peak)));
    expect(rows.every(([fare, peak]) => riderPart(fare, peak) === splitFee(fare).rider + peak)).toBe(true);
  });
});
