/** What the tracking map shows: up to three points, in fixed colours. */
export interface MapPoint {
  latitude: number;
  longitude: number;
  /** Only the city is known (the point is its centre): the map shows this label there, never a pin. */
  approximate?: string;
}

/** A delivery's pickup or dropoff for the map: null without a point, the city's label when approximate. */
export function placePoint(
  latitude: number | string | null,
  longitude: number | string | null,
  approximateCity: string | null = null,
): MapPoint | null {
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

/** A marker's size on the schematic map: a dot, the rider's larger dot, or an approximate place's area. */
export const MARKER_RADIUS = { place: 9, rider: 11, area: 24 } as const;

/** A box on the map, by its centre. */
export interface LabelBox {
  cx: number;
  cy: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  key: string;
  /** The marker's centre and radius: the label sits beside it, never on another marker. */
  x: number;
  y: number;
  radius: number;
  text: string;
}

/** The labels' type: 12px, weight 600. A wide estimate of its width, so a label never covers more than it was given. */
const CHAR_WIDTH_PX = 7.4;
const LABEL_HEIGHT_PX = 16;
const GAP_PX = 3;
const EDGE_PX = 2;
const RING_STEP_PX = 16;

const labelWidth = (text: string) => Math.ceil([...text].length * CHAR_WIDTH_PX) + 6;

const overlap = (a: LabelBox, b: LabelBox) =>
  Math.max(0, Math.min(a.cx + a.width / 2, b.cx + b.width / 2) - Math.max(a.cx - a.width / 2, b.cx - b.width / 2)) *
  Math.max(0, Math.min(a.cy + a.height / 2, b.cy + b.height / 2) - Math.max(a.cy - a.height / 2, b.cy - b.height / 2));

/** Where a label may go around its marker (nearest first; above, below, beside, the corners), and how far the box's edge moved it. */
function candidates(label: LabelRequest, width: number, height: number): { box: LabelBox; moved: number }[] {
  const w = Math.min(labelWidth(label.text), width - 2 * EDGE_PX);
  const h = LABEL_HEIGHT_PX;
  // Three rings: next to the marker, then further out (clear of an area the marker sits in).
  const spots = [0, RING_STEP_PX, 2 * RING_STEP_PX].flatMap((further): [number, number][] => {
    const d = label.radius + GAP_PX + further;
    const c = d * 0.7;
    return [
      [0, -(d + h / 2)],
      [0, d + h / 2],
      [d + w / 2, 0],
      [-(d + w / 2), 0],
      [c + w / 2, -(c + h / 2)],
      [-(c + w / 2), -(c + h / 2)],
      [c + w / 2, c + h / 2],
      [-(c + w / 2), c + h / 2],
    ];
  });
  // Kept inside the box: a label is moved along the edge rather than cut.
  const clamp = (value: number, half: number, size: number) =>
    Math.min(Math.max(value, half + EDGE_PX), size - half - EDGE_PX);
  return spots.map(([dx, dy]) => {
    const cx = clamp(label.x + dx, w / 2, width);
    const cy = clamp(label.y + dy, h / 2, height);
    return { box: { cx, cy, width: w, height: h }, moved: Math.abs(cx - label.x - dx) + Math.abs(cy - label.y - dy) };
  });
}

/**
 * Places the map's labels so that none covers another label or any marker, and none is cut by
 * the box's edge (at 360px too): the combination of spots with the least covered area wins
 * (24 spots a label, searched with the best so far as a bound: nearer spots rank first, so a
 * clear layout is found early). Where nothing fits without touching, the least overlap is chosen.
 */
export function placeLabels(labels: LabelRequest[], width: number, height: number): Map<string, LabelBox> {
  const markers: LabelBox[] = labels.map((l) => ({ cx: l.x, cy: l.y, width: 2 * l.radius, height: 2 * l.radius }));
  const options = labels.map((label) => candidates(label, width, height));
  // A spot's own cost: the markers it covers, then (to break ties) how far the edge moved it and its rank.
  const own = options.map((spots) =>
    spots.map(
      ({ box, moved }, spot) =>
        markers.reduce((sum, marker) => sum + 4 * overlap(box, marker), 0) + moved * 0.05 + spot * 0.01,
    ),
  );
  let best = { total: Number.POSITIVE_INFINITY, choice: [] as number[] };
  const choose = (index: number, choice: number[], total: number) => {
    if (total >= best.total) return;
    if (index === labels.length) {
      best = { total, choice: [...choice] };
      return;
    }
    options[index]!.forEach(({ box }, spot) => {
      const between = choice.reduce((sum, other, j) => sum + 10 * overlap(box, options[j]![other]!.box), 0);
      choice.push(spot);
      choose(index + 1, choice, total + own[index]![spot]! + between);
      choice.pop();
    });
  };
  choose(0, [], 0);
  return new Map(labels.map((label, index) => [label.key, options[index]![best.choice[index]!]!.box]));
}
