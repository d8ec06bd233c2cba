import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/i18n";
import {
  MAP_HEIGHT_PX,
  MARKER_COLOURS,
  MARKER_RADIUS,
  placeLabels,
  presentPoints,
  projectToBox,
  STALE_COLOUR,
  type MapPoints,
} from "./map-points";

const LABEL_IDS = {
  pickup: "app.map.pickup",
  dropoff: "app.map.dropoff",
  rider: "app.map.rider",
  live: "app.map.rider",
  stale: "app.map.riderStale",
  delivered: "app.map.deliveredHere",
} as const;

/** Drawn first, so a dot is never under an area: areas, then the places' dots, then the rider. */
const LAYER = { area: 0, place: 1, rider: 2 } as const;

/**
 * The map without street tiles: pickup, dropoff and rider as dots in the live map's
 * colours, fitted into the 400px box and moving live; never a blank box. A place known only by its
 * city is a dashed area named after the city, never a pin on a made-up point (decision 0181). Each
 * label is placed where it covers no other label or marker and is not cut by the box's edge.
 */
export function SchematicMap({ points }: { points: MapPoints }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(360);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(200, entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const present = presentPoints(points);
  const project = projectToBox(present, width, MAP_HEIGHT_PX, 48);
  const pickup = points.pickup ? project(points.pickup) : null;
  const dropoff = points.dropoff ? project(points.dropoff) : null;
  const markers = present
    .map((marker) => {
      const { x, y } = project(marker);
      const look = marker.kind === "rider" ? (points.riderLook ?? "live") : undefined;
      const layer = marker.approximate ? "area" : marker.kind === "rider" ? "rider" : "place";
      const name = t(LABEL_IDS[look ?? marker.kind]);
      return {
        kind: marker.kind,
        x,
        y,
        look,
        layer,
        colour: look === "stale" ? STALE_COLOUR : MARKER_COLOURS[marker.kind],
        radius: MARKER_RADIUS[layer],
        text: marker.approximate ? `${name}: ${marker.approximate}` : name,
        approximate: Boolean(marker.approximate),
      } as const;
    })
    .sort((a, b) => LAYER[a.layer] - LAYER[b.layer]);
  const labels = placeLabels(
    markers.map(({ kind, x, y, radius, text }) => ({ key: kind, x, y, radius, text })),
    width,
    MAP_HEIGHT_PX,
  );

  return (
    <>
      <div ref={box} className="schematic-map" style={{ height: MAP_HEIGHT_PX }} data-testid="schematic-map">
        <svg
          width="100%"
          height={MAP_HEIGHT_PX}
          viewBox={`0 0 ${width} ${MAP_HEIGHT_PX}`}
          role="img"
          aria-label={t("app.map.alt")}
        >
          <defs>
            <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
              <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#dbe3ec" strokeWidth="1" />
            </pattern>
          </defs>
          <rect width={width} height={MAP_HEIGHT_PX} fill="#f1f5f9" />
          <rect width={width} height={MAP_HEIGHT_PX} fill="url(#grid)" />
          {pickup && dropoff ? (
            <line
              x1={pickup.x}
              y1={pickup.y}
              x2={dropoff.x}
              y2={dropoff.y}
              stroke="#94a3b8"
              strokeWidth="3"
              strokeDasharray="8 6"
            />
          ) : null}
          {markers.map((marker) => {
            const label = labels.get(marker.kind)!;
            return (
              <g
                key={marker.kind}
                data-marker={marker.kind}
                data-look={marker.look}
                data-approximate={marker.approximate ? "true" : undefined}
                transform={`translate(${marker.x.toFixed(1)} ${marker.y.toFixed(1)})`}
                className="schematic-marker"
              >
                {marker.approximate ? (
                  <circle
                    r={marker.radius}
                    fill={marker.colour}
                    fillOpacity="0.2"
                    stroke={marker.colour}
                    strokeWidth="2"
                    strokeDasharray="5 4"
                  />
                ) : (
                  <circle r={marker.radius} fill={marker.colour} stroke="#fff" strokeWidth="3" />
                )}
                <text
                  x={(label.cx - marker.x).toFixed(1)}
                  y={(label.cy - marker.y).toFixed(1)}
                  textAnchor="middle"
                  dominantBaseline="central"
                  className="schematic-label"
                >
                  {marker.text}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <p className="schematic-note muted">{t("app.map.schematic")}</p>
    </>
  );
}
