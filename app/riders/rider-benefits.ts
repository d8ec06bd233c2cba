/**
 * The cover of the co-op's insurance for every rider, in centavos: the figures /become-rider, /help
 * and the Terms quote (one copy). It is funded with INSURANCE_PER_DELIVERY (app/ledger/ledger-rules.ts).
 */
export const INSURANCE_COVER = { accident: 20_000_000, death: 50_000_000, burial: 15_000_000 } as const;
