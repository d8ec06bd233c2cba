// @ts-check
// Mapbox's Geocoding API v6, forward geocoding, as its documentation describes it (the only Mapbox
// API the Worker calls; the tracking map's tiles are loaded by the browser):
// - https://docs.mapbox.com/api/search/geocoding/ (GET /search/geocode/v6/forward: `q` (at most
//   256 characters and 20 words) and `access_token` required; `permanent`, `autocomplete`, `bbox`,
//   `country` (ISO 3166 alpha-2 codes, comma-separated), `format`, `language`, `limit` (1 to 10,
//   default 5), `proximity` ("longitude,latitude" or "ip"), `types` (country, region, postcode,
//   district, place, locality, neighborhood, street, block, address, secondary_address) and
//   `worldview` optional. The answer is a GeoJSON FeatureCollection; each feature has
//   `geometry.coordinates` [longitude, latitude] and `properties` with `mapbox_id`,
//   `feature_type`, `name`, `place_formatted`, `full_address`, `context`, `coordinates`
//   ({ longitude, latitude, accuracy } with accuracy rooftop, parcel, point, interpolated,
//   intersection, approximate or street for addresses) and, for addresses, `match_code` with a
//   `confidence` of exact, high, medium or low. Errors are `{ "message" }`: 401 "Not Authorized -
//   No Token" / "Not Authorized - Invalid Token", 403 Forbidden (a token not allowed, or
//   permanent geocoding not enabled for the account), 404 Not Found, 422 for a query it cannot
//   take, 429 Too Many Requests past the rate limit (1000 requests a minute by default))
// - https://docs.mapbox.com/api/overview/#rate-limit-headers (X-Rate-Limit-Interval,
//   X-Rate-Limit-Limit, X-Rate-Limit-Reset)
// - https://docs.mapbox.com/help/dive-deeper/understand-temporary-vs-permanent-geocoding/
//   (results may be stored only from `permanent=true` requests; temporary is the default)
//
// Tokens are made with POST /__fake/tokens ({ token, forbidden?, permanent? }); the places it knows
// with POST /__fake/places. A query matches a place when its text starts with the place's `text`
// (case, spacing and punctuation aside); the most specific match comes first.
import { json } from "../fake-server.mjs";

const PATH = "/search/geocode/v6/forward";
const RATE_LIMIT_PER_MINUTE = 1000;
const TYPES = new Set([
  "country",
  "region",
  "postcode",
  "district",
  "place",
  "locality",
  "neighborhood",
  "street",
  "block",
  "address",
  "secondary_address",
]);
const BOOLEAN = /^(true|false)$/;
const normalised = (text) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * @typedef {{ text: string, longitude: number, latitude: number, feature_type?: string, country?: string, place?: string, region?: string, accuracy?: string, confidence?: string }} Place
 * @param {{ tokens?: { token: string, forbidden?: boolean, permanent?: boolean }[], places?: Place[] }} [options] tokens and places known at the start
 * @returns {import("../fake-server.mjs").Fake}
 */
export function mapboxFake({ tokens: initialTokens = [], places: initialPlaces = [] } = {}) {
  /** token → { forbidden, permanent, calls: number[] } */
  const tokens = new Map();
  /** @type {Place[]} */
  const places = [];
  const makeToken = ({ token, forbidden = false, permanent = true }) =>
    tokens.set(token, { forbidden, permanent, calls: [] });
  for (const token of initialTokens) makeToken(token);
  places.push(...initialPlaces);

  /** @param {Place} place */
  function feature(place) {
    const featureType = place.feature_type ?? "address";
    const id = `dXJuOm1ieGFkcjo${Buffer.from(normalised(place.text)).toString("base64url").slice(0, 24)}`;
    const placeName = place.place ?? "Makati";
    const region = place.region ?? "Metro Manila";
    const name = place.text.split(",")[0].trim();
    return {
      type: "Feature",
      id,
      geometry: { type: "Point", coordinates: [place.longitude, place.latitude] },
      properties: {
        mapbox_id: id,
        feature_type: featureType,
        full_address: `${place.text}, ${region}, Philippines`,
        name,
        name_preferred: name,
        place_formatted: `${placeName}, ${region}, Philippines`,
        context: {
          country: {
            mapbox_id: "dXJuOm1ieHBsYzpJdXM",
            name: "Philippines",
            country_code: "PH",
            country_code_alpha_3: "PHL",
          },
          region: { mapbox_id: "dXJuOm1ieHBsYzpBb1R", name: region },
          place: { mapbox_id: "dXJuOm1ieHBsYzpEYVR", name: placeName },
        },
        coordinates: {
          longitude: place.longitude,
          latitude: place.latitude,
          ...(featureType === "address" ? { accuracy: place.accuracy ?? "rooftop" } : {}),
        },
        ...(featureType === "address"
          ? {
              match_code: {
                address_number: "matched",
                street: "matched",
                postcode: "unmatched",
                place: "matched",
                region: "matched",
                locality: "not_applicable",
                country: "inferred",
                confidence: place.confidence ?? "exact",
              },
            }
          : {}),
      },
    };
  }

  return {
    name: "mapbox",
    documentation: [
      "https://docs.mapbox.com/api/search/geocoding/",
      "https://docs.mapbox.com/api/overview/#rate-limit-headers",
      "https://docs.mapbox.com/help/dive-deeper/understand-temporary-vs-permanent-geocoding/",
    ],
    accountOf(request) {
      return new URL(request.url).searchParams.get("access_token") || null;
    },
    handle(request) {
      const url = new URL(request.url);
      if (url.pathname !== PATH) return json({ message: "Not Found" }, 404);
      if (request.method !== "GET") return json({ message: "Method Not Allowed" }, 405);
      const params = url.searchParams;
      const token = params.get("access_token");
      if (!token) return json({ message: "Not Authorized - No Token" }, 401);
      const account = tokens.get(token);
      if (!account) return json({ message: "Not Authorized - Invalid Token" }, 401);
      if (account.forbidden) return json({ message: "Forbidden" }, 403);

      const now = Date.now();
      account.calls = account.calls.filter((at) => now - at < 60_000);
      const reset = String(Math.ceil(((account.calls[0] ?? now) + 60_000) / 1000));
      const headers = {
        "X-Rate-Limit-Interval": "60",
        "X-Rate-Limit-Limit": String(RATE_LIMIT_PER_MINUTE),
        "X-Rate-Limit-Reset": reset,
      };
      if (account.calls.length >= RATE_LIMIT_PER_MINUTE) return json({ message: "Too Many Requests" }, 429, headers);
      account.calls.push(now);

      const refuse = (message) => json({ message }, 422, headers);
      const q = params.get("q");
      if (!q?.trim()) return refuse("Query is required");
      if (q.length > 256 || normalised(q).split(" ").length > 20) return refuse("Query too long");
      const limitText = params.get("limit") ?? "5";
      const limit = Number(limitText);
      if (!/^\d+$/.test(limitText) || limit < 1 || limit > 10)
        return refuse("Limit must be an integer between 1 and 10");
      const country = params.get("country");
      if (country !== null && !country.split(",").every((c) => /^[a-z]{2}$/i.test(c)))
        return refuse("Country must be ISO 3166 alpha 2 codes");
      const types = params.get("types");
      if (types !== null && !types.split(",").every((t) => TYPES.has(t)))
        return refuse(`Type "${types.split(",").find((t) => !TYPES.has(t))}" is not a known type`);
      const proximity = params.get("proximity");
      if (proximity !== null && proximity !== "ip" && !/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(proximity))
        return refuse("Proximity must be longitude,latitude or ip");
      for (const flag of ["permanent", "autocomplete"]) {
        if (params.has(flag) && !BOOLEAN.test(params.get(flag) ?? "")) return refuse(`${flag} must be true or false`);
      }
      const language = params.get("language");
      if (language !== null && !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*(,[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)*$/.test(language))
        return refuse("Language must be IETF language tags");
      if (params.get("permanent") === "true" && !account.permanent) {
        return json(
          {
            message:
              "Permanent geocodes are not enabled for this account. Contact sales@mapbox.com to enable this feature.",
          },
          403,
          headers,
        );
      }

      const query = normalised(q);
      const allowedTypes = types ? new Set(types.split(",")) : null;
      const countries = country ? new Set(country.toLowerCase().split(",")) : null;
      const found = places
        .filter((p) => query.startsWith(normalised(p.text)))
        .filter((p) => !countries || countries.has(p.country ?? "ph"))
        .filter((p) => !allowedTypes || allowedTypes.has(p.feature_type ?? "address"))
        .sort((a, b) => normalised(b.text).length - normalised(a.text).length)
        .slice(0, limit);
      return json(
        {
          type: "FeatureCollection",
          features: found.map(feature),
          attribution:
            "NOTICE: © 2026 Mapbox and its suppliers. All rights reserved. Use of this data is subject to the Mapbox Terms of Service (https://www.mapbox.com/about/maps/). This response and the information it contains may not be retained.",
        },
        200,
        headers,
      );
    },
    control(request, body) {
      const url = new URL(request.url);
      if (url.pathname === "/__fake/tokens" && request.method === "POST") {
        const token = JSON.parse(body);
        makeToken(token);
        return json({ token: token.token });
      }
      if (url.pathname === "/__fake/places" && request.method === "POST") {
        const added = JSON.parse(body);
        places.push(...(Array.isArray(added) ? added : [added]));
        return json({ places: places.length });
      }
      return null;
    },
  };
}
