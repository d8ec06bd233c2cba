import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { geocoderFromEnv, mapboxGeocoder } from "~/places/geocoder.server";
import { roadDistanceKm } from "~/pricing/distance";
import { priceDistance } from "~/pricing/pricing.server";
import { bookingBody } from "../workerd/delivery-fixtures";
import { signedIn } from "../workerd/helpers";
import { appWith } from "./app";
import { armFailure, fakeControl, fakeUrl, requestsTo, uniqueKey } from "./fakes";

/**
 * The production geocoder (Mapbox Geocoding v6, app/places/geocoder.server.ts) against the
 * contract fake of Mapbox's forward geocoding (test/contracts/fakes/mapbox.mjs, which names the
 * documentation it follows). It is the only Mapbox API the Worker calls.
 */

/** A token of our own at the fake: the account our requests are recorded under. */
async function token(options: { forbidden?: boolean; permanent?: boolean } = {}) {
  const value = uniqueKey("pk.");
  await fakeControl("mapbox", "tokens", { body: { token: value, ...options } });
  return value;
}

/** A street of our own, known to the fake at these points: "<n> <street>, <district>, <city>". */
let streetNumber = 100;
async function place(
  city: "Makati" | "Quezon City",
  point: { latitude: number; longitude: number },
  extra: Record<string, unknown> = {},
) {
  const address = `${(streetNumber += 1)} ${uniqueKey("Kalye")} St, Poblacion`;
  await fakeControl("mapbox", "places", { body: { text: `${address}, ${city}`, place: city, ...point, ...extra } });
  return address;
}

const MAKATI_POINT = { latitude: 14.5547, longitude: 121.0244 };
const QC_POINT = { latitude: 14.6385, longitude: 121.0748 };
const geocoderFor = (accessToken: string, options: { permanent?: boolean; timeoutMs?: number } = {}) =>
  mapboxGeocoder({ accessToken, baseUrl: fakeUrl("mapbox"), ...options });

describe("Mapbox's forward geocoding v6, as its documentation describes it", () => {
  it("asks once, with exactly the documented parameters: one address-level Philippine result, not autocompleted, near the city's centre, temporary", async () => {
    const accessToken = await token();
    const address = await place("Makati", MAKATI_POINT);
    const query = `${address}, Makati, Metro Manila, Philippines`;
    expect(await geocoderFor(accessToken).geocode(query, { near: { latitude: 14.55, longitude: 121.03 } })).toEqual(
      MAKATI_POINT,
    );
    const [request, ...more] = await requestsTo("mapbox", accessToken);
    expect(more).toHaveLength(0);
    expect(request).toMatchObject({ method: "GET", path: "/search/geocode/v6/forward", body: "" });
    expect(request!.query).toEqual({
      q: query,
      country: "ph",
      types: "address,street,neighborhood,locality",
      limit: "1",
      autocomplete: "false",
      permanent: "false",
      proximity: "121.03,14.55",
      access_token: accessToken,
    });
  });

  it("asks for a permanent result when it will be stored, and leaves proximity out without a centre", async () => {
    const accessToken = await token();
    const address = await place("Makati", MAKATI_POINT);
    expect(
      await geocoderFor(accessToken, { permanent: true }).geocode(`${address}, Makati, Metro Manila, Philippines`),
    ).toEqual(MAKATI_POINT);
    const [request] = await requestsTo("mapbox", accessToken);
    expect(Object.keys(request!.query).sort()).toEqual([
      "access_token",
      "autocomplete",
      "country",
      "limit",
      "permanent",
      "q",
      "types",
    ]);
    expect(request!.query.permanent).toBe("true");
  });

  it("answers null when nothing is found, when only the city is (no better than its centre), and for a match Mapbox rates low", async () => {
    const accessToken = await token();
    const geocoder = geocoderFor(accessToken);
    expect(await geocoder.geocode("nowhere at all, Makati, Metro Manila, Philippines")).toBeNull();
    const city = uniqueKey("Lungsod");
    await fakeControl("mapbox", "places", { body: { text: city, feature_type: "place", ...MAKATI_POINT } });
    expect(await geocoder.geocode(`${city}, Metro Manila, Philippines`)).toBeNull();
    // The fake answers a place to a query without `types`: the filter is what keeps it out.
    const untyped = await fetch(
      `${fakeUrl("mapbox")}/search/geocode/v6/forward?q=${encodeURIComponent(city)}&access_token=${accessToken}`,
    );
    expect(((await untyped.json()) as { features: unknown[] }).features).toHaveLength(1);
    const vague = await place("Makati", MAKATI_POINT, { confidence: "low" });
    expect(await geocoder.geocode(`${vague}, Makati, Metro Manila, Philippines`)).toBeNull();
  });

  it("throws on each documented error, with Mapbox's words and never the token", async () => {
    const geocode = (
      accessToken: string,
      query = "1 Ayala Ave, Makati, Metro Manila, Philippines",
      permanent = false,
    ) =>
      geocoderFor(accessToken, { permanent })
        .geocode(query)
        .catch((e: Error) => e.message);
    const unknown = uniqueKey("pk.unknown");
    expect(await geocode(unknown)).toBe("Mapbox geocoding answered 401 (Not Authorized - Invalid Token)");
    expect(await geocode(await token({ forbidden: true }))).toBe("Mapbox geocoding answered 403 (Forbidden)");
    const temporaryOnly = await token({ permanent: false });
    expect(await geocode(temporaryOnly, undefined, true)).toBe(
      "Mapbox geocoding answered 403 (Permanent geocodes are not enabled for this account. Contact sales@mapbox.com to enable this feature.)",
    );
    expect(await geocode(temporaryOnly, "a ".repeat(30))).toBe("Mapbox geocoding answered 422 (Query too long)");
    await armFailure("mapbox", temporaryOnly, {
      status: 429,
      body: { message: "Too Many Requests" },
      headers: { "X-Rate-Limit-Limit": "1000", "X-Rate-Limit-Interval": "60" },
    });
    expect(await geocode(temporaryOnly)).toBe("Mapbox geocoding answered 429 (Too Many Requests)");
    await armFailure("mapbox", temporaryOnly, { status: 503, body: "<html>Service Unavailable</html>" });
    expect(await geocode(temporaryOnly)).toBe("Mapbox geocoding answered 503");
    expect(await geocode(unknown)).not.toContain(unknown);
  });

  it("gives up after its timeout", async () => {
    const accessToken = await token();
    await armFailure("mapbox", accessToken, { delayMs: 1_500 });
    const started = Date.now();
    await expect(
      geocoderFor(accessToken, { timeoutMs: 200 }).geocode("1 Ayala Ave, Makati, Metro Manila, Philippines"),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(1_400);
  });

  it("is off unless its own token is configured (never the maps' public one); then it goes to MAPBOX_API_URL and records how Mapbox answered", async () => {
    expect(geocoderFromEnv({ DB: env.DB })).toBeNull();
    expect(geocoderFromEnv({ DB: env.DB, MAPBOX_GEOCODING_TOKEN: "" })).toBeNull();
    expect(
      geocoderFromEnv({ DB: env.DB, MAPBOX_TOKEN: "pk.the-maps-public-token" } as Parameters<
        typeof geocoderFromEnv
      >[0]),
    ).toBeNull();
    const accessToken = await token();
    const address = await place("Makati", MAKATI_POINT);
    const before = Date.now();
    const geocoder = geocoderFromEnv({
      DB: env.DB,
      MAPBOX_GEOCODING_TOKEN: accessToken,
      MAPBOX_API_URL: fakeUrl("mapbox"),
    })!;
    expect(await geocoder.geocode(`${address}, Makati, Metro Manila, Philippines`)).toEqual(MAKATI_POINT);
    await armFailure("mapbox", accessToken, { status: 401, body: { message: "Not Authorized - Invalid Token" } });
    await expect(geocoder.geocode(`${address}, Makati, Metro Manila, Philippines`)).rejects.toThrow("401");
    const row = await env.DB.prepare("SELECT * FROM provider_health WHERE provider = 'mapbox'").first<
      Record<string, unknown>
    >();
    expect(row!.last_success_at).toBeGreaterThanOrEqual(before);
    expect(row!.last_failure).toBe("HTTP 401");
    // A URL that carries the token is never recorded.
    expect(JSON.stringify(row)).not.toContain(accessToken);
  });
});

describe("pricing and booking with Mapbox configured (the Worker, real D1)", () => {
  const configured = (accessToken: string) =>
    appWith({ MAPBOX_GEOCODING_TOKEN: accessToken, MAPBOX_API_URL: fakeUrl("mapbox") });
  const geocodedDistance = priceDistance(roadDistanceKm(MAKATI_POINT, QC_POINT), "small").distance;

  it("quotes and books by the geocoded addresses; the booking stores the points, asked for as permanent", async () => {
    const accessToken = await token();
    const app = configured(accessToken);
    const customer = await signedIn("user");
    const pickupAddress = await place("Makati", MAKATI_POINT);
    const dropoffAddress = await place("Quezon City", QC_POINT);
    const body = bookingBody({ pickupAddress, dropoffAddress });

    const quote = await app.api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: {
        pickupCity: body.pickupCity,
        dropoffCity: body.dropoffCity,
        pickupAddress,
        dropoffAddress,
        packageSize: "small",
      },
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json).toMatchObject({ distance: geocodedDistance, approximate: false });
    expect(geocodedDistance).not.toBe("11.6");

    const booked = await app.api("/api/deliveries", { cookie: customer.cookie, body });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.json).toMatchObject({
      distance: geocodedDistance,
      approximate: false,
      pickupApproximate: false,
      dropoffApproximate: false,
    });
    const row = await env.DB.prepare(
      "SELECT pickup_latitude, pickup_longitude, dropoff_latitude, dropoff_longitude, total_fee FROM deliveries WHERE id = ?1",
    )
      .bind(booked.json.id)
      .first();
    expect(row).toMatchObject({
      pickup_latitude: MAKATI_POINT.latitude,
      pickup_longitude: MAKATI_POINT.longitude,
      dropoff_latitude: QC_POINT.latitude,
      dropoff_longitude: QC_POINT.longitude,
    });

    const asked = await requestsTo("mapbox", accessToken);
    expect(asked.map((r) => r.query.permanent)).toEqual(["false", "false", "true", "true"]);
    expect(
      asked
        .map((r) => r.query.proximity)
        .slice(2)
        .sort(),
    ).toEqual(["121.03,14.55", "121.03,14.63"]);
  });

  it("falls back to the city centres, approximate, when Mapbox refuses or does not answer in time", async () => {
    for (const failure of [
      { status: 503, body: { message: "Service Unavailable" } },
      { status: 401, body: { message: "Not Authorized - Invalid Token" } },
      { delayMs: 3_600 },
    ]) {
      const accessToken = await token();
      const app = configured(accessToken);
      const customer = await signedIn("user");
      const body = bookingBody({
        pickupAddress: await place("Makati", MAKATI_POINT),
        dropoffAddress: await place("Quezon City", QC_POINT),
      });
      await armFailure("mapbox", accessToken, { ...failure, times: 2 });
      const booked = await app.api("/api/deliveries", { cookie: customer.cookie, body });
      expect(booked.status, JSON.stringify(failure)).toBe(201);
      expect(booked.json, JSON.stringify(failure)).toMatchObject({
        distance: "11.6",
        approximate: true,
        pickupApproximate: true,
        dropoffApproximate: true,
      });
      const row = await env.DB.prepare("SELECT pickup_latitude, dropoff_latitude FROM deliveries WHERE id = ?1")
        .bind(booked.json.id)
        .first();
      expect(row).toEqual({ pickup_latitude: 14.55, dropoff_latitude: 14.63 });
    }
  });

  it("an address Mapbox places only at its city is priced between the city centres, approximate", async () => {
    const accessToken = await token();
    const app = configured(accessToken);
    const customer = await signedIn("user");
    const street = uniqueKey("Somewhere");
    await fakeControl("mapbox", "places", {
      body: [{ text: `${street}, Makati`, feature_type: "place", ...MAKATI_POINT }],
    });
    const quote = await app.api("/api/pricing/calculate", {
      cookie: customer.cookie,
      body: {
        pickupCity: "Makati, Metro Manila",
        dropoffCity: "Quezon City, Metro Manila",
        pickupAddress: street,
        dropoffAddress: await place("Quezon City", QC_POINT),
        packageSize: "small",
      },
    });
    expect(quote.json).toMatchObject({ distance: "11.6", approximate: true });
  });
});
