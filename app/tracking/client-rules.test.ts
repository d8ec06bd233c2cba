import { describe, expect, it } from "vitest";
import { reconnectDelay, RECONNECT_MAX_MS } from "./use-delivery-channel";
import { translateMessage } from "~/i18n/i18n.server";
import { decodeMessage } from "~/i18n/message";
import { GEOLOCATION_MESSAGES, geolocationMessage } from "./use-location-sharing";

describe("reconnecting after a dropped socket", () => {
  it("backs off exponentially with jitter, at most 10 s apart", () => {
    const low = () => 0;
    const high = () => 0.999_999;
    expect(reconnectDelay(0, low)).toBe(500);
    expect(reconnectDelay(0, high)).toBe(1000);
    expect(reconnectDelay(3, low)).toBe(4000);
    expect(reconnectDelay(3, high)).toBe(8000);
    for (let attempt = 5; attempt < 40; attempt++) expect(reconnectDelay(attempt, high)).toBeLessThanOrEqual(10_000);
    expect(RECONNECT_MAX_MS).toBe(10_000);
    expect(reconnectDelay(40, low)).toBe(5000);
  });
});

describe("geolocation errors", () => {
  it("maps each browser error code to its message", () => {
    const said = (encoded: string) => translateMessage("en", decodeMessage(encoded)!);
    expect(said(geolocationMessage({ code: 1 }))).toBe("Location permission denied. Please enable location access.");
    expect(said(geolocationMessage({ code: 2 }))).toBe("Location information unavailable.");
    expect(said(geolocationMessage({ code: 3 }))).toBe("Location request timed out.");
    expect(said(geolocationMessage({ code: 99 }))).toBe("Unknown location error.");
    expect(said(GEOLOCATION_MESSAGES.unsupported)).toBe("Geolocation is not supported by your browser");
    expect(translateMessage("fil", decodeMessage(geolocationMessage({ code: 1 }))!)).toBe(
      "Hindi pinayagan ang location. Pakibuksan ang location access.",
    );
  });
});
