import type { Centavos } from "~/money/money";

/**
 * The patronage split of a surplus return (docs/guide/coop.md#surplus-return; decision 0215): `amount`
 * centavos shared among members in proportion to their weights (delivered deliveries in the period)
 * by largest remainders. Each member first gets the floor of their exact share; the centavos left
 * over (fewer than the members) go one each to the largest remainders, ties to the smaller member
 * id. So the parts add up to the amount exactly and each differs from its exact share by less than
 * one centavo. A member whose weight is 0 gets nothing and is left out. Pure; exact integer maths.
 */
export interface PatronagePart {
  memberId: string;
  amount: Centavos;
}

export function splitPatronage(
  amount: Centavos,
  weights: readonly { memberId: string; weight: number }[],
): PatronagePart[] {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError("amount must be a whole number of centavos, 0 or more");
  for (const { weight } of weights)
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError("weights must be whole numbers, 0 or more");
  const counted = weights.filter((w) => w.weight > 0);
  const total = counted.reduce((sum, w) => sum + BigInt(w.weight), 0n);
  if (total === 0n) return [];
  const whole = BigInt(amount);
  const shares = counted.map((w) => {
    const product = whole * BigInt(w.weight);
    return { memberId: w.memberId, floor: product / total, remainder: product % total };
  });
  let left = whole - shares.reduce((sum, s) => sum + s.floor, 0n);
  const order = [...shares].sort((a, b) =>
    a.remainder === b.remainder
      ? a.memberId < b.memberId
        ? -1
        : a.memberId > b.memberId
          ? 1
          : 0
      : a.remainder > b.remainder
        ? -1
        : 1,
  );
  const extra = new Set<string>();
  for (const share of order) {
    if (left === 0n) break;
    extra.add(share.memberId);
    left -= 1n;
  }
  return shares.map((s) => ({ memberId: s.memberId, amount: Number(s.floor) + (extra.has(s.memberId) ? 1 : 0) }));
}
