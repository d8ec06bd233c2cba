import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type CoopSettings } from "./coop-settings";
import { formatChange, settingsChanges } from "./settings-diff";
import { adminMoney } from "~/i18n/catalogs/en/adminMoney";

const english: Record<string, string> = {
  "settings.change.baseFare": "Base fare",
  "settings.change.promo": "Promo {code}",
  "settings.change.promo.active": "active",
  "settings.change.on": "on",
  "settings.change.off": "off",
  "settings.change.none": "none",
  "settings.change.perDay": "Incentives per day",
  "settings.change.tierAmount": "tier {tier} amount",
};
const t = (key: string, values: Record<string, string> = {}) =>
  (english[key] ?? (adminMoney as Record<string, string>)[key] ?? key).replace(
    /\{(\w+)\}/g,
    (_, name: string) => values[name] ?? "",
  );
const changed = (edit: (s: CoopSettings) => void) => {
  const next = structuredClone(DEFAULT_SETTINGS);
  edit(next);
  return next;
};

describe("what a settings change changes", () => {
  it("names each changed field with before → after; nothing for no change", () => {
    expect(settingsChanges(DEFAULT_SETTINGS, structuredClone(DEFAULT_SETTINGS))).toEqual([]);
    const changes = settingsChanges(
      DEFAULT_SETTINGS,
      changed((s) => {
        s.rateCard.baseFare = 4500;
        s.promoCodes.NEWCOOP!.active = false;
        s.incentives.dailyTiers[0]!.amount = 12000;
      }),
    );
    expect(changes.map((c) => formatChange(c, t))).toEqual([
      "Base fare: ₱40.00 → ₱45.00",
      "Incentives per day · tier 1 amount: ₱100.00 → ₱120.00",
      "Promo NEWCOOP · active: on → off",
    ]);
    expect(changes.every((c) => !c.large)).toBe(true);
  });

  it("marks a price moved by more than 50% (either way, or from ₱0) as large; exactly 50% is not", () => {
    const large = (edit: (s: CoopSettings) => void) =>
      settingsChanges(DEFAULT_SETTINGS, changed(edit)).map((c) => [c.path, c.large]);
    expect(large((s) => (s.rateCard.baseFare = 400000))).toEqual([["rateCard.baseFare", true]]);
    expect(large((s) => (s.rateCard.baseFare = 6000))).toEqual([["rateCard.baseFare", false]]);
    expect(large((s) => (s.rateCard.baseFare = 1999))).toEqual([["rateCard.baseFare", true]]);
    expect(large((s) => (s.rateCard.sizeFees.small = 100))).toEqual([["rateCard.sizeFees.small", true]]);
    expect(large((s) => (s.idDiscountPercents.student = 90))).toEqual([["idDiscountPercents.student", false]]);
  });

  it("a promo code added or removed is one change; a field it does not know is named by its path", () => {
    const added = settingsChanges(
      DEFAULT_SETTINGS,
      changed((s) => (s.promoCodes.RIDE20 = { amount: 2000, firstDeliveryOnly: false, minimumFare: 0, active: true })),
    );
    expect(added.map((c) => formatChange(c, t))).toEqual(["Promo RIDE20: none → ₱20.00"]);
    const unknown = settingsChanges(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, futureSetting: 60 } as CoopSettings);
    expect(unknown.map((c) => formatChange(c, t))).toEqual(["futureSetting: none → 60"]);
  });

  it("names the longest delivery and each peak window's days, hours and surcharge (a surcharge is a price)", () => {
    const after = changed((s) => {
      s.maxDistanceKm = 70;
      s.peakHours.windows[0]!.days = [1, 2, 3];
      s.peakHours.windows[0]!.surcharge = 20000;
    });
    const changes = settingsChanges(DEFAULT_SETTINGS, after);
    expect(changes.map((c) => formatChange(c, t))).toEqual(
      expect.arrayContaining([
        "Longest delivery (km): 60 → 70",
        "Peak window 1 · days: Mon, Tue, Wed, Thu, Fri, Sat → Mon, Tue, Wed",
      ]),
    );
    expect(changes.find((c) => c.path === "peakHours.windows.0.surcharge")).toMatchObject({
      large: true,
      after: { kind: "pesos", centavos: 20000 },
    });
  });
});
