import { refusalAnswer } from "~/http/api.server";
import { Refusal } from "~/http/refusal";
import type { MessageId } from "~/i18n/catalogs";
import { translate } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { message } from "~/i18n/message";
import type { CoopSettings } from "./coop-settings";
import { formatChangeValue, settingsChanges } from "./settings-diff";

/**
 * Settings are changed with care (PRODUCT.md; issue 27): a price that moves by more than 50% is
 * saved only when the request says so (`confirmLargeChange: true`, the page's second confirmation),
 * so a base fare of ₱4,000 never saves at once. Answers the refusal (409, in the caller's language,
 * with `needs: "confirmLargeChange"` and each large change before → after), or null.
 */
export async function largeChangeRefusal(current: CoopSettings, next: CoopSettings, confirmed: boolean, language: Language): Promise<Response | null> {
  if (confirmed) return null;
  const large = settingsChanges(current, next).filter((change) => change.large);
  if (large.length === 0) return null;
  const refusal = new Refusal(409, "server.settings.largeChange", undefined, "confirmLargeChange", {
    confirmLargeChange: [message("server.settings.largeChange")],
  });
  const words = (key: string) => translate(language, `adminMoney.${key}` as MessageId<"adminMoney">);
  const answer = (await refusalAnswer(refusal, language).json()) as Record<string, unknown>;
  return Response.json(
    {
      ...answer,
      needs: "confirmLargeChange",
      largeChanges: large.map((change) => ({ field: change.path, before: formatChangeValue(change.before, words), after: formatChangeValue(change.after, words) })),
    },
    { status: 409 },
  );
}
