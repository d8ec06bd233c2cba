import { describe, expect, it } from "vitest";
import { geocoderFromEnv, mapboxGeocoder } from "./geocoder.server";

describe("Mapbox geocoding adapter (with a stand-in fetch; no network)", () => {
  it("asks for one Philippine result and reads [longitude, latitude]", async () => {
    const urls: URL[] = [];
    const fakeFetch = (async (input: RequestInfo | URL) => {
      urls.push(new URL(String(input)));
      return Response.json({ features: [{ geometry: { type: "Point", coordinates: [121.0244, 14.5547] } }] });
    }) as typeof fetch;
    const point = await mapboxGeocoder("pk.test", fakeFetch).geocode("1 Ayala Ave, Makati, Metro Manila, Philippines");
    expect(point).toEqual({ latitude: 14.5547, longitude: 121.0244 });
    expect(urls[0]!.origin + urls[0]!.pathname).toBe("https://api.mapbox.com/search/geocode/v6/forward");
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      q: "1 Ayala Ave, Makati, Metro Manila, Philippines",
      country: "ph",
      limit: "1",
      access_token: "pk.test",
    });
  });

  it("answers null when nothing is found and throws on an error status", async () => {
    const empty = mapboxGeocoder("pk.test", (async () => Response.json({ features: [] })) as unknown as typeof fetch);
    await expect(empty.geocode("nowhere")).resolves.toBeNull();
    const failing = mapboxGeocoder("pk.test", (async () => new Response("no", { status: 401 })) as unknown as typeof fetch);
    await expect(failing.geocode("x")).rejects.toThrow("401");
  });

  it("is off unless a token is configured", () => {
    expect(geocoderFromEnv({})).toBeNull();
    expect(geocoderFromEnv({ MAPBOX_TOKEN: "" })).toBeNull();
    expect(geocoderFromEnv({ MAPBOX_GEOCODING_TOKEN: "pk.x" })).not.toBeNull();
  });
});
