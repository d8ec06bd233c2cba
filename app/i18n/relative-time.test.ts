import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

const at = Date.parse("2026-11-20T08:00:00Z");
const later = (ms: number) => at + ms;
const MIN = 60_000;

describe("formatRelativeTime", () => {
  it("says how long ago in the largest whole unit, in English", () => {
    expect(formatRelativeTime("en", at, later(30_000))).toBe("Just now");
    expect(formatRelativeTime("en", at, later(-MIN))).toBe("Just now");
    expect(formatRelativeTime("en", at, later(MIN))).toBe("1 minute ago");
    expect(formatRelativeTime("en", at, later(59 * MIN))).toBe("59 minutes ago");
    expect(formatRelativeTime("en", at, later(125 * MIN))).toBe("2 hours ago");
    expect(formatRelativeTime("en", at, later(1_574 * MIN))).toBe("1 day ago");
    expect(formatRelativeTime("en", at, later(10 * 24 * 60 * MIN))).toBe("1 week ago");
    expect(formatRelativeTime("en", at, later(65 * 24 * 60 * MIN))).toBe("2 months ago");
    expect(formatRelativeTime("en", new Date(at).toISOString(), later(400 * 24 * 60 * MIN))).toBe("1 year ago");
  });

  it("and in Filipino", () => {
    expect(formatRelativeTime("fil", at, later(10_000))).toBe("Ngayon lang");
    expect(formatRelativeTime("fil", at, later(5 * MIN))).toBe("5 minuto ang nakalipas");
    expect(formatRelativeTime("fil", at, later(1_574 * MIN))).toBe("1 araw ang nakalipas");
    expect(formatRelativeTime("fil", at, later(3 * 60 * MIN))).toBe("3 oras ang nakalipas");
  });
});
