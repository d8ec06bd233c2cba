import { cityCentre } from "~/places/cities.server";
import type { PackageSize } from "~/db/schema";
import { geocodingQuery, type Geocoder } from "~/places/geocoder.server";
import { message } from "~/i18n/message";
import { fieldRefusal } from "./quote.server";
import {
  estimatedDuration,
  formatDistanceKm,
  haversineKm,
  roadDistanceKm,
  SAME_CITY_FALLBACK_KM,
  type LatLng,
} from "./distance";
import { quote, type Quote, type RateCard } from "./rate-card";

/**
 * Prices a trip between two addresses (docs/guide/money.md#distance). One place for
 * the quote endpoint and for booking, so a booking's fee equals the quote for the same addresses.
 * Order of preference for the distance:
 *   1. both addresses geocoded ('{address}, {city}, Philippines'), when a geocoder is given;
 *   2. the centre points of the two cities;
 *   3. same city and nothing better known: 3.2 km.
 * Geocoding failures are logged and ignored. All money is integer centavos.
 */
export interface RouteRequest {
  pickupCity: string;
  dropoffCity: string;
  pickupAddress?: string | null;
  dropoffAddress?: string | null;
  packageSize: PackageSize;
}

type DistanceSource = "geocoded" | "city-centres" | "same-city-fallback";

export interface PricedRoute extends Quote {
  distanceKm: number;
  /** "3.2" */
  distance: string;
  /** "7 mins" */
  estimatedDuration: string;
  distanceSource: DistanceSource;
  /** The points the distance was measured between (geocoded, else the city centres). */
  pickup: LatLng;
  dropoff: LatLng;
}

/** A city not in the list: 400 naming the field. */
const unknownCity = (field: "pickupCity" | "dropoffCity") =>
  fieldRefusal(
    400,
    field,
    message(field === "pickupCity" ? "server.pricing.unknownPickupCity" : "server.pricing.unknownDropoffCity"),
  );

/** A geocoded point further than this from its city's centre is not believed (a wrong match). */
const MAX_GEOCODE_OFFSET_KM = 60;

async function geocodeNear(
  geocoder: Geocoder,
  address: string | null | undefined,
  city: string,
  centre: LatLng,
): Promise<LatLng | null> {
  if (!address?.trim()) return null;
  try {
    const point = await geocoder.geocode(geocodingQuery(address.trim(), city), { near: centre });
    if (!point) return null;
    if (haversineKm(point, centre) > MAX_GEOCODE_OFFSET_KM) {
      console.warn(
        `Geocoding: ignored a result ${Math.round(haversineKm(point, centre))} km from the centre of ${city}`,
      );
      return null;
    }
    return point;
  } catch (error) {
    console.warn(
      `Geocoding failed for an address in ${city}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/** Distance in km by the rules above, with the points it was measured between. */
async function routeDistance(
  request: Omit<RouteRequest, "packageSize">,
  { geocoder }: { geocoder: Geocoder | null },
): Promise<{ distanceKm: number; distanceSource: DistanceSource; pickup: LatLng; dropoff: LatLng }> {
  const pickupCentre = cityCentre(request.pickupCity);
  if (!pickupCentre) throw unknownCity("pickupCity");
  const dropoffCentre = cityCentre(request.dropoffCity);
  if (!dropoffCentre) throw unknownCity("dropoffCity");

  if (geocoder) {
    const [pickup, dropoff] = await Promise.all([
      geocodeNear(geocoder, request.pickupAddress, request.pickupCity, pickupCentre),
      geocodeNear(geocoder, request.dropoffAddress, request.dropoffCity, dropoffCentre),
    ]);
    if (pickup && dropoff)
      return { distanceKm: roadDistanceKm(pickup, dropoff), distanceSource: "geocoded", pickup, dropoff };
  }
  if (request.pickupCity === request.dropoffCity) {
    return {
      distanceKm: SAME_CITY_FALLBACK_KM,
      distanceSource: "same-city-fallback",
      pickup: pickupCentre,
      dropoff: dropoffCentre,
    };
  }
  return {
    distanceKm: roadDistanceKm(pickupCentre, dropoffCentre),
    distanceSource: "city-centres",
    pickup: pickupCentre,
    dropoff: dropoffCentre,
  };
}

/** The full price of a trip: rate card, distance, estimated duration. */
export async function priceRoute(
  request: RouteRequest,
  options: { geocoder: Geocoder | null; rateCard?: RateCard },
): Promise<PricedRoute> {
  const route = await routeDistance(request, options);
  return { ...priceDistance(route.distanceKm, request.packageSize, options.rateCard), ...route };
}

/**
 * Prices a given distance (a plain `{distance, packageSize}` quote). The distance is first
 * rounded up to the started 0.1 km, so the figure shown is the figure billed (2.05 km -> "2.1").
 */
export function priceDistance(distanceKm: number, packageSize: PackageSize, rateCard?: RateCard) {
  const km = Math.ceil(Math.round(Math.max(0, distanceKm) * 1000) / 100) / 10;
  return {
    ...quote(km, packageSize, rateCard),
    distanceKm: km,
    distance: formatDistanceKm(km),
    estimatedDuration: estimatedDuration(km),
  };
}
