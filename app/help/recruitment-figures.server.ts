import type { CoopSettings } from "~/settings/coop-settings";
import { formatPesosShort } from "~/money/money";
import { peakRange, type HelpFigures } from "./faqs";

/**
 * The recruitment page's figures from the settings in force (/become-rider, issue 27): the peak
 * bonus range and the incentives, so a settings change reaches it as it reaches the help centre.
 * Server-only, so that the help centre's module stays out of that page's JavaScript.
 */
export function recruitmentFigures({ incentives, peakHours }: Pick<CoopSettings, "incentives" | "peakHours">): Record<string, string> {
  const byCount = (list: HelpFigures["incentives"]["dailyTiers"]) => [...list].sort((a, b) => a.minDeliveries - b.minDeliveries);
  const daily = byCount(incentives.dailyTiers);
  const weekly = [...incentives.weeklyTiers.map((tier) => tier.amount), incentives.weeklyTop.amount].filter((amount) => amount > 0);
  return {
    peakRange: peakRange(peakHours),
    dailyLow: formatPesosShort(daily[0]?.amount ?? 0),
    dailyLowCount: String(daily[0]?.minDeliveries ?? 0),
    dailyHigh: formatPesosShort(daily.at(-1)?.amount ?? 0),
    dailyHighCount: String(daily.at(-1)?.minDeliveries ?? 0),
    weeklyLow: formatPesosShort(weekly.length ? Math.min(...weekly) : 0),
    weeklyHigh: formatPesosShort(weekly.length ? Math.max(...weekly) : 0),
  };
}
