import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deliveries, idDiscounts, type IdDiscountKind, type User } from "~/db/schema";
import { Refusal } from "~/http/refusal";
import type { MessageDescriptor } from "~/i18n/message";
import { centavosToPesos, type Centavos } from "~/money/money";
import {
  applyDiscounts,
  checkPromo,
  ID_DISCOUNT_PERCENT,
  PROMO_CODES,
  type DiscountedFare,
  type PromoCodeRule,
} from "./fare-discounts";

/** A refusal about one field of a quote or a booking (a promo code, the payment method, a city), naming it. */
export const fieldRefusal = (status: 400 | 409 | 429 | 503, field: string, said: MessageDescriptor) =>
  new Refusal(status, said.id, said.values, field, { [field]: [said] });

/** The customer's approved, unexpired ID discount (newest approval), if any. id_discounts_user_created_idx. */
async function activeIdDiscountKind(db: Db, userId: string, now = new Date()): Promise<IdDiscountKind | null> {
  const rows = await db
    .select({ kind: idDiscounts.kind, expiresAt: idDiscounts.expiresAt })
    .from(idDiscounts)
    .where(and(eq(idDiscounts.userId, userId), eq(idDiscounts.status, "approved")))
    .orderBy(desc(idDiscounts.createdAt))
    .limit(10);
  const active = rows.find((row) => row.expiresAt === null || row.expiresAt.getTime() > now.getTime());
  return active?.kind ?? null;
}

/** Whether the customer has a booking that was not cancelled (NEWCOOP is for the first one). deliveries_customer_created_idx. */
async function hasEarlierBooking(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.customerId, customerId), ne(deliveries.status, "cancelled")))
    .limit(1);
  return row !== undefined;
}

/**
 * The customer's price for a fare: their ID discount first, then the promo code if it applies
 * (else a 400 naming the promo code, with the reason).
 */
export async function discountFareFor(
  db: Db,
  user: Pick<User, "id">,
  fare: Centavos,
  promoCode: string | null,
  now = new Date(),
  promoCodes: Record<string, PromoCodeRule> = PROMO_CODES,
  percents: Record<IdDiscountKind, number> = ID_DISCOUNT_PERCENT,
): Promise<DiscountedFare> {
  const idDiscountKind = await activeIdDiscountKind(db, user.id, now);
  const withId = applyDiscounts(fare, { idDiscountKind, percents });
  if (!promoCode) return withId;
  const check = checkPromo(
    promoCode,
    { fare: withId.fee, hasEarlierBooking: await hasEarlierBooking(db, user.id) },
    promoCodes,
  );
  if (!check.ok) throw fieldRefusal(400, "promoCode", check.message);
  return applyDiscounts(fare, { idDiscountKind, percents, promo: { code: check.code, amount: check.amount } });
}

/** The quote's discount fields in pesos: `promo`, `idDiscount`, `peakSurcharge` (0 outside peak hours), `total`. */
export function discountView(priced: DiscountedFare & { peakSurcharge?: Centavos }) {
  return {
    fare: centavosToPesos(priced.fare),
    idDiscount: priced.idDiscount
      ? {
          kind: priced.idDiscount.kind,
          percent: priced.idDiscount.percent,
          amount: centavosToPesos(priced.idDiscount.amount),
        }
      : null,
    promo: priced.promo ? { code: priced.promo.code, amount: centavosToPesos(priced.promo.amount) } : null,
    peakSurcharge: centavosToPesos(priced.peakSurcharge ?? 0),
    total: centavosToPesos(priced.total),
  };
}
