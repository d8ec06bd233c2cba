/**
 * The largest amount, in pesos, each kind of typed amount may be (`pesoAmount` in ./peso-input.ts
 * checks it; the refusal names it as `formatPesos(limit * 100)`). Each is far above any real amount
 * of its kind, so only a slip of the keyboard (a few zeros too many) meets it, and far inside what
 * integer centavos hold exactly.
 */

/** A remittance, a cash-out or an adjustment (either way) on a rider's ledger: one rider's money, never near a million pesos. */
export const LEDGER_MAX_PESOS = 1_000_000;

/** Any peso amount of the co-op's settings (a fare, a fee, a bonus, a promo, the claim approval limit): prices of one delivery or one rider's bonus. */
export const SETTINGS_MAX_PESOS = 1_000_000;

/** A payout or a surplus return the members vote on: the co-op's money for a whole period, ten times one rider's limit. */
export const PROPOSAL_MAX_PESOS = 10_000_000;

/** The largest claim on the member benefits fund: far above any one benefit the fund pays, well below a typing slip of zeros. */
export const CLAIM_MAX_PESOS = 100_000;

/** A cancellation fee the customer confirmed (₱0, ₱20 or ₱50 by default): a fee of one delivery. */
export const CANCELLATION_FEE_MAX_PESOS = 100_000;
