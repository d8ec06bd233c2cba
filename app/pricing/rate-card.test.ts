import { describe, expect, it } from "vitest";
import { PACKAGE_SIZES } from "~/db/schema";
import { quote } from "./rate-card";

const SIZE_FEES = { small: 0, medium: 2000, large: 5000 };

describe("rate card", () => {
  const cases: [km: number, distanceFee: number][] = [
    [0, 0],
    [2, 0],
    [2.05, 100], // one started 0.1 km
    [3.2, 1200],
    [25, 23000],
  ];
  for (const [km, distanceFee] of cases) {
    for (const size of PACKAGE_SIZES) {
      it(`${km} km, ${size}: base ₱40 + ₱${distanceFee / 100} distance + ₱${SIZE_FEES[size] / 100} size`, () => {
        expect(quote(km, size)).toEqual({
          baseFare: 4000,
          distanceFee,
          sizeFee: SIZE_FEES[size],
          total: 4000 + distanceFee + SIZE_FEES[size],
        });
      });
    }
  }

  it("does not drift on floating-point distances", () => {
    expect(quote(2.1, "small").distanceFee).toBe(100);
    expect(quote(2.3, "small").distanceFee).toBe(300);
    expect(quote(2.30000001, "small").distanceFee).toBe(300);
  });
});
