import { settingsInForce } from "~/settings/settings.server";
import type { HelpFigures } from "./faqs";

/**
 * The figures the help centre's answers quote: the co-op's settings in force (Coop Settings), not
 * a copy. Only the promo codes customers may use: a disabled one is the co-op's business. (A module
 * of its own: the route's browser bundle then imports no server module shared with other routes,
 * which the compiler would make a file of its own on /help, issue 21's JavaScript budget.)
 */
export async function helpFigures(db: D1Database): Promise<HelpFigures> {
  const { settings } = await settingsInForce(db);
  const { rateCard, cancellationFees, promoCodes, idDiscountPercents } = settings;
  const activePromoCodes = Object.fromEntries(Object.entries(promoCodes).filter(([, rule]) => rule.active));
  return { rateCard, cancellationFees, promoCodes: activePromoCodes, idDiscountPercents };
}
