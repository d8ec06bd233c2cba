import { describe, expect, it } from "vitest";
import { centavosToPesos, formatPesos, pesosToCentavos, splitFee } from "./money";

describe("splitting a fee", () => {
  it("gives the rider 85%, operations 10%, member benefits 5%", () => {
    expect(splitFee(10000)).toEqual({ rider: 8500, operations: 1000, memberBenefits: 500 });
  });

  it("always adds up to the fee to the centavo (10,000 pseudo-random fees)", () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 10_000; i++) {
      const fee = next() % 10_000_000;
      const { rider, operations, memberBenefits } = splitFee(fee);
      expect(rider + operations + memberBenefits).toBe(fee);
      expect(Math.abs(rider - fee * 0.85)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(operations - fee * 0.1)).toBeLessThanOrEqual(0.5);
      expect(memberBenefits).toBeGreaterThanOrEqual(0);
    }
  });

  it("handles every fee from 0 to 100 pesos", () => {
    for (let fee = 0; fee <= 10_000; fee++) {
      const { rider, operations, memberBenefits } = splitFee(fee);
      expect(rider + operations + memberBenefits).toBe(fee);
    }
  });
});

describe("pesos", () => {
  it("formats as en-PH pesos", () => {
    expect(formatPesos(123450)).toBe("₱1,234.50");
    expect(formatPesos(0)).toBe("₱0.00");
  });
  it("converts without floating-point drift", () => {
    expect(pesosToCentavos(0.1 + 0.2)).toBe(30);
    expect(centavosToPesos(5210)).toBe(52.1);
  });
});
