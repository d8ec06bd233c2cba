import { helpFaqs as englishFaqs } from "~/i18n/catalogs/en/helpFaqs";
import { fillIn } from "~/i18n/fill-in";
import { formatPesos, formatPesosShort } from "~/money/money";
import { MEMBER_BENEFITS_SHARE_PERCENT, OPERATIONS_SHARE_PERCENT, RIDER_SHARE_PERCENT } from "~/money/fee-split";
import { quote, RATE_CARD, type RateCard } from "~/pricing/rate-card";
import { DEFAULT_SETTINGS, type CoopSettings } from "~/settings/coop-settings";
import { BANK_CASHOUT_FEE, INSURANCE_PER_DELIVERY } from "~/ledger/ledger-rules";
import { MEMBERSHIP_DELIVERIES_NEEDED, MEMBERSHIP_FEE, MEMBERSHIP_MIN_RATING } from "~/riders/membership";
import { INSURANCE_COVER } from "~/riders/rider-benefits";
import { FREE_CANCELLATION_MS } from "~/deliveries/state-machine";
import type { PeakHours } from "~/pricing/peak";
import { searchFaqs as searchTabs, type Faq, type FaqMatch, type FaqTab } from "./faq-search";

/**
 * The help centre's questions with the co-op's figures in force.
 * The texts are the `helpFaqs` catalog's (app/i18n/catalogs/); this module puts the figures in.
 */
export type { FaqMatch, FaqTab } from "./faq-search";

/** The cancellation policy's free window; its fees are settings. */
const CANCELLATION_POLICY = { freeWithinMinutes: FREE_CANCELLATION_MS / 60_000 } as const;

/** The co-op's figures the answers quote: the settings version in force (app/settings/); peak hours default to the built-in ones. */
export type HelpFigures = Pick<
  CoopSettings,
  "rateCard" | "cancellationFees" | "promoCodes" | "idDiscountPercents" | "incentives"
> & { peakHours?: PeakHours };

/** "₱50-100": the peak-hours bonus per delivery as the settings' windows pay it (decision 0183). */
export function peakRange(hours: PeakHours = DEFAULT_SETTINGS.peakHours): string {
  const amounts = hours.windows.map((w) => w.surcharge).filter((amount) => amount > 0);
  if (amounts.length === 0) return formatPesosShort(0);
  const [low, high] = [Math.min(...amounts), Math.max(...amounts)];
  return low === high ? formatPesosShort(low) : `${formatPesosShort(low)}-${formatPesosShort(high).slice(1)}`;
}

/** A help text by its `helpFaqs` id, in the reader's language, its `{placeholders}` filled in. */
export type HelpText = (id: keyof typeof englishFaqs, values?: Record<string, string>) => string;

/** English, straight from the catalog (tests, and callers that have no reader). */
const englishHelpText: HelpText = (id, values = {}) => fillIn(englishFaqs[id], values);

/** The rate card as people read it (the same lines as app/pricing/rate-card.ts `rateCardLines`), in the reader's language. */
export function helpRateCardLines(card: RateCard, text: HelpText = englishHelpText): string[] {
  return [
    text("rateCard.base", { baseFare: formatPesos(card.baseFare), includedKm: String(card.includedKm) }),
    text("rateCard.perKm", { perKm: formatPesos(card.perKm), stepKm: String(RATE_CARD.billingStepKm) }),
    text("rateCard.sizes", {
      small: formatPesos(card.sizeFees.small),
      medium: formatPesos(card.sizeFees.medium),
      large: formatPesos(card.sizeFees.large),
    }),
  ];
}

/** The incentives in force (from the settings, not fixed text). */
function incentiveLines(incentives: HelpFigures["incentives"], text: HelpText): string[] {
  const tiers = (list: HelpFigures["incentives"]["dailyTiers"]) =>
    [...list]
      .sort((a, b) => a.minDeliveries - b.minDeliveries)
      .map((tier) =>
        text("riderIncentives.tier", { count: String(tier.minDeliveries), amount: formatPesosShort(tier.amount) }),
      )
      .join("; ");
  return [
    text("riderIncentives.daily", {
      tiers: tiers(incentives.dailyTiers),
      rating: String(incentives.dailyRatingBonus.minRating),
      bonus: formatPesosShort(incentives.dailyRatingBonus.amount),
    }),
    text("riderIncentives.weekly", {
      tiers: tiers(incentives.weeklyTiers),
      count: String(incentives.weeklyTop.count),
      amount: formatPesosShort(incentives.weeklyTop.amount),
    }),
  ];
}

function promoLines(promoCodes: HelpFigures["promoCodes"], text: HelpText): string[] {
  return Object.entries(promoCodes)
    .filter(([, rule]) => rule.active)
    .map(([code, rule]) => {
      const amount = formatPesosShort(rule.amount);
      if (rule.firstDeliveryOnly) return text("promoCodes.firstDelivery", { code, amount });
      if (rule.minimumFare > 0)
        return text("promoCodes.minimum", { code, amount, minimum: formatPesosShort(rule.minimumFare) });
      return text("promoCodes.any", { code, amount });
    });
}

/**
 * The three tabs of questions, in the reader's language (`text`), quoting `figures` (the built-in
 * first version unless given). Built on the server: the page receives finished texts.
 */
export function faqTabs(figures: HelpFigures = DEFAULT_SETTINGS, text: HelpText = englishHelpText): readonly FaqTab[] {
  const card = figures.rateCard;
  const example = quote(5, "small", card);
  const promos = promoLines(figures.promoCodes, text);
  const percent = (value: number) => ({ percent: String(value) });
  const { pwd, senior, student } = figures.idDiscountPercents;
  const insurance = formatPesosShort(INSURANCE_PER_DELIVERY);
  const faq = (id: FaqId, points?: string[]): Faq => ({
    id: FAQ_SLUGS[id],
    question: text(`${id}.question`),
    answer: text(`${id}.answer` as keyof typeof englishFaqs),
    ...(points ? { points } : {}),
  });
  return [
    {
      id: "customers",
      label: text("tab.customers"),
      faqs: [
        faq("howToBook"),
        faq("whatCanISend", [text("whatCanISend.small"), text("whatCanISend.medium"), text("whatCanISend.large")]),
        faq("trackDelivery"),
        faq("cancelBooking", [
          text("cancelBooking.free", { minutes: String(CANCELLATION_POLICY.freeWithinMinutes) }),
          text("cancelBooking.assigned", { fee: formatPesos(figures.cancellationFees.assigned) }),
          text("cancelBooking.arrived", { fee: formatPesos(figures.cancellationFees.riderArrived) }),
          text("cancelBooking.pickedUp"),
        ]),
        faq("discounts", [
          text("discounts.pwd", percent(pwd)),
          text("discounts.senior", percent(senior)),
          text("discounts.student", percent(student)),
        ]),
        faq("coverage"),
      ],
    },
    {
      id: "riders",
      label: text("tab.riders"),
      faqs: [
        {
          ...faq("riderEarnings"),
          answer: text("riderEarnings.answer", {
            ...percent(RIDER_SHARE_PERCENT),
            peakRange: peakRange(figures.peakHours),
            insurance,
          }),
        },
        faq("riderIncentives", incentiveLines(figures.incentives, text)),
        {
          ...faq("riderInsurance", [
            text("riderInsurance.accident", { amount: formatPesosShort(INSURANCE_COVER.accident) }),
            text("riderInsurance.death", { amount: formatPesosShort(INSURANCE_COVER.death) }),
            text("riderInsurance.burial", { amount: formatPesosShort(INSURANCE_COVER.burial) }),
          ]),
          answer: text("riderInsurance.answer", { insurance }),
        },
        {
          ...faq("riderMembership"),
          answer: text("riderMembership.answer", {
            deliveries: String(MEMBERSHIP_DELIVERIES_NEEDED),
            rating: String(MEMBERSHIP_MIN_RATING),
            fee: formatPesosShort(MEMBERSHIP_FEE),
          }),
        },
        faq("riderCashOut", [
          text("riderCashOut.gcash"),
          text("riderCashOut.bank", { fee: formatPesosShort(BANK_CASHOUT_FEE) }),
          text("riderCashOut.office"),
        ]),
        faq("riderApply"),
      ],
    },
    {
      id: "pricing",
      label: text("tab.pricing"),
      faqs: [
        {
          ...faq("deliveryFee", helpRateCardLines(card, text)),
          answer: text("deliveryFee.answer", { total: formatPesos(example.total) }),
        },
        {
          ...faq("feeSplit"),
          answer: text("feeSplit.answer", {
            rider: String(RIDER_SHARE_PERCENT),
            operations: String(OPERATIONS_SHARE_PERCENT),
            benefits: String(MEMBER_BENEFITS_SHARE_PERCENT),
          }),
        },
        faq("paymentMethods", [
          text("paymentMethods.cash"),
          text("paymentMethods.gcash"),
          text("paymentMethods.maya"),
          text("paymentMethods.cards"),
          text("paymentMethods.bank"),
        ]),
        faq("refunds", [text("refunds.ewallets"), text("refunds.cards"), text("refunds.cash")]),
        {
          id: FAQ_SLUGS.promoCodes,
          question: text("promoCodes.question"),
          answer: promos.length > 0 ? text("promoCodes.yes") : text("promoCodes.none"),
          ...(promos.length > 0 ? { points: promos } : {}),
        },
      ],
    },
  ];
}

/** Each question's id on the page (stable, used in links and tests) by its catalog prefix. */
const FAQ_SLUGS = {
  howToBook: "how-to-book",
  whatCanISend: "what-can-i-send",
  trackDelivery: "track-delivery",
  cancelBooking: "cancel-booking",
  discounts: "discounts",
  coverage: "coverage",
  riderEarnings: "rider-earnings",
  riderIncentives: "rider-incentives",
  riderInsurance: "rider-insurance",
  riderMembership: "rider-membership",
  riderCashOut: "rider-cash-out",
  riderApply: "rider-apply",
  deliveryFee: "delivery-fee",
  feeSplit: "fee-split",
  paymentMethods: "payment-methods",
  refunds: "refunds",
  promoCodes: "promo-codes",
} as const;
type FaqId = Exclude<keyof typeof FAQ_SLUGS, "promoCodes">;

/** The tabs in English with the built-in first version's figures (tests). */
export const FAQ_TABS = faqTabs();

/** `searchFaqs` from ./faq-search, over the English tabs unless given others. */
export const searchFaqs = (query: string, tabs: readonly FaqTab[] = FAQ_TABS): FaqMatch[] => searchTabs(query, tabs);
