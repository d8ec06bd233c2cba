import { describe, expect, it } from "vitest";
import { distanceText, etaText, statusText } from "./geo-text";

describe("tracking texts", () => {
  it("reads metres under 1 km, else km with 1 decimal", () => {
    expect(distanceText(0.25)).toBe("250 m");
    expect(distanceText(0.9994)).toBe("999 m");
    expect(distanceText(1)).toBe("1.0 km");
    expect(distanceText(12.345)).toBe("12.3 km");
  });

  it("estimates time at 30 km/h", () => {
    expect(etaText(0.2)).toBe("less than 1 min");
    expect(etaText(0.5)).toBe("1 min");
    expect(etaText(5)).toBe("10 mins");
    expect(etaText(30)).toBe("1 hr");
    expect(etaText(32.5)).toBe("1 hr 5 mins");
    expect(etaText(75)).toBe("2 hrs 30 mins");
  });

  it("shows statuses with spaces", () => {
    expect(statusText("in_transit")).toBe("in transit");
  });
});
