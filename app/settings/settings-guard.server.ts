import { apiError } from "~/http/api.server";
import type { CoopSettings } from "./coop-settings";
import { formatChangeValue, settingsChanges } from "./settings-diff";

/**
 * Settings are changed with care (PRODUCT.md; issue 27): a price that moves by more than 50% is
 * saved only when the request says so (`confirmLargeChange: true`, the page's second confirmation),
 * so a base fare of ₱4,000 never saves at once. Answers the refusal, or null.
 */
export const LARGE_CHANGE_MESSAGE = "A price changes by more than 50%. Check it and confirm the large change to save it.";

export function largeChangeRefusal(current: CoopSettings, next: CoopSettings, confirmed: boolean): Response | null {
  if (confirmed) return null;
  const large = settingsChanges(current, next).filter((change) => change.large);
  if (large.length === 0) return null;
  const plain = (key: string) => key.replace("settings.change.", "");
  return apiError(409, LARGE_CHANGE_MESSAGE, {
    needs: "confirmLargeChange",
    errors: { confirmLargeChange: [LARGE_CHANGE_MESSAGE] },
    largeChanges: large.map((change) => ({ field: change.path, before: formatChangeValue(change.before, plain), after: formatChangeValue(change.after, plain) })),
  });
}
