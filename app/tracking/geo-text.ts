import { AVERAGE_SPEED_KMH } from "~/pricing/distance";

/** Distance and time as the tracking page words them (spec section 9, Location and map). */

/** Metres under 1 km ("850 m"), else km with 1 decimal ("3.4 km"). */
export function distanceText(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  return `${km.toFixed(1)} km`;
}

/** The minutes to go at 30 km/h, rounded (pages word them through useLiveText). */
export const etaMinutes = (km: number, speedKmh = AVERAGE_SPEED_KMH) => Math.round((km / speedKmh) * 60);

/** At 30 km/h: "less than 1 min", "12 mins", or "1 hr 5 mins". */
export function etaText(km: number, speedKmh = AVERAGE_SPEED_KMH): string {
  const minutes = etaMinutes(km, speedKmh);
  if (minutes < 1) return "less than 1 min";
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "min" : "mins"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${hours} ${hours === 1 ? "hr" : "hrs"}`;
  return rest === 0 ? hourText : `${hourText} ${rest} ${rest === 1 ? "min" : "mins"}`;
}

/** Spec: the tracking page shows the status with underscores as spaces ("picked up"). */
export const statusText = (status: string) => status.replace(/_/g, " ");
