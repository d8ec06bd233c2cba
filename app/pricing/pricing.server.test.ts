import { describe, expect, it } from "vitest";
import type { Geocoder } from "~/places/geocoder.server";
import { Refusal } from "~/http/refusal";
import { priceDistance, priceRoute } from "./pricing.server";

const MAKATI = "Makati, Metro Manila";
const QUEZON_CITY = "Quezon City, Metro Manila";

function fakeGeocoder(points: Record<string, { latitude: number; longitude: number } | null>) {
  const queries: string[] = [];
  const geocoder: Geocoder = {
    async geocode(query) {
      queries.push(query);
      return points[query] ?? null;
    },
  };
  return { geocoder, queries };
}

describe("priceRoute", () => {
  it("measures between the two city centres without a geocoder: Makati to Quezon City is 11.6 km, not 3.2", async () => {
    const price = await priceRoute(
      { pickupCity: MAKATI, dropoffCity: QUEZON_CITY, packageSize: "small" },
      { geocoder: null },
    );
    // Centres 14.55,121.03 and 14.63,121.03: 8.90 km straight, x1.3 = 11.57, up to 11.6 km.
    expect(price).toMatchObject({
      distanceKm: 11.6,
      distance: "11.6",
      estimatedDuration: "24 mins",
      distanceSource: "city-centres",
      baseFare: 4000,
      distanceFee: 9600,
      sizeFee: 0,
      total: 13600,
      pickup: { latitude: 14.55, longitude: 121.03 },
      dropoff: { latitude: 14.63, longitude: 121.03 },
    });
  });

  it("uses 3.2 km within one city when nothing better is known", async () => {
    const price = await priceRoute(
      { pickupCity: "Cebu City, Cebu", dropoffCity: "Cebu City, Cebu", packageSize: "large" },
      { geocoder: null },
    );
    expect(price).toMatchObject({
      distance: "3.2",
      estimatedDuration: "7 mins",
      distanceSource: "same-city-fallback",
      distanceFee: 1200,
      sizeFee: 5000,
      total: 10200,
    });
  });

  it("prefers geocoded addresses over city centres, queried as '{address}, {city}, Philippines'", async () => {
    const { geocoder, queries } = fakeGeocoder({
      "1 Ayala Ave, Makati, Metro Manila, Philippines": { latitude: 14.5547, longitude: 121.0244 },
      "2 Ayala Ave, Makati, Metro Manila, Philippines": { latitude: 14.5647, longitude: 121.0244 },
    });
    const price = await priceRoute(
      {
        pickupCity: MAKATI,
        dropoffCity: MAKATI,
        pickupAddress: " 1 Ayala Ave ",
        dropoffAddress: "2 Ayala Ave",
        packageSize: "medium",
      },
      { geocoder },
    );
    expect(queries.sort()).toEqual([
      "1 Ayala Ave, Makati, Metro Manila, Philippines",
      "2 Ayala Ave, Makati, Metro Manila, Philippines",
    ]);
    // 0.01 degrees of latitude = 1.11 km, x1.3 = 1.45, up to 1.5 km: within the base fare.
    expect(price).toMatchObject({
      distance: "1.5",
      distanceSource: "geocoded",
      distanceFee: 0,
      sizeFee: 2000,
      total: 6000,
      pickup: { latitude: 14.5547 },
    });
  });

  it("falls back to city centres when the geocoder throws, and logs instead of failing", async () => {
    const geocoder: Geocoder = {
      async geocode() {
        throw new Error("network down");
      },
    };
    const price = await priceRoute(
      {
        pickupCity: MAKATI,
        dropoffCity: QUEZON_CITY,
        pickupAddress: "1 Ayala Ave",
        dropoffAddress: "2 Katipunan Ave",
        packageSize: "small",
      },
      { geocoder },
    );
    expect(price).toMatchObject({ distance: "11.6", distanceSource: "city-centres", total: 13600 });
  });

  it("falls back when only one address is found, or a result lies far from its city", async () => {
    const oneFound = fakeGeocoder({
      "1 Ayala Ave, Makati, Metro Manila, Philippines": { latitude: 14.5547, longitude: 121.0244 },
    });
    const one = await priceRoute(
      {
        pickupCity: MAKATI,
        dropoffCity: QUEZON_CITY,
        pickupAddress: "1 Ayala Ave",
        dropoffAddress: "nowhere",
        packageSize: "small",
      },
      oneFound,
    );
    expect(one.distanceSource).toBe("city-centres");

    const farAway = fakeGeocoder({
      "1 Ayala Ave, Makati, Metro Manila, Philippines": { latitude: 10.3157, longitude: 123.8854 }, // Cebu
      "2 Katipunan Ave, Quezon City, Metro Manila, Philippines": { latitude: 14.64, longitude: 121.07 },
    });
    const far = await priceRoute(
      {
        pickupCity: MAKATI,
        dropoffCity: QUEZON_CITY,
        pickupAddress: "1 Ayala Ave",
        dropoffAddress: "2 Katipunan Ave",
        packageSize: "small",
      },
      farAway,
    );
    expect(far).toMatchObject({ distanceSource: "city-centres", distance: "11.6" });
  });

  it("does not call the geocoder for blank addresses", async () => {
    const { geocoder, queries } = fakeGeocoder({});
    await priceRoute(
      { pickupCity: MAKATI, dropoffCity: QUEZON_CITY, pickupAddress: "  ", packageSize: "small" },
      { geocoder },
    );
    expect(queries).toEqual([]);
  });

  it("refuses a city that is not in the list", async () => {
    await expect(
      priceRoute({ pickupCity: "Makati", dropoffCity: QUEZON_CITY, packageSize: "small" }, { geocoder: null }),
    ).rejects.toMatchObject({ status: 400, id: "server.pricing.unknownPickupCity", field: "pickupCity" });
    await expect(
      priceRoute({ pickupCity: "Makati", dropoffCity: QUEZON_CITY, packageSize: "small" }, { geocoder: null }),
    ).rejects.toBeInstanceOf(Refusal);
    await expect(
      priceRoute(
        { pickupCity: MAKATI, dropoffCity: "Atlantis, Metro Manila", packageSize: "small" },
        { geocoder: null },
      ),
    ).rejects.toMatchObject({ field: "dropoffCity" });
  });
});

describe("priceDistance", () => {
  it("bills the started 0.1 km it shows", () => {
    expect(priceDistance(2.05, "small")).toMatchObject({ distance: "2.1", distanceFee: 100, total: 4100 });
    expect(priceDistance(3.2, "medium")).toMatchObject({ distance: "3.2", estimatedDuration: "7 mins", total: 7200 });
    expect(priceDistance(0, "small")).toMatchObject({ distance: "0.0", estimatedDuration: "1 min", total: 4000 });
  });
});
