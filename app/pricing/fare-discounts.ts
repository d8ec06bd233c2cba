import type { IdDiscountKind } from "~/db/enums";
import { message, type MessageDescriptor } from "~/i18n/message";
import { formatPesos, type Centavos } from "~/money/money";
import { splitFee, type FeeSplit } from "~/money/fee-split";

/**
 * Discounts on a fare (docs/guide/money.md), pure and in centavos:
 * - an approved ID discount (PWD 20%, senior 20%, student 10%) lowers the fare itself, which is then
 *   split 85/10/5 like any fee;
 * - then one promo code, the co-op's marketing cost: the rider's 85% stays of the fare before the
 *   promo, operations carries the discount, and the total never goes below ₱0.
 */
export const ID_DISCOUNT_PERCENT: Record<IdDiscountKind, number> = { pwd: 20, senior: 20, student: 10 };

export const PROMO_CODES = {
  NEWCOOP: { amount: 5000, firstDeliveryOnly: true, minimumFare: 0 },
  COOP100: { amount: 10000, firstDeliveryOnly: false, minimumFare: 50000 },
} as const satisfies Record<string, { amount: Centavos; firstDeliveryOnly: boolean; minimumFare: Centavos }>;
/** A promo code's rule; the co-op's settings hold the codes in force (app/settings/coop-settings.ts). */
export interface PromoCodeRule {
  amount: Centavos;
  firstDeliveryOnly: boolean;
  minimumFare: Centavos;
  active?: boolean;
}
export type PromoCode = string;

export const PROMO_MESSAGES = {
  unknown: message("server.pricing.promoUnknown"),
  oneCode: message("server.pricing.promoOneCode"),
} as const;

/** Codes are case-insensitive; surrounding spaces do not count. */
export const normalisePromoCode = (raw: string) => raw.trim().toUpperCase();

const isPromoCode = (code: string, codes: Record<string, PromoCodeRule> = PROMO_CODES): boolean =>
  Object.hasOwn(codes, code) && codes[code]!.active !== false;

export type PromoCheck = { ok: true; code: PromoCode; amount: Centavos } | { ok: false; message: MessageDescriptor };

/**
 * Whether a code applies. `fare` is the fare the promo is taken from (after any ID discount: the
 * ID discount comes first); `hasEarlierBooking` is whether the customer has a booking that was not
 * cancelled.
 */
export function checkPromo(
  rawCode: string,
  { fare, hasEarlierBooking }: { fare: Centavos; hasEarlierBooking: boolean },
  codes: Record<string, PromoCodeRule> = PROMO_CODES,
): PromoCheck {
  const code = normalisePromoCode(rawCode);
  if (!isPromoCode(code, codes)) return { ok: false, message: PROMO_MESSAGES.unknown };
  const rule = codes[code]!;
  if (rule.firstDeliveryOnly && hasEarlierBooking)
    return { ok: false, message: message("server.pricing.promoFirstOnly", { code }) };
  if (fare < rule.minimumFare)
    return {
      ok: false,
      message: message("server.pricing.promoMinimum", { code, amount: formatPesos(rule.minimumFare) }),
    };
  return { ok: true, code, amount: rule.amount };
}

interface AppliedIdDiscount {
  kind: IdDiscountKind;
  percent: number;
  amount: Centavos;
}

interface AppliedPromo {
  code: PromoCode;
  amount: Centavos;
}

export interface DiscountedFare {
  /** The rate-card fare (base + distance + size). */
  fare: Centavos;
  idDiscount: AppliedIdDiscount | null;
  /** The fee after the ID discount: what is split 85/10/5 and what the rider's share is of. */
  fee: Centavos;
  promo: AppliedPromo | null;
  /** What the customer pays: fee - promo, never below 0. */
  total: Centavos;
  /** rider + operations + memberBenefits === total, to the centavo; operations carries the promo. */
  split: FeeSplit;
}

/** Applies the ID discount, then the promo (its amount capped so the total stays at or above ₱0). */
export function applyDiscounts(
  fare: Centavos,
  {
    idDiscountKind = null,
    promo = null,
    percents = ID_DISCOUNT_PERCENT,
  }: {
    idDiscountKind?: IdDiscountKind | null;
    promo?: { code: PromoCode; amount: Centavos } | null;
    percents?: Record<IdDiscountKind, number>;
  } = {},
): DiscountedFare {
  const idDiscount: AppliedIdDiscount | null = idDiscountKind
    ? {
        kind: idDiscountKind,
        percent: percents[idDiscountKind],
        amount: Math.round((fare * percents[idDiscountKind]) / 100),
      }
    : null;
  const fee = fare - (idDiscount?.amount ?? 0);
  const applied: AppliedPromo | null = promo ? { code: promo.code, amount: Math.min(promo.amount, fee) } : null;
  const promoAmount = applied?.amount ?? 0;
  const base = splitFee(fee);
  return {
    fare,
    idDiscount,
    fee,
    promo: applied,
    total: fee - promoAmount,
    split: { rider: base.rider, operations: base.operations - promoAmount, memberBenefits: base.memberBenefits },
  };
}
