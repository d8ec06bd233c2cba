import { DEFAULT_PEAK_HOURS, type PeakHours } from "~/pricing/peak";

/**
 * The co-op's settings (docs/guide/money.md#settings-versions: rate card, size fees, cancellation fees, incentive
 * amounts and thresholds, promo codes), in centavos. Admins change them at /admin/settings; each
 * change is a new version (app/settings/settings.server.ts). These are the first version's values.
 */
export interface IncentiveTier {
  /** Delivered deliveries needed. */
  minDeliveries: number;
  amount: number;
}

export interface IncentiveRules {
  /** Per Manila day: the highest tier reached pays (₱100 for 15+, ₱200 for 20+). */
  dailyTiers: IncentiveTier[];
  /** Paid on top of a day's tier to a rider rated at least `minRating` (₱50 at 4.8). */
  dailyRatingBonus: { minRating: number; amount: number };
  /** Per week, Monday to Sunday (₱500 for 40+, ₱1,000 for 60+). */
  weeklyTiers: IncentiveTier[];
  /** The week's top riders by deliveries (₱2,000 each to the top 10). */
  weeklyTop: { count: number; amount: number };
}

export const DEFAULT_INCENTIVES: IncentiveRules = {
  dailyTiers: [
    { minDeliveries: 15, amount: 10000 },
    { minDeliveries: 20, amount: 20000 },
  ],
  dailyRatingBonus: { minRating: 4.8, amount: 5000 },
  weeklyTiers: [
    { minDeliveries: 40, amount: 50000 },
    { minDeliveries: 60, amount: 100000 },
  ],
  weeklyTop: { count: 10, amount: 200000 },
};

/** The highest tier `count` reaches, or null. */
export function tierReached(tiers: readonly IncentiveTier[], count: number): IncentiveTier | null {
  let best: IncentiveTier | null = null;
  for (const tier of tiers)
    if (count >= tier.minDeliveries && (!best || tier.minDeliveries > best.minDeliveries)) best = tier;
  return best;
}

interface PromoRule {
  amount: number;
  firstDeliveryOnly: boolean;
  minimumFare: number;
  active: boolean;
}

export interface CoopSettings {
  rateCard: {
    baseFare: number;
    /** The distance the base fare covers. */
    includedKm: number;
    perKm: number;
    sizeFees: { small: number; medium: number; large: number };
  };
  cancellationFees: {
    /** Once a rider holds the delivery (after the free 2 minutes). */
    assigned: number;
    /** Once the rider is within 100 m of the pickup point. */
    riderArrived: number;
  };
  incentives: IncentiveRules;
  /** Upper-case code to its rule; a disabled code is kept with active: false. */
  promoCodes: Record<string, PromoRule>;
  /** ID discounts in percent of the fare (PWD, senior citizen, student). */
  idDiscountPercents: { pwd: number; senior: number; student: number };
  /** The longest trip one booking may be, by the road estimate, in km. */
  maxDistanceKm: number;
  /** How people reach the co-op (help centre, footer); each shown only when set. */
  contacts: CoopContacts;
  /** Peak hours (migration 0183): Manila windows and their surcharge, whole to the delivering rider (app/pricing/peak.ts). */
  peakHours: PeakHours;
  /** A claim on the member benefits fund up to this is decided by an admin; a larger one goes to the members' vote. */
  claimApprovalLimit: number;
}

export interface CoopContacts {
  /** A phone number as people dial it, e.g. "(02) 8424 2843". */
  hotline: string | null;
  /** The Messenger link, e.g. "https://m.me/hatid.coop". */
  messenger: string | null;
  email: string | null;
}

export const NO_CONTACTS: CoopContacts = { hotline: null, messenger: null, email: null };

export const DEFAULT_SETTINGS: CoopSettings = {
  rateCard: { baseFare: 4000, includedKm: 2, perKm: 1000, sizeFees: { small: 0, medium: 2000, large: 5000 } },
  cancellationFees: { assigned: 2000, riderArrived: 5000 },
  incentives: DEFAULT_INCENTIVES,
  promoCodes: {
    NEWCOOP: { amount: 5000, firstDeliveryOnly: true, minimumFare: 0, active: true },
    COOP100: { amount: 10000, firstDeliveryOnly: false, minimumFare: 50000, active: true },
  },
  idDiscountPercents: { pwd: 20, senior: 20, student: 10 },
  maxDistanceKm: 60,
  contacts: NO_CONTACTS,
  peakHours: DEFAULT_PEAK_HOURS,
  claimApprovalLimit: 500000,
};

export interface SettingsVersion {
  /** 0 for the built-in first version. */
  version: number;
  settings: CoopSettings;
  createdAt: string | null;
  createdBy: { id: string; name: string } | null;
  /** The passed proposal that made this version (decision 0216); null: saved by an admin. */
  madeByProposal?: { id: string; title: string } | null;
}
