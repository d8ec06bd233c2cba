import { describe, expect, it } from "vitest";
import { DEFAULT_PEAK_HOURS, formatHour, peakAt, peakSurchargeAt } from "./peak";

/** Manila wall-clock time as UTC ms, written out without the code under test. 2026-11-23 is a Monday. */
const manila = (local: string) => Date.parse(`${local}+08:00`);

describe("peak hours (default windows: Mon-Sat 11-13 and 17-20 Manila; ₱100 on Friday and Saturday evenings)", () => {
  it.each([
    ["Monday 10:59", "2026-11-23T10:59:59", 0],
    ["Monday 11:00", "2026-11-23T11:00:00", 5000],
    ["Monday 12:59", "2026-11-23T12:59:59", 5000],
    ["Monday 13:00", "2026-11-23T13:00:00", 0],
    ["Monday 16:59", "2026-11-23T16:59:00", 0],
    ["Thursday 17:00", "2026-11-26T17:00:00", 5000],
    ["Friday 12:00", "2026-11-27T12:00:00", 5000],
    ["Friday 17:00", "2026-11-27T17:00:00", 10000],
    ["Saturday 19:59", "2026-11-28T19:59:00", 10000],
    ["Saturday 20:00", "2026-11-28T20:00:00", 0],
    ["Sunday 11:30", "2026-11-29T11:30:00", 0],
    ["Sunday 18:00", "2026-11-29T18:00:00", 0],
  ])("%s", (_name, local, surcharge) => {
    expect(peakSurchargeAt(manila(local))).toBe(surcharge);
  });

  it("reads Manila time, not UTC: 03:30 UTC Monday is 11:30 in Manila; 11:30 UTC Monday is 19:30 Manila", () => {
    expect(peakSurchargeAt(Date.parse("2026-11-23T03:30:00Z"))).toBe(5000);
    expect(peakSurchargeAt(Date.parse("2026-11-23T11:30:00Z"))).toBe(5000);
    // Sunday 23:30 UTC is Monday 07:30 in Manila: no window.
    expect(peakSurchargeAt(Date.parse("2026-11-22T23:30:00Z"))).toBe(0);
    // Friday 09:30 UTC is Friday 17:30 Manila: the evening's ₱100.
    expect(peakSurchargeAt(Date.parse("2026-11-27T09:30:00Z"))).toBe(10000);
  });

  it("says until when the window is open", () => {
    expect(peakAt(manila("2026-11-23T11:30:00"))).toEqual({ surcharge: 5000, endHour: 13 });
    expect(formatHour(13)).toBe("13:00");
    expect(formatHour(9)).toBe("09:00");
  });

  it("takes the larger surcharge where windows overlap, and a surcharge of 0 opens no window", () => {
    const hours = {
      windows: [
        ...DEFAULT_PEAK_HOURS.windows,
        { days: [1], startHour: 12, endHour: 14, surcharge: 7000 },
        { days: [0], startHour: 0, endHour: 24, surcharge: 0 },
      ],
    };
    expect(peakSurchargeAt(manila("2026-11-23T12:30:00"), hours)).toBe(7000);
    expect(peakAt(manila("2026-11-23T13:30:00"), hours)).toEqual({ surcharge: 7000, endHour: 14 });
    expect(peakAt(manila("2026-11-29T12:00:00"), hours)).toBeNull();
  });
});
