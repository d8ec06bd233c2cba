import { describe, expect, it } from "vitest";
import { catalogTranslator } from "./message-patterns";

describe("catalogTranslator", () => {
  const ids = ["{field} is required", "Pickup address is required", "Delivery {id} was cancelled: {reason}", "Saved"] as const;
  const fil = {
    "{field} is required": "Kailangan ang {field}",
    "Pickup address is required": "Kailangan ang address ng pickup",
    "Delivery {id} was cancelled: {reason}": "Kinansela ang delivery {id}: {reason}",
    Saved: "Na-save",
  };

  it("prefers the most specific English whatever the catalog's order, fills in values, keeps unknown text", () => {
    for (const order of [ids, [...ids].reverse()]) {
      const translate = catalogTranslator(order);
      expect(translate("Pickup address is required", fil)).toBe("Kailangan ang address ng pickup");
      expect(translate("Amount is required", fil)).toBe("Kailangan ang Amount");
      expect(translate("Delivery d-1 was cancelled: rain", fil)).toBe("Kinansela ang delivery d-1: rain");
      expect(translate("Saved", fil)).toBe("Na-save");
      expect(translate("Something new", fil)).toBe("Something new");
    }
  });
});
