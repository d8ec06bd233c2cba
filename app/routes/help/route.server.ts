import { messagesFor, requestLanguage, translate } from "~/i18n/i18n.server";
import { formatPesosShort } from "~/money/money";
import { settingsInForce } from "~/settings/settings.server";
import { contactLinks } from "~/public/contact";
import { faqTabs, helpRateCardLines, type HelpText } from "~/public/faqs";

/**
 * What /help shows, finished on the server: the questions with the figures of the co-op's settings
 * in force (Coop Settings, not a copy) in the reader's language, so neither the texts nor the code
 * that fills them in reach the page's JavaScript.
 */
export async function helpPageData(request: Request, env: Env) {
  const [language, { settings }] = await Promise.all([requestLanguage(request, env), settingsInForce(env.DB)]);
  const { rateCard, cancellationFees, promoCodes, idDiscountPercents, incentives, contacts, peakHours } = settings;
  // Only the codes customers may use: a disabled one is the co-op's business.
  const activePromoCodes = Object.fromEntries(Object.entries(promoCodes).filter(([, rule]) => rule.active));
  const text: HelpText = (id, values) => translate(language, `helpFaqs.${id}`, values);
  return {
    tabs: faqTabs(
      { rateCard, cancellationFees, promoCodes: activePromoCodes, idDiscountPercents, incentives, peakHours },
      text,
    ),
    // Only the contacts the co-op has set.
    contacts: contactLinks(contacts),
    rateCardLines: helpRateCardLines(rateCard, text),
    meta: {
      title: translate(language, "help.meta.title"),
      description: translate(language, "help.meta.description", {
        baseFare: formatPesosShort(rateCard.baseFare),
        includedKm: String(rateCard.includedKm),
      }),
    },
    i18n: messagesFor(language, ["help"]),
  };
}
