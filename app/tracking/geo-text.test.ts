import { describe, expect, it } from "vitest";
import { distanceText, etaMinutes, statusText } from "./geo-text";

describe("tracking texts", () => {
  it("reads metres under 1 km, else km with 1 decimal", () => {
    expect(distanceText(0.25)).toBe("250 m");
    expect(distanceText(0.9994)).toBe("999 m");
    expect(distanceText(1)).toBe("1.0 km");
    expect(distanceText(12.345)).toBe("12.3 km");
  });

  it("estimates time at 30 km/h", () => {
    expect(etaMinutes(0.2)).toBe(0);
    expect(etaMinutes(0.5)).toBe(1);
    expect(etaMinutes(5)).toBe(10);
    expect(etaMinutes(30)).toBe(60);
    expect(etaMinutes(32.5)).toBe(65);
    expect(etaMinutes(75)).toBe(150);
  });

  it("shows statuses with spaces", () => {
    expect(statusText("in_transit")).toBe("in transit");
  });
});
