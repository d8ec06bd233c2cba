import type { PackageSize } from "~/db/schema";
import type { Centavos } from "~/money/money";

/** The one rate card (docs/guide/money.md). Everything that quotes a price reads it from here. */
export const RATE_CARD = {
  baseFare: 4000,
  includedKm: 2,
  perKm: 1000,
  /** Distance beyond the included km is charged per started 0.1 km. */
  billingStepKm: 0.1,
  sizeFees: { small: 0, medium: 2000, large: 5000 } satisfies Record<PackageSize, Centavos>,
} as const;

/** The parts of the rate card the co-op's settings change (app/settings/coop-settings.ts). */
export interface RateCard {
  baseFare: Centavos;
  includedKm: number;
  perKm: Centavos;
  sizeFees: Record<PackageSize, Centavos>;
}

export interface Quote {
  baseFare: Centavos;
  distanceFee: Centavos;
  sizeFee: Centavos;
  total: Centavos;
}

/** Prices a distance (km) and size. Works in whole metres so 2.05 km is one started step, not 0.9999. */
export function quote(distanceKm: number, size: PackageSize, card: RateCard = RATE_CARD): Quote {
  const metres = Math.max(0, Math.round(distanceKm * 1000));
  const extraMetres = Math.max(0, metres - Math.round(card.includedKm * 1000));
  const stepMetres = Math.round(RATE_CARD.billingStepKm * 1000);
  const steps = Math.ceil(extraMetres / stepMetres);
  const distanceFee = Math.round(steps * card.perKm * RATE_CARD.billingStepKm);
  const sizeFee = card.sizeFees[size];
  return { baseFare: card.baseFare, distanceFee, sizeFee, total: card.baseFare + distanceFee + sizeFee };
}
