import { describe, expect, it } from "vitest";
import { seededRandom } from "../../test/seeded-random";
import { splitPatronage } from "./patronage";

const members = (n: number) => Array.from({ length: n }, (_, i) => `member-${String(i).padStart(3, "0")}`);

describe("the patronage split (largest remainders)", () => {
  for (const [count, cases] of [
    [1, 2000],
    [2, 2000],
    [3, 2000],
    [97, 500],
  ] as const) {
    it(`for ${count} member(s): parts sum to the amount, none below 0, each within 1 centavo of its exact share (${cases} cases)`, () => {
      const failures: string[] = [];
      for (let seed = 1; seed <= cases; seed += 1) {
        const { int } = seededRandom(seed * 7919 + count);
        const amount = int(0, 3) === 0 ? int(0, 200) : int(1, 1_000_000_000);
        // Some members with 0 deliveries, weights from 1 to 5,000, sometimes all equal.
        const equal = int(0, 4) === 0;
        const weights = members(count).map((memberId) => ({
          memberId,
          weight: equal ? 7 : int(0, 5) === 0 ? 0 : int(1, 5000),
        }));
        const parts = splitPatronage(amount, weights);
        const total = weights.reduce((sum, w) => sum + w.weight, 0);
        const fail = (what: string) => failures.push(`seed ${seed}, amount ${amount}: ${what}`);
        const counted = weights.filter((w) => w.weight > 0);
        if (parts.length !== counted.length || parts.some((p, i) => p.memberId !== counted[i]!.memberId))
          fail("not one part per member who delivered, in order");
        if (total === 0) continue;
        const sum = parts.reduce((s, p) => s + p.amount, 0);
        if (sum !== amount) fail(`parts sum to ${sum}`);
        parts.forEach((part, i) => {
          const weight = counted[i]!.weight;
          if (!Number.isInteger(part.amount) || part.amount < 0) fail(`${part.memberId} got ${part.amount}`);
          // |part − amount·w/W| < 1, in integers: |part·W − amount·w| < W.
          const gap = BigInt(part.amount) * BigInt(total) - BigInt(amount) * BigInt(weight);
          if ((gap < 0n ? -gap : gap) >= BigInt(total))
            fail(`${part.memberId} got ${part.amount}, a centavo or more from ${(amount * weight) / total}`);
        });
      }
      expect(failures).toEqual([]);
    });
  }

  it("gives nothing to members with 0 deliveries and nothing at all when nobody delivered", () => {
    expect(
      splitPatronage(1000, [
        { memberId: "a", weight: 0 },
        { memberId: "b", weight: 3 },
      ]),
    ).toEqual([{ memberId: "b", amount: 1000 }]);
    expect(splitPatronage(1000, [{ memberId: "a", weight: 0 }])).toEqual([]);
    expect(splitPatronage(1000, [])).toEqual([]);
  });

  it("breaks equal remainders by member id: 100 centavos among 3 equal members gives the extra centavo to the smallest id", () => {
    const parts = splitPatronage(100, [
      { memberId: "c", weight: 1 },
      { memberId: "a", weight: 1 },
      { memberId: "b", weight: 1 },
    ]);
    expect(parts).toEqual([
      { memberId: "c", amount: 33 },
      { memberId: "a", amount: 34 },
      { memberId: "b", amount: 33 },
    ]);
    // 5 among 2:1 → exact 3.33 and 1.67: floors 3 and 1, the larger remainder (0.67) gets the last centavo.
    expect(
      splitPatronage(5, [
        { memberId: "a", weight: 2 },
        { memberId: "b", weight: 1 },
      ]),
    ).toEqual([
      { memberId: "a", amount: 3 },
      { memberId: "b", amount: 2 },
    ]);
  });

  it("refuses amounts and weights that are not whole numbers", () => {
    expect(() => splitPatronage(10.5, [{ memberId: "a", weight: 1 }])).toThrow(RangeError);
    expect(() => splitPatronage(-1, [{ memberId: "a", weight: 1 }])).toThrow(RangeError);
    expect(() => splitPatronage(10, [{ memberId: "a", weight: 1.5 }])).toThrow(RangeError);
  });
});
