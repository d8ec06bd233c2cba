/**
 * The help centre's questions as the page receives them (finished texts, built on the server by
 * app/public/faqs.ts in the reader's language), and the search over them. Small on purpose: this is
 * the part of the help centre that reaches the browser.
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

const FAQ_TAB_IDS: readonly FaqTabId[] = ["customers", "riders", "pricing"];

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
export function searchFaqs(query: string, tabs: readonly FaqTab[]): FaqMatch[] {
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
