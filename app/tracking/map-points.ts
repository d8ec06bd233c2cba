/** What the tracking map shows: up to three points, in the spec's colours. */
export interface MapPoint {
  latitude: number;
  longitude: number;
  /** Only the city is known (the point is its centre, issue 27): the map shows this label there, never a pin. */
  approximate?: string;
}

/** A delivery's pickup or dropoff for the map: null without a point, the city's label when approximate. */
export function placePoint(latitude: number | string | null, longitude: number | string | null, approximateCity: string | null = null): MapPoint | null {
  if (latitude === null || longitude === null) return null;
  const point: MapPoint = { latitude: Number(latitude), longitude: Number(longitude) };
  if (approximateCity) point.approximate = approximateCity.split(",")[0]!.trim();
  return point;
}

export interface MapPoints {
  pickup: MapPoint | null;
  dropoff: MapPoint | null;
  rider: MapPoint | null;
  /** How the rider marker looks: live, greyed (no position for 60 s), or the delivered point. */
  riderLook?: RiderLook;
}

export type RiderLook = "live" | "stale" | "delivered";
export const STALE_COLOUR = "#9ca3af";

export const MARKER_COLOURS = { pickup: "#16a34a", dropoff: "#dc2626", rider: "#2563eb" } as const;

/** Spec: centred on the pickup point, or a default Manila point, at zoom 14. */
export const MANILA_CENTRE: MapPoint = { latitude: 14.5995, longitude: 120.9842 };
export const DEFAULT_ZOOM = 14;
export const MAP_HEIGHT_PX = 400;

export const presentPoints = (points: MapPoints) =>
  (Object.keys(MARKER_COLOURS) as (keyof typeof MARKER_COLOURS)[]).flatMap((kind) => {
    const point = points[kind];
    return point ? [{ kind, ...point }] : [];
  });

/**
 * Fits points into a width x height box (with padding), keeping north up and the scale equal on
 * both axes (longitude degrees shrink by cos(latitude)). A single point sits in the middle.
 */
export function projectToBox(points: MapPoint[], width: number, height: number, padding: number) {
  if (points.length === 0) return () => ({ x: width / 2, y: height / 2 });
  const meanLat = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const xScale = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((p) => p.longitude * xScale);
  const ys = points.map((p) => p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, 1e-6);
  const spanY = Math.max(maxY - minY, 1e-6);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const single = points.length === 1 || (maxX - minX < 1e-9 && maxY - minY < 1e-9);
  return (p: MapPoint) =>
    single
      ? { x: width / 2, y: height / 2 }
      : { x: offsetX + (p.longitude * xScale - minX) * scale, y: height - (offsetY + (p.latitude - minY) * scale) };
}
