import { describe, expect, it } from "vitest";
import { ageText, deliveredAtText, isStale, lastHeardText } from "./freshness";

describe("the rider position's freshness", () => {
  it("says how long ago in seconds, minutes and hours, and greys after 60 s", () => {
    const now = Date.UTC(2026, 10, 23, 6, 32, 0);
    expect(lastHeardText(now - 12_400, now)).toBe("Last heard 12 s ago");
    expect(ageText(now + 5000, now)).toBe("0 s");
    expect(ageText(now - 3 * 60_000 - 5000, now)).toBe("3 min");
    expect(ageText(now - 2 * 3_600_000, now)).toBe("2 h");
    expect(isStale(now - 60_000, now)).toBe(false);
    expect(isStale(now - 60_001, now)).toBe(true);
    expect(isStale(null, now)).toBe(false);
  });

  it("gives the delivered time in Manila, 24-hour", () => {
    expect(deliveredAtText(Date.UTC(2026, 10, 23, 6, 32))).toBe("Delivered at 14:32");
  });
});
