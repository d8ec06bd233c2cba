/** Straight-line distance and travel-time estimates (docs/guide/money.md#distance). */
const EARTH_RADIUS_KM = 6371;
const ROAD_FACTOR = 1.3;
export const SAME_CITY_FALLBACK_KM = 3.2;
export const AVERAGE_SPEED_KMH = 30;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Road distance between two points, rounded up to the started 0.1 km so the shown figure and the
 * billed figure are the same number.
 */
export function roadDistanceKm(a: LatLng, b: LatLng): number {
  return Math.ceil(Math.round(haversineKm(a, b) * ROAD_FACTOR * 1000) / 100) / 10;
}

/** "3.2" */
export const formatDistanceKm = (km: number): string => km.toFixed(1);

/** Minutes at 30 km/h, rounded up: "15 mins". */
export function estimatedDuration(km: number): string {
  const minutes = Math.max(1, Math.ceil((km / AVERAGE_SPEED_KMH) * 60));
  return `${minutes} ${minutes === 1 ? "min" : "mins"}`;
}
