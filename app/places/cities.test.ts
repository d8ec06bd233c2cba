import { describe, expect, it } from "vitest";
import { cityCentre } from "./cities.server";
import { CITY_GROUPS, isCityValue, searchCities } from "./cities";

describe("city data", () => {
  it("holds every city and municipality, grouped Metro Manila, Luzon, Visayas, Mindanao", () => {
    expect(CITY_GROUPS.map((g) => g.group)).toEqual(["Metro Manila", "Luzon", "Visayas", "Mindanao"]);
    expect(CITY_GROUPS.reduce((n, g) => n + g.values.length, 0)).toBe(1634);
    expect(CITY_GROUPS[0]!.values).toContain("Makati, Metro Manila");
    expect(CITY_GROUPS[1]!.values).toContain("Calamba City, Laguna");
    expect(CITY_GROUPS[0]!.values).toHaveLength(17);
  });

  it("sorts each group alphabetically and keeps same-named towns apart by province", () => {
    for (const { values } of CITY_GROUPS) {
      const names = values.map((v) => v.split(", ")[0]!);
      const sorted = [...names].sort(new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare);
      expect(names).toEqual(sorted);
      expect(new Set(values).size).toBe(values.length);
    }
    const sanJose = CITY_GROUPS.flatMap((g) => g.values).filter((v) => v.startsWith("San Jose, "));
    expect(sanJose.length).toBeGreaterThan(3);
  });

  it("accepts exact values only, and knows their centres on the server", () => {
    expect(isCityValue("Cebu City, Cebu")).toBe(true);
    expect(isCityValue("Cebu City")).toBe(false);
    expect(isCityValue("makati, metro manila")).toBe(false);
    expect(isCityValue("constructor")).toBe(false);
    expect(cityCentre("Quezon City, Metro Manila")).toEqual({ latitude: 14.63, longitude: 121.03 });
    expect(cityCentre("toString")).toBeNull();
    for (const value of CITY_GROUPS.flatMap((g) => g.values)) expect(cityCentre(value), value).not.toBeNull();
  });

  it("finds cities by what is typed, accents and case aside, prefix matches first", () => {
    const first = (q: string) => searchCities(q).groups.flatMap((g) => g.values)[0];
    expect(first("makati")).toBe("Makati, Metro Manila");
    expect(first("las pinas")).toBe("Las Piñas, Metro Manila");
    expect(first("cebu c")).toBe("Cebu City, Cebu");
    expect(searchCities("quezon").groups.flatMap((g) => g.values)).toContain("Quezon City, Metro Manila");
    expect(searchCities("zzzz").total).toBe(0);
    expect(searchCities("", 10).groups.flatMap((g) => g.values)).toHaveLength(10);
  });
});
