import { describe, expect, it } from "vitest";
import {
  asPesos,
  centavosToPesos,
  formatPesoAmount,
  formatPesoDecimal,
  formatPesos,
  formatPesosShort,
  pesosToCentavos,
  type Centavos,
  type Pesos,
} from "./money";
import { splitFee } from "./fee-split";

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
  it("writes amounts exactly as Intl's en-PH currency format does (20,000 pseudo-random amounts, both signs)", () => {
    const intl = new Intl.NumberFormat("en-PH", {
      style: "currency",
      currency: "PHP",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const whole = new Intl.NumberFormat("en-PH", { maximumFractionDigits: 0 });
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const size = next() % 10 ** (1 + (i % 11));
      const centavos = i % 3 === 0 && size !== 0 ? -size : size; // (-0 is written "₱0.00", where Intl writes "-₱0.00")
      expect(formatPesos(centavos)).toBe(intl.format(centavos / 100));
      if (centavos % 100 === 0) expect(formatPesosShort(centavos)).toBe(`₱${whole.format(centavos / 100)}`);
    }
  });
  it("formats pesos, short amounts and CSV decimals", () => {
    expect(formatPesoAmount(asPesos(1234.5))).toBe("₱1,234.50");
    expect(formatPesoAmount(centavosToPesos(8600))).toBe("₱86.00");
    expect(formatPesosShort(5000)).toBe("₱50");
    expect(formatPesosShort(100000)).toBe("₱1,000");
    expect(formatPesosShort(4950)).toBe("₱49.50");
    expect(formatPesoDecimal(123450)).toBe("1234.50");
    expect(formatPesoDecimal(-5)).toBe("-0.05");
  });
  it("keeps centavos and pesos apart (checked by tsc: each line below must not compile)", () => {
    const fare: Centavos = 8600;
    const shown: Pesos = centavosToPesos(fare);
    // @ts-expect-error pesos are not centavos: the formatter would show them 100 times too small
    expect(formatPesos(shown)).toBe("₱0.86");
    // @ts-expect-error centavos are not pesos
    expect(formatPesoAmount(fare)).toBe("₱8,600.00");
    // @ts-expect-error a plain number is not pesos until someone says so (asPesos, centavosToPesos)
    expect(formatPesoAmount(86)).toBe("₱86.00");
    // @ts-expect-error converting centavos "from pesos" again
    expect(pesosToCentavos(fare)).toBe(860000);
    // @ts-expect-error converting pesos "from centavos" again
    expect(centavosToPesos(shown)).toBe(0.86);
  });
  it("converts without floating-point drift", () => {
    expect(pesosToCentavos(0.1 + 0.2)).toBe(30);
    expect(centavosToPesos(5210)).toBe(52.1);
  });
});
