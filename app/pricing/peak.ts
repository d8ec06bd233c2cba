import { MANILA_OFFSET_MS } from "~/i18n/manila";

/**
 * Peak hours (docs/guide/money.md#peak-hours), pure and in centavos.
 * A co-op setting lists windows of Manila wall-clock time, each on some weekdays, with its
 * surcharge. A booking made inside a window pays that surcharge on top of its fare, and the whole
 * surcharge goes to the rider who delivers it (a `peak_bonus` ledger entry). Windows are half-open:
 * 11:00-13:00 holds 11:00 and 12:59, not 13:00. Where windows overlap the larger surcharge applies.
 */
interface PeakWindow {
  /** Manila weekdays, 0 = Sunday … 6 = Saturday. */
  days: number[];
  /** Whole hours of the Manila day, 0-23 and 1-24, start < end. */
  startHour: number;
  endHour: number;
  /** Centavos added to a booking made in the window. */
  surcharge: number;
}

export interface PeakHours {
  windows: PeakWindow[];
}

const MON_TO_THU = [1, 2, 3, 4];
export const DEFAULT_PEAK_HOURS: PeakHours = {
  windows: [
    { days: [1, 2, 3, 4, 5, 6], startHour: 11, endHour: 13, surcharge: 5000 },
    { days: MON_TO_THU, startHour: 17, endHour: 20, surcharge: 5000 },
    { days: [5, 6], startHour: 17, endHour: 20, surcharge: 10000 },
  ],
};

const HOUR_MS = 60 * 60 * 1000;

/** The Manila weekday (0 = Sunday) and hour of the day (with its fraction) of an instant. */
function manilaClock(at: number | Date): { weekday: number; hour: number } {
  const local = new Date(Number(at) + MANILA_OFFSET_MS);
  return {
    weekday: local.getUTCDay(),
    hour:
      local.getUTCHours() +
      local.getUTCMinutes() / 60 +
      local.getUTCSeconds() / 3600 +
      local.getUTCMilliseconds() / HOUR_MS,
  };
}

export interface OpenPeak {
  surcharge: number;
  /** The hour (Manila) the window closes, e.g. 13 for "until 13:00". */
  endHour: number;
}

/** The peak window open at `at` (the largest surcharge where windows overlap), or null. */
export function peakAt(at: number | Date, hours: PeakHours = DEFAULT_PEAK_HOURS): OpenPeak | null {
  const { weekday, hour } = manilaClock(at);
  let best: OpenPeak | null = null;
  for (const window of hours.windows) {
    if (!window.days.includes(weekday) || hour < window.startHour || hour >= window.endHour || window.surcharge <= 0)
      continue;
    if (!best || window.surcharge > best.surcharge) best = { surcharge: window.surcharge, endHour: window.endHour };
  }
  return best;
}

/** The surcharge of a booking made at `at`: 0 outside peak hours. */
export const peakSurchargeAt = (at: number | Date, hours: PeakHours = DEFAULT_PEAK_HOURS): number =>
  peakAt(at, hours)?.surcharge ?? 0;

/** "13:00" */
export const formatHour = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** A discounted fare with its peak surcharge: `total` (what the customer pays) includes it, and the rider's part gets it whole. */
export type PeakPriced<
  T extends { total: number; split: { rider: number; operations: number; memberBenefits: number } },
> = T & { peakSurcharge: number };

export function withPeakSurcharge<
  T extends { total: number; split: { rider: number; operations: number; memberBenefits: number } },
>(priced: T, at: number | Date, hours: PeakHours = DEFAULT_PEAK_HOURS): PeakPriced<T> {
  const peakSurcharge = peakSurchargeAt(at, hours);
  return {
    ...priced,
    peakSurcharge,
    total: priced.total + peakSurcharge,
    split: { ...priced.split, rider: priced.split.rider + peakSurcharge },
  };
}
