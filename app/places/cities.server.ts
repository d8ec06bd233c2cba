import type { LatLng } from "~/pricing/distance";
import { CITY_CENTRES } from "./city-centres.data.server";

/** The centre point of a city value ("Makati, Metro Manila"), or null for anything not in our list. */
export function cityCentre(value: string): LatLng | null {
  const centre = Object.hasOwn(CITY_CENTRES, value) ? CITY_CENTRES[value] : undefined;
  return centre ? { latitude: centre[0], longitude: centre[1] } : null;
}
