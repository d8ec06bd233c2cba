import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/settings/coop-settings";
import { FAQ_TABS, faqTabs, peakRange, searchFaqs } from "./faqs";

const questions = (matches: ReturnType<typeof searchFaqs>) => matches.flatMap((m) => m.faqs.map((f) => f.question));

describe("help centre questions", () => {
  it("has its three tabs, each with questions, and unique ids", () => {
    expect(FAQ_TABS.map((t) => t.label)).toEqual(["For Customers", "For Riders", "Pricing & Payment"]);
    for (const tab of FAQ_TABS) expect(tab.faqs.length).toBeGreaterThan(2);
    const ids = FAQ_TABS.flatMap((t) => t.faqs.map((f) => f.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("quotes the one rate card and the cancellation fees of docs/guide/money.md", () => {
    const fee = FAQ_TABS.find((t) => t.id === "pricing")!.faqs.find((f) => f.id === "delivery-fee")!;
    expect(fee.points).toEqual([
      "Base fare ₱40.00 covers the first 2 km",
      "₱10.00 per km after that, charged per started 0.1 km",
      "Size fee: small ₱0.00, medium ₱20.00, large ₱50.00",
    ]);
    expect(fee.answer).toContain("₱70.00"); // 5 km small: ₱40 + 3 km x ₱10
    const cancel = FAQ_TABS[0]!.faqs.find((f) => f.id === "cancel-booking")!;
    expect(cancel.points?.join("\n")).toMatch(/₱20\.00 once a rider is assigned\n₱50\.00 once the rider has arrived/);
  });

  it("finds only the questions mentioning every word of the search, across tabs, ignoring case", () => {
    const gcash = searchFaqs("gcash");
    expect(questions(gcash)).toEqual(["How do I cash out my earnings?", "How can I pay?", "How long do refunds take?"]);
    expect(gcash.map((m) => m.tab.id)).toEqual(["riders", "pricing"]);
    expect(questions(searchFaqs("  CASH   out "))).toEqual(["How do I cash out my earnings?"]);
    expect(searchFaqs("helicopter")).toEqual([]);
  });

  it("returns every question for an empty search", () => {
    const all = FAQ_TABS.reduce((n, t) => n + t.faqs.length, 0);
    expect(questions(searchFaqs("   ")).length).toBe(all);
  });

  it("quotes the peak-hours bonus from the settings' windows (decision 0183)", () => {
    const earnings = (tabs: ReturnType<typeof faqTabs>) =>
      tabs.find((t) => t.id === "riders")!.faqs.find((f) => f.id === "rider-earnings")!.answer;
    expect(earnings(faqTabs())).toContain("a peak-hours bonus of ₱50-100 per delivery");
    const one = {
      ...DEFAULT_SETTINGS,
      peakHours: { windows: [{ days: [1], startHour: 11, endHour: 13, surcharge: 7500 }] },
    };
    expect(earnings(faqTabs(one))).toContain("a peak-hours bonus of ₱75 per delivery");
    expect(
      peakRange({
        windows: [
          { days: [1], startHour: 11, endHour: 13, surcharge: 4950 },
          { days: [2], startHour: 11, endHour: 13, surcharge: 12000 },
        ],
      }),
    ).toBe("₱49.50-120");
  });
});
