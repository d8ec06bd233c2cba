import { AVERAGE_SPEED_KMH } from "~/pricing/distance";

/** Distance and time as the tracking page words them. */

/** Metres under 1 km ("850 m"), else km with 1 decimal ("3.4 km"). */
export function distanceText(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  return `${km.toFixed(1)} km`;
}

/** The minutes to go at 30 km/h, rounded (pages word them through useLiveText). */
export const etaMinutes = (km: number, speedKmh = AVERAGE_SPEED_KMH) => Math.round((km / speedKmh) * 60);

/** Spec: the tracking page shows the status with underscores as spaces ("picked up"). */
export const statusText = (status: string) => status.replace(/_/g, " ");
