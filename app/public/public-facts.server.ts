import { contactLinks, type ContactLinks } from "./contact";
import { peakRange, type HelpFigures } from "./faqs";
import { BANK_CASHOUT_FEE, INSURANCE_PER_DELIVERY } from "~/ledger/ledger-rules";
import { COOP_SHARE_PERCENT, RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { formatPesosShort } from "~/money/money";
import { INSURANCE_COVER } from "~/riders/rider-benefits";
import { MEMBERSHIP_DELIVERIES_NEEDED, MEMBERSHIP_FEE, MEMBERSHIP_MIN_RATING } from "~/riders/membership";
import type { CoopSettings } from "~/settings/coop-settings";
import { settingsInForce } from "~/settings/settings.server";

/**
 * The figures the public pages (the landing, /become-rider, /help, /terms, /privacy) quote, as the
 * texts' `{placeholders}`: the settings in force (incentives, peak bonus) and the code's own
 * constants (shares, membership, insurance, cash-out fee), so no page types a figure another page
 * or the code could contradict. Server-only: the public pages carry no React (decision 0188).
 */
export function publicFigures({
  incentives,
  peakHours,
}: Pick<CoopSettings, "incentives" | "peakHours">): Record<string, string> {
  const byCount = (list: HelpFigures["incentives"]["dailyTiers"]) =>
    [...list].sort((a, b) => a.minDeliveries - b.minDeliveries);
  const daily = byCount(incentives.dailyTiers);
  const weekly = [...incentives.weeklyTiers.map((tier) => tier.amount), incentives.weeklyTop.amount].filter(
    (amount) => amount > 0,
  );
  return {
    riderShare: String(RIDER_SHARE_PERCENT),
    coopShare: String(COOP_SHARE_PERCENT),
    memberDeliveries: String(MEMBERSHIP_DELIVERIES_NEEDED),
    memberRating: String(MEMBERSHIP_MIN_RATING),
    memberFee: formatPesosShort(MEMBERSHIP_FEE),
    insurancePerDelivery: formatPesosShort(INSURANCE_PER_DELIVERY),
    accidentCover: formatPesosShort(INSURANCE_COVER.accident),
    deathCover: formatPesosShort(INSURANCE_COVER.death),
    burialCover: formatPesosShort(INSURANCE_COVER.burial),
    bankCashoutFee: formatPesosShort(BANK_CASHOUT_FEE),
    peakRange: peakRange(peakHours),
    dailyLow: formatPesosShort(daily[0]?.amount ?? 0),
    dailyLowCount: String(daily[0]?.minDeliveries ?? 0),
    dailyHigh: formatPesosShort(daily.at(-1)?.amount ?? 0),
    dailyHighCount: String(daily.at(-1)?.minDeliveries ?? 0),
    weeklyLow: formatPesosShort(weekly.length ? Math.min(...weekly) : 0),
    weeklyHigh: formatPesosShort(weekly.length ? Math.max(...weekly) : 0),
  };
}

export interface PublicFacts {
  figures: Record<string, string>;
  /** The co-op's contacts, each only when set (the footer, /help, the privacy notice). */
  contacts: ContactLinks;
}

/** The public pages' figures and contacts from the settings in force. */
export async function publicFacts(env: Pick<Env, "DB">): Promise<PublicFacts> {
  const { settings } = await settingsInForce(env.DB);
  return { figures: publicFigures(settings), contacts: contactLinks(settings.contacts) };
}
