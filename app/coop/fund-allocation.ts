/** The Coop Fund Allocation card: shares of the month's coop share, in centavos. */
export const COOP_FUND_ALLOCATION = [
  { key: "health", label: "Health Insurance", percent: 40 },
  { key: "emergency", label: "Emergency Fund", percent: 25 },
  { key: "training", label: "Training", percent: 15 },
  { key: "equipment", label: "Equipment", percent: 20 },
] as const;

/** Splits centavos 40/25/15/20; the last part takes the remainder so the parts add up exactly. */
export function allocateCoopFund(centavos: number): { key: string; label: string; percent: number; amount: number }[] {
  let allocated = 0;
  return COOP_FUND_ALLOCATION.map((part, i) => {
    const amount =
      i === COOP_FUND_ALLOCATION.length - 1 ? centavos - allocated : Math.round((centavos * part.percent) / 100);
    allocated += amount;
    return { ...part, amount };
  });
}
