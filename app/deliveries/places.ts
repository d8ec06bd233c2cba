/**
 * Approximate places (docs/guide/deliveries.md#approximate-places; decision 0181). A point that came
 * from a city centre (no geocoder, or the geocoder failed) is stored as approximate: it is not where
 * the address is. Pure helpers for every page that shows a point, a distance or a way there.
 */
export interface PlacePoints {
  pickupLatitude: number | string | null;
  pickupLongitude: number | string | null;
  pickupApproximate: boolean;
}

/**
 * Whether the pickup is a real point (geocoded from the address): the ₱50 "rider at the pickup"
 * fee needs one (docs/guide/money.md#cancellation-fees).
 */
export function isPrecisePickup(delivery: PlacePoints): boolean {
  return !delivery.pickupApproximate && delivery.pickupLatitude !== null && delivery.pickupLongitude !== null;
}

/** Whether the dropoff is a real point: the wait before a return is measured only there (decision 0222). */
export function isPreciseDropoff(delivery: {
  dropoffLatitude: number | string | null;
  dropoffLongitude: number | string | null;
  dropoffApproximate: boolean;
}): boolean {
  return !delivery.dropoffApproximate && delivery.dropoffLatitude !== null && delivery.dropoffLongitude !== null;
}

/**
 * Opens the phone's map app (Google Maps' universal URL: the app on Android and iOS, the site
 * elsewhere). With a precise point, directions to it; with an approximate one (or none), a search
 * for the address text, never the city centre.
 */
export function navigateUrl(
  point: { latitude: string | null; longitude: string | null; approximate: boolean },
  addressText: string,
): string {
  if (!point.approximate && point.latitude !== null && point.longitude !== null) {
    return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${point.latitude},${point.longitude}`)}&travelmode=driving`;
  }
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressText)}`;
}

/** A distance or time measured between approximate points reads "about 8 km" (the words come from the page's catalog). */
export function aboutText(
  value: string,
  approximate: boolean,
  words: (value: string) => string = (v) => `about ${v}`,
): string {
  return approximate ? words(value) : value;
}
