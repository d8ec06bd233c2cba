import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/i18n";
import { MAP_HEIGHT_PX, MARKER_COLOURS, presentPoints, projectToBox, STALE_COLOUR, type MapPoints } from "./map-points";

const LABEL_IDS = {
  pickup: "app.map.pickup",
  dropoff: "app.map.dropoff",
  rider: "app.map.rider",
  live: "app.map.rider",
  stale: "app.map.riderStale",
  delivered: "app.map.deliveredHere",
} as const;

/**
 * The map without a Mapbox token (PRODUCT.md, Maps): pickup, dropoff and rider in the spec's
 * colours, fitted into the 400px box and moving live; never a blank box.
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

  const markers = presentPoints(points);
  const project = projectToBox(markers, width, MAP_HEIGHT_PX, 48);
  const pickup = points.pickup ? project(points.pickup) : null;
  const dropoff = points.dropoff ? project(points.dropoff) : null;

  return (
    <div ref={box} className="schematic-map" style={{ height: MAP_HEIGHT_PX }} data-testid="schematic-map">
      <svg width="100%" height={MAP_HEIGHT_PX} viewBox={`0 0 ${width} ${MAP_HEIGHT_PX}`} role="img" aria-label={t("app.map.alt")}>
        <defs>
          <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#dbe3ec" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width={width} height={MAP_HEIGHT_PX} fill="#f1f5f9" />
        <rect width={width} height={MAP_HEIGHT_PX} fill="url(#grid)" />
        {pickup && dropoff ? (
          <line x1={pickup.x} y1={pickup.y} x2={dropoff.x} y2={dropoff.y} stroke="#94a3b8" strokeWidth="3" strokeDasharray="8 6" />
        ) : null}
        {markers.map((marker) => {
          const { x, y } = project(marker);
          const look = marker.kind === "rider" ? (points.riderLook ?? "live") : undefined;
          const fill = look === "stale" ? STALE_COLOUR : MARKER_COLOURS[marker.kind];
          // Only the city is known (issue 27): its name, never a pin on a made-up point.
          if (marker.approximate) {
            return (
              <g key={marker.kind} data-marker={marker.kind} data-approximate="true" transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`} className="schematic-marker">
                <text textAnchor="middle" className="schematic-label" fill={fill}>
                  {t(LABEL_IDS[marker.kind])}: {marker.approximate}
                </text>
              </g>
            );
          }
          return (
            <g
              key={marker.kind}
              data-marker={marker.kind}
              data-look={look}
              transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
              className="schematic-marker"
            >
              <circle r={marker.kind === "rider" ? 11 : 9} fill={fill} stroke="#fff" strokeWidth="3" />
              <text y={-16} textAnchor="middle" className="schematic-label">
                {t(LABEL_IDS[look ?? marker.kind])}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="schematic-note">{t("app.map.schematic")}</p>
    </div>
  );
}
