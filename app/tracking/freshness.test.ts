import { describe, expect, it } from "vitest";
import { formatManilaClock } from "~/i18n/manila";
import { ageParts, isStale } from "./freshness";

describe("the rider position's freshness", () => {
  it("says how long ago in seconds, minutes and hours, and greys after 60 s", () => {
    const now = Date.UTC(2026, 10, 23, 6, 32, 0);
    expect(ageParts(now - 12_400, now)).toEqual({ unit: "seconds", count: 12 });
    expect(ageParts(now + 5000, now)).toEqual({ unit: "seconds", count: 0 });
    expect(ageParts(now - 3 * 60_000 - 5000, now)).toEqual({ unit: "minutes", count: 3 });
    expect(ageParts(now - 2 * 3_600_000, now)).toEqual({ unit: "hours", count: 2 });
    expect(isStale(now - 60_000, now)).toBe(false);
    expect(isStale(now - 60_001, now)).toBe(true);
    expect(isStale(null, now)).toBe(false);
  });

  it("gives the delivered time in Manila, 24-hour", () => {
    expect(formatManilaClock(Date.UTC(2026, 10, 23, 6, 32))).toBe("14:32");
  });
});
