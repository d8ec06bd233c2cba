import { describe, expect, it } from "vitest";
import { manilaDate, manilaMonth, manilaToday, manilaWeek } from "./manila";

const utc = (iso: string) => Date.parse(iso);

describe("Manila calendar", () => {
  it("puts 23:30 Manila on its own day and 00:10 Manila on the next, though both are the same UTC date", () => {
    const lateEvening = utc("2026-03-10T15:30:00Z"); // 23:30 on 10 March in Manila
    const justAfterMidnight = utc("2026-03-10T16:10:00Z"); // 00:10 on 11 March in Manila
    expect(manilaDate(lateEvening)).toBe("2026-03-10");
    expect(manilaDate(justAfterMidnight)).toBe("2026-03-11");
    const day = manilaToday(lateEvening);
    expect(day).toEqual({ start: utc("2026-03-09T16:00:00Z"), end: utc("2026-03-10T16:00:00Z") });
    expect(justAfterMidnight >= day.end).toBe(true);
  });

  it("runs the week from Monday to Sunday", () => {
    // Sunday 15 March 2026, 22:00 Manila: still the week that began Monday 9 March.
    const sunday = utc("2026-03-15T14:00:00Z");
    expect(manilaWeek(sunday)).toEqual({ start: utc("2026-03-08T16:00:00Z"), end: utc("2026-03-15T16:00:00Z") });
    // Monday 16 March, 00:30 Manila (still Sunday in UTC): a new week.
    expect(manilaWeek(utc("2026-03-15T16:30:00Z")).start).toBe(utc("2026-03-15T16:00:00Z"));
  });

  it("takes months by the Manila calendar, across year ends", () => {
    expect(manilaMonth(utc("2026-01-31T16:30:00Z"))).toEqual({
      start: utc("2026-01-31T16:00:00Z"),
      end: utc("2026-02-28T16:00:00Z"),
    });
    expect(manilaMonth(utc("2026-12-31T20:00:00Z"))).toEqual({
      start: utc("2026-12-31T16:00:00Z"),
      end: utc("2027-01-31T16:00:00Z"),
    });
  });
});
