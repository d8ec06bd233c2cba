import type { LatLng } from "~/pricing/distance";

/**
 * Turns an address into a point. Optional (PRODUCT.md, Distance): when none is configured, or it
 * fails, distance comes from the cities' centre points. Pricing receives one as an argument, so
 * tests pass a fake and nothing here is ever called without a configured token.
 */
export interface Geocoder {
  /** The point for a free-text query, or null when nothing convincing was found. May throw. */
  geocode(query: string): Promise<LatLng | null>;
}

/** The query PRODUCT.md and spec section 7 fix: '{address}, {city}, Philippines'. */
export const geocodingQuery = (address: string, city: string) => `${address}, ${city}, Philippines`;

const MAPBOX_FORWARD_URL = "https://api.mapbox.com/search/geocode/v6/forward";
const TIMEOUT_MS = 3000;

/** Mapbox Geocoding v6 (forward), limited to the Philippines, first result only. */
export function mapboxGeocoder(accessToken: string, fetchImpl: typeof fetch = fetch): Geocoder {
  return {
    async geocode(query) {
      const url = new URL(MAPBOX_FORWARD_URL);
      url.searchParams.set("q", query);
      url.searchParams.set("country", "ph");
      url.searchParams.set("limit", "1");
      url.searchParams.set("access_token", accessToken);
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`Mapbox geocoding answered ${response.status}`);
      const body = (await response.json()) as { features?: { geometry?: { coordinates?: unknown } }[] };
      const coordinates = body.features?.[0]?.geometry?.coordinates;
      if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
      const [longitude, latitude] = coordinates.map(Number);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      return { latitude: latitude!, longitude: longitude! };
    },
  };
}

/**
 * The configured geocoder, or null. Geocoding is on only when the Worker has a Mapbox token
 * (`MAPBOX_GEOCODING_TOKEN`, a secret, else `MAPBOX_TOKEN`); locally and in tests there is none,
 * so no network call is ever made there.
 */
export function geocoderFromEnv(env: Pick<Env, "MAPBOX_TOKEN" | "MAPBOX_GEOCODING_TOKEN">): Geocoder | null {
  const token = env.MAPBOX_GEOCODING_TOKEN || env.MAPBOX_TOKEN;
  return token ? mapboxGeocoder(token) : null;
}
