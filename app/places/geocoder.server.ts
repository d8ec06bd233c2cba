import type { LatLng } from "~/pricing/distance";
import { observedFetch } from "~/providers/provider-health.server";

/**
 * Turns an address into a point. Optional (docs/guide/money.md#distance): when none is configured, or it
 * fails, distance comes from the cities' centre points. Pricing receives one as an argument, so
 * tests pass a fake and nothing here is ever called without a configured token.
 */
export interface Geocoder {
  /** The point for a free-text query, or null when nothing convincing was found. May throw. `near`: the point to prefer results close to. */
  geocode(query: string, options?: { near?: LatLng }): Promise<LatLng | null>;
}

/** The geocoding query (docs/guide/money.md#distance): '{address}, {city}, Philippines'. */
export const geocodingQuery = (address: string, city: string) => `${address}, ${city}, Philippines`;

const MAPBOX_API = "https://api.mapbox.com";
const TIMEOUT_MS = 3000;
/**
 * The feature types that place an address: a city, district, region or postcode match is no
 * better than the city centre we already have, and must not be priced as if the address was found.
 */
const ADDRESS_TYPES = "address,street,neighborhood,locality";

/**
 * Mapbox Geocoding v6, forward (https://docs.mapbox.com/api/search/geocoding/): limited to the
 * Philippines, the first result of an address-level type, not autocompleted (a whole address, not
 * a prefix being typed), near the city's centre when given. `permanent`: the result will be stored
 * (a booking's points); Mapbox's terms allow storing only results asked for with `permanent=true`
 * (decision 0206). An address match Mapbox itself rates `low` is not believed. Throws on an error
 * status or a timeout. Contract: test/contracts/fakes/mapbox.mjs.
 */
export function mapboxGeocoder({
  accessToken,
  baseUrl = MAPBOX_API,
  fetcher = fetch,
  timeoutMs = TIMEOUT_MS,
  permanent = false,
}: {
  accessToken: string;
  baseUrl?: string;
  fetcher?: typeof fetch;
  timeoutMs?: number;
  permanent?: boolean;
}): Geocoder {
  const endpoint = `${baseUrl.replace(/\/$/, "")}/search/geocode/v6/forward`;
  return {
    async geocode(query, { near } = {}) {
      const url = new URL(endpoint);
      url.searchParams.set("q", query);
      url.searchParams.set("country", "ph");
      url.searchParams.set("types", ADDRESS_TYPES);
      url.searchParams.set("limit", "1");
      url.searchParams.set("autocomplete", "false");
      url.searchParams.set("permanent", permanent ? "true" : "false");
      if (near) url.searchParams.set("proximity", `${near.longitude},${near.latitude}`);
      url.searchParams.set("access_token", accessToken);
      // The URL carries the token: an error names the status, never the URL.
      const response = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        const said = ((await response.json().catch(() => null)) as { message?: unknown } | null)?.message;
        throw new Error(
          `Mapbox geocoding answered ${response.status}${typeof said === "string" ? ` (${said.slice(0, 120)})` : ""}`,
        );
      }
      const body = (await response.json()) as {
        features?: { geometry?: { coordinates?: unknown }; properties?: { match_code?: { confidence?: unknown } } }[];
      };
      const first = body.features?.[0];
      if (!first || first.properties?.match_code?.confidence === "low") return null;
      const coordinates = first.geometry?.coordinates;
      if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
      const [longitude, latitude] = coordinates.map(Number);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      return { latitude: latitude!, longitude: longitude! };
    },
  };
}

/**
 * The configured geocoder, or null. Geocoding is on only when the Worker has its own Mapbox token
 * (`MAPBOX_GEOCODING_TOKEN`, a secret). The maps' public `MAPBOX_TOKEN` is never used for it: it is
 * restricted to the site's pages, and a server holding it for the street map (the browser tests do,
 * with a placeholder) must not start calling Mapbox. `npm start` and the tests have none, so no
 * network call is made there (`npm run start:providers` points it at the contract fake).
 * `permanent`: the results will be stored (a booking).
 */
export function geocoderFromEnv(
  env: Pick<Env, "MAPBOX_GEOCODING_TOKEN" | "MAPBOX_API_URL" | "DB">,
  { permanent = false }: { permanent?: boolean } = {},
): Geocoder | null {
  const token = env.MAPBOX_GEOCODING_TOKEN;
  if (!token) return null;
  return mapboxGeocoder({
    accessToken: token,
    baseUrl: env.MAPBOX_API_URL || undefined,
    fetcher: observedFetch(env.DB, "mapbox"),
    permanent,
  });
}
