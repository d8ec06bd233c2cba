import { describe, expect, it } from "vitest";
import { formatManilaClock, formatManilaDate, formatManilaDateTime, formatManilaMonth } from "./manila";

const intl = (options: Intl.DateTimeFormatOptions, locale = "en-PH") =>
  new Intl.DateTimeFormat(locale, { timeZone: "Asia/Manila", ...options });

describe("Manila dates written without Intl (decision 0196)", () => {
  it("read exactly as Intl's en-PH formats in Asia/Manila (20,000 pseudo-random instants, 2000 to 2100; Manila last kept daylight saving in 1990)", () => {
    const dateTime = intl({ year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
    const date = intl({ year: "numeric", month: "short", day: "numeric" });
    const month = intl({ year: "numeric", month: "long" });
    const clock = intl({ hour: "2-digit", minute: "2-digit", hour12: false }, "en-GB");
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const at = Date.UTC(2000, 0, 1) + Math.floor((next() / 2 ** 31) * (Date.UTC(2100, 0, 1) - Date.UTC(2000, 0, 1)));
      expect(formatManilaDateTime(at)).toBe(dateTime.format(at));
      expect(formatManilaDate(new Date(at))).toBe(date.format(at));
      expect(formatManilaMonth(new Date(at).toISOString())).toBe(month.format(at));
      expect(formatManilaClock(at)).toBe(clock.format(at));
    }
  });

  it("turns the day at Manila's midnight, not UTC's, and shows noon and midnight as 12", () => {
    expect(formatManilaDateTime(Date.UTC(2026, 10, 21, 15, 59))).toBe("Nov 21, 2026, 11:59 PM");
    expect(formatManilaDateTime(Date.UTC(2026, 10, 21, 16, 0))).toBe("Nov 22, 2026, 12:00 AM");
    expect(formatManilaDateTime(Date.UTC(2026, 10, 21, 4, 5))).toBe("Nov 21, 2026, 12:05 PM");
    expect(formatManilaClock(Date.UTC(2026, 10, 21, 16, 7))).toBe("00:07");
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatManilaDateTime("not a date")).toThrow(RangeError);
  });
});
