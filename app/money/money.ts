/** Money is integer centavos everywhere inside Hatid; pesos appear only at the edges (API, display). */
export type Centavos = number;

export const centavosToPesos = (centavos: Centavos): number => Math.round(centavos) / 100;

/** Pesos from a client (at most 2 decimals) to centavos, without floating-point drift. */
export const pesosToCentavos = (pesos: number): Centavos => Math.round(pesos * 100);

const pesoFormat = new Intl.NumberFormat("en-PH", {
  style: "currency",
  currency: "PHP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₱1,234.50` */
export const formatPesos = (centavos: Centavos): string => pesoFormat.format(centavos / 100);

export const RIDER_SHARE_PERCENT = 85;
export const OPERATIONS_SHARE_PERCENT = 10;
export const MEMBER_BENEFITS_SHARE_PERCENT = 5;
export const COOP_SHARE_PERCENT = OPERATIONS_SHARE_PERCENT + MEMBER_BENEFITS_SHARE_PERCENT;

export interface FeeSplit {
  rider: Centavos;
  operations: Centavos;
  memberBenefits: Centavos;
}

/**
 * Splits a fee: rider = round(85%), operations = round(10%), member benefits = the remainder,
 * so the three always add up to the fee to the centavo.
 */
export function splitFee(fee: Centavos): FeeSplit {
  const rider = Math.round((fee * RIDER_SHARE_PERCENT) / 100);
  const operations = Math.round((fee * OPERATIONS_SHARE_PERCENT) / 100);
  return { rider, operations, memberBenefits: fee - rider - operations };
}
