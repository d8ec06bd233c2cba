import type { PackageSize } from "~/db/schema";
import { formatPesos, type Centavos } from "~/money/money";

/** The one rate card (PRODUCT.md, Money). Everything that quotes a price reads it from here. */
export const RATE_CARD = {
  baseFare: 4000,
  includedKm: 2,
  perKm: 1000,
  /** Distance beyond the included km is charged per started 0.1 km. */
  billingStepKm: 0.1,
  sizeFees: { small: 0, medium: 2000, large: 5000 } satisfies Record<PackageSize, Centavos>,
} as const;

export const PACKAGE_SIZE_LABELS: Record<PackageSize, string> = {
  small: "Small (Envelope)",
  medium: "Medium (Shoebox)",
  large: "Large (Backpack)",
};

export interface Quote {
  baseFare: Centavos;
  distanceFee: Centavos;
  sizeFee: Centavos;
  total: Centavos;
}

/** Prices a distance (km) and size. Works in whole metres so 2.05 km is one started step, not 0.9999. */
export function quote(distanceKm: number, size: PackageSize): Quote {
  const metres = Math.max(0, Math.round(distanceKm * 1000));
  const extraMetres = Math.max(0, metres - RATE_CARD.includedKm * 1000);
  const stepMetres = Math.round(RATE_CARD.billingStepKm * 1000);
  const steps = Math.ceil(extraMetres / stepMetres);
  const distanceFee = Math.round(steps * RATE_CARD.perKm * RATE_CARD.billingStepKm);
  const sizeFee = RATE_CARD.sizeFees[size];
  return { baseFare: RATE_CARD.baseFare, distanceFee, sizeFee, total: RATE_CARD.baseFare + distanceFee + sizeFee };
}

/** The rate card as people read it, for the booking page and the help centre. */
export function rateCardLines(): string[] {
  return [
    `Base fare ${formatPesos(RATE_CARD.baseFare)} covers the first ${RATE_CARD.includedKm} km`,
    `${formatPesos(RATE_CARD.perKm)} per km after that, charged per started ${RATE_CARD.billingStepKm} km`,
    `Size fee: small ${formatPesos(RATE_CARD.sizeFees.small)}, medium ${formatPesos(RATE_CARD.sizeFees.medium)}, large ${formatPesos(RATE_CARD.sizeFees.large)}`,
  ];
}
