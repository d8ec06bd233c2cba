import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type CoopSettings } from "~/settings/coop-settings";
import { applyLeafChanges, describeLeafChanges, leafChanges } from "./settings-proposal";
import { closesAtFor } from "./governance-rules";

const changed = (edit: (s: CoopSettings) => void) => {
  const next = structuredClone(DEFAULT_SETTINGS);
  edit(next);
  return next;
};

describe("a settings proposal's changed values", () => {
  it("are the leaves that differ: a list is one value, a promo code added or removed is one", () => {
    const after = changed((s) => {
      s.rateCard.perKm = 1500;
      s.incentives.dailyTiers = [{ minDeliveries: 10, amount: 5000 }];
      s.promoCodes.RAINY = { amount: 1500, minimumFare: 0, firstDeliveryOnly: false, active: true };
      delete s.promoCodes.COOP100;
    });
    const changes = leafChanges(DEFAULT_SETTINGS, after);
    expect(changes.map((c) => c.path.join("."))).toEqual([
      "rateCard.perKm",
      "incentives.dailyTiers",
      "promoCodes.COOP100",
      "promoCodes.RAINY",
    ]);
    expect(changes.find((c) => c.path.join(".") === "promoCodes.COOP100")).not.toHaveProperty("after");
    expect(changes.find((c) => c.path.join(".") === "promoCodes.RAINY")).not.toHaveProperty("before");
    expect(leafChanges(DEFAULT_SETTINGS, structuredClone(DEFAULT_SETTINGS))).toEqual([]);
  });

  it("apply to the settings in force at the close, keeping what changed meanwhile elsewhere", () => {
    const after = changed((s) => {
      s.rateCard.perKm = 1500;
      delete s.promoCodes.COOP100;
    });
    const changes = JSON.parse(JSON.stringify(leafChanges(DEFAULT_SETTINGS, after)));
    const meanwhile = changed((s) => {
      s.maxDistanceKm = 55;
    });
    const applied = applyLeafChanges(meanwhile, changes);
    expect(applied.rateCard.perKm).toBe(1500);
    expect(applied.maxDistanceKm).toBe(55);
    expect(Object.keys(applied.promoCodes)).toEqual(["NEWCOOP"]);
    expect(meanwhile.rateCard.perKm).toBe(1000);
  });

  it("read as the settings page shows them, before → after", () => {
    const changes = leafChanges(
      DEFAULT_SETTINGS,
      changed((s) => (s.rateCard.baseFare = 4500)),
    );
    expect(describeLeafChanges(changes)).toMatchObject([
      {
        path: "rateCard.baseFare",
        before: { kind: "pesos", centavos: 4000 },
        after: { kind: "pesos", centavos: 4500 },
      },
    ]);
  });
});

describe("when voting closes", () => {
  it("at Manila midnight ending the chosen number of days after the opening day", () => {
    // Opened 2026-11-27 09:30 Manila (01:30 UTC); 7 days: closes 2026-12-05 00:00 Manila.
    expect(new Date(closesAtFor(Date.parse("2026-11-27T01:30:00Z"), 7)).toISOString()).toBe("2026-12-04T16:00:00.000Z");
    // Opened 23:59 Manila: the same day counts as the opening day.
    expect(new Date(closesAtFor(Date.parse("2026-11-27T15:59:00Z"), 3)).toISOString()).toBe("2026-11-30T16:00:00.000Z");
  });
});
