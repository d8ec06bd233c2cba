import type { MapboxSettings } from "./mapbox-map";

const DEFAULT_MAPBOX_STYLE = "mapbox://styles/mapbox/streets-v12";

/** The map's token and style for a page that shows one, or null when no token is set (the page shows no map). */
export function mapboxSettingsOf(env: Pick<Env, "MAPBOX_TOKEN" | "MAPBOX_STYLE">): MapboxSettings | null {
  return env.MAPBOX_TOKEN ? { token: env.MAPBOX_TOKEN, style: env.MAPBOX_STYLE || DEFAULT_MAPBOX_STYLE } : null;
}
