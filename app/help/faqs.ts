import { formatPesos, MEMBER_BENEFITS_SHARE_PERCENT, OPERATIONS_SHARE_PERCENT, RIDER_SHARE_PERCENT } from "~/money/money";
import { PACKAGE_SIZE_LABELS, quote, rateCardLines } from "~/pricing/rate-card";
import { DEFAULT_SETTINGS, type CoopSettings } from "~/settings/coop-settings";
import { SUPPORT_CONTACT } from "./contact";

/**
 * The help centre's questions (spec section 2, Help centre) with the figures of spec section 9.
 * Prices come from the one rate card (PRODUCT.md, Money); the cancellation policy is PRODUCT.md's.
 */
export interface Faq {
  id: string;
  question: string;
  answer: string;
  /** Optional points shown as a list under the answer. */
  points?: readonly string[];
}

export type FaqTabId = "customers" | "riders" | "pricing";

export interface FaqTab {
  id: FaqTabId;
  label: string;
  faqs: readonly Faq[];
}

/** The cancellation policy (PRODUCT.md, Delivery lifecycle), in centavos. */
export const CANCELLATION_POLICY = {
  freeWithinMinutes: 2,
  afterRiderAssignedFee: 2000,
  afterRiderArrivedFee: 5000,
} as const;

/** The co-op's figures the answers quote: the settings version in force (app/settings/). */
export type HelpFigures = Pick<CoopSettings, "rateCard" | "cancellationFees" | "promoCodes" | "idDiscountPercents">;

/** ₱50 for whole pesos (as people write prices), ₱52.50 otherwise. */
const pesos = (centavos: number) => (centavos % 100 === 0 ? `₱${(centavos / 100).toLocaleString("en-PH")}` : formatPesos(centavos));

function promoLines(promoCodes: HelpFigures["promoCodes"]): string[] {
  return Object.entries(promoCodes)
    .filter(([, rule]) => rule.active)
    .map(([code, rule]) => {
      const what = rule.firstDeliveryOnly
        ? "your first delivery"
        : rule.minimumFare > 0
          ? `orders of ${pesos(rule.minimumFare)} or more`
          : "any delivery";
      return `${code}: ${pesos(rule.amount)} off ${what}`;
    });
}

/** The three tabs of questions, quoting `figures` (the built-in first version unless given). */
export function faqTabs(figures: HelpFigures = DEFAULT_SETTINGS): readonly FaqTab[] {
  const card = figures.rateCard;
  const example = quote(5, "small", card);
  const promos = promoLines(figures.promoCodes);
  const { pwd, senior, student } = figures.idDiscountPercents;
  return [
  {
    id: "customers",
    label: "For Customers",
    faqs: [
      {
        id: "how-to-book",
        question: "How do I book a delivery?",
        answer:
          "Sign in with your mobile number, open Book Delivery and fill in the pickup details, the dropoff details and the package details. The estimated cost appears as soon as both cities and the package size are set; press Confirm Booking and a nearby rider picks it up.",
      },
      {
        id: "what-can-i-send",
        question: "What can I send?",
        answer: "Documents, food, parcels, groceries and electronics, in three sizes:",
        points: Object.values(PACKAGE_SIZE_LABELS),
      },
      {
        id: "track-delivery",
        question: "How do I track my delivery?",
        answer:
          "Open the delivery from your recent bookings. Once a rider accepts it, the tracking page shows the rider's live position on the map, the distance to the dropoff and the estimated time.",
      },
      {
        id: "cancel-booking",
        question: "Can I cancel a booking? Is there a fee?",
        answer: "Yes, until the package is picked up:",
        points: [
          `Free while no rider has accepted it yet, or within ${CANCELLATION_POLICY.freeWithinMinutes} minutes of booking`,
          `${formatPesos(figures.cancellationFees.assigned)} once a rider is assigned`,
          `${formatPesos(figures.cancellationFees.riderArrived)} once the rider has arrived at the pickup point`,
          "No cancellation or refund once the package has been picked up",
        ],
      },
      {
        id: "discounts",
        question: "Do you have discounts for PWDs, seniors and students?",
        answer: `Yes. Send a photo of your valid ID to ${SUPPORT_CONTACT.email} and we apply the discount to your account:`,
        points: [`PWD: ${pwd}% off`, `Senior citizens: ${senior}% off`, `Students: ${student}% off`],
      },
      {
        id: "coverage",
        question: "Where do you deliver?",
        answer:
          "Nationwide: you can book between any of the Philippine cities and provinces listed on the booking page, from Metro Manila to Mindanao, 24/7.",
      },
    ],
  },
  {
    id: "riders",
    label: "For Riders",
    faqs: [
      {
        id: "rider-earnings",
        question: "How much can I earn?",
        answer: `Up to ₱2,500 a day; most full-time riders earn ₱1,500-2,500. You keep ${RIDER_SHARE_PERCENT}% of every delivery fee, plus a peak-hours bonus of ₱50-100 per delivery. ₱1 per delivery goes to the insurance fund.`,
      },
      {
        id: "rider-incentives",
        question: "What incentives can I get?",
        answer: "On top of your fees:",
        points: [
          "Daily: 15+ deliveries ₱100; 20+ deliveries ₱200; a rating of 4.8+ adds ₱50",
          "Weekly: 40+ deliveries ₱500; 60+ deliveries ₱1,000; the top 10 performers get an extra ₱2,000",
        ],
      },
      {
        id: "rider-insurance",
        question: "Am I insured while riding?",
        answer: "Yes. Every rider is covered by the cooperative's insurance, funded with ₱1 per delivery:",
        points: ["₱200,000 accident and medical", "₱500,000 death benefit", "₱150,000 burial benefit"],
      },
      {
        id: "rider-membership",
        question: "How do I become a cooperative member?",
        answer:
          "After 100 deliveries with a rating of 4.5 or higher you can become a member-owner, for a one-time fee of ₱500. Members vote on the cooperative's decisions and share in its benefits.",
      },
      {
        id: "rider-cash-out",
        question: "How do I cash out my earnings?",
        answer: "Choose what suits you:",
        points: ["GCash: instant and free", "Bank transfer: 1-2 business days, ₱15 fee", "Office pickup: same day and free"],
      },
      {
        id: "rider-apply",
        question: "What do I need to apply?",
        answer:
          "A motorcycle registered in 2019 or later, a valid driver's license with restriction code 1 or A, an NBI, barangay or police clearance and a government ID. Apply on the Become a Rider page; our team replies within 1-2 business days.",
      },
    ],
  },
  {
    id: "pricing",
    label: "Pricing & Payment",
    faqs: [
      {
        id: "delivery-fee",
        question: "How is the delivery fee computed?",
        answer: `The total is the base fare plus the distance fee plus the size fee. For example, a small package over 5 km costs ${formatPesos(example.total)}.`,
        points: rateCardLines(card),
      },
      {
        id: "fee-split",
        question: "Where does my delivery fee go?",
        answer: `${RIDER_SHARE_PERCENT}% goes to the rider who delivers it, ${OPERATIONS_SHARE_PERCENT}% runs the cooperative's operations and ${MEMBER_BENEFITS_SHARE_PERCENT}% goes to the member benefits fund (health insurance, emergency aid, training and equipment).`,
      },
      {
        id: "payment-methods",
        question: "How can I pay?",
        answer: "We accept:",
        points: ["Cash", "GCash", "Maya", "Credit and debit cards (Visa, Mastercard)", "Bank transfer, for business accounts"],
      },
      {
        id: "refunds",
        question: "How long do refunds take?",
        answer: "Refunds go back the way you paid:",
        points: ["E-wallets (GCash, Maya): 1-3 business days", "Cards: 5-7 business days", "Cash: instant"],
      },
      {
        id: "promo-codes",
        question: "Do you have promo codes?",
        answer: promos.length > 0 ? "Yes:" : "Not at the moment. Check back here for the next one.",
        ...(promos.length > 0 ? { points: promos } : {}),
      },
    ],
  },
  ];
}

/** The tabs with the built-in first version's figures (tests, and the tab ids). */
export const FAQ_TABS = faqTabs();

export const FAQ_TAB_IDS = FAQ_TABS.map((tab) => tab.id);

export function isFaqTabId(value: string | null | undefined): value is FaqTabId {
  return FAQ_TAB_IDS.includes(value as FaqTabId);
}

export interface FaqMatch {
  tab: FaqTab;
  faqs: Faq[];
}

/**
 * The questions matching a search, across all tabs: every word of the query must appear in the
 * question, its answer or its points (case-insensitive). Tabs without a match are left out.
 */
export function searchFaqs(query: string, tabs: readonly FaqTab[] = FAQ_TABS): FaqMatch[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return tabs.map((tab) => ({ tab, faqs: [...tab.faqs] }));
  return tabs
    .map((tab) => ({
      tab,
      faqs: tab.faqs.filter((faq) => {
        const text = [faq.question, faq.answer, ...(faq.points ?? [])].join(" ").toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((match) => match.faqs.length > 0);
}
