import { useEffect, useRef, useState } from "react";
import type { Map as MapboxMap, Marker } from "mapbox-gl";
import { useT } from "~/i18n/i18n";
import { loadMapbox } from "./mapbox-gl.client";
import {
  DEFAULT_ZOOM,
  MANILA_CENTRE,
  MAP_HEIGHT_PX,
  MARKER_COLOURS,
  presentPoints,
  type MapPoints,
} from "./map-points";

/** A style with no remote sources, for places without tile access (MAPBOX_STYLE=offline). */
const OFFLINE_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: "background", type: "background" as const, paint: { "background-color": "#eef2f7" } }],
};

export interface MapboxSettings {
  token: string;
  /** A mapbox:// style URL, or "offline". */
  style: string;
}

type LoadState = "loading" | "ready" | "failed";
type Mapbox = typeof import("mapbox-gl")["default"];

/**
 * The street map: mapbox-gl is imported on demand here, so no other page downloads it. Centred
 * on the pickup point (or Manila) at zoom 14, then fitted to every marker as they move.
 */
export function MapboxLiveMap({ settings, points }: { settings: MapboxSettings; points: MapPoints }) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapboxMap | null>(null);
  const markers = useRef(new Map<string, Marker>());
  const mapboxModule = useRef<Mapbox | null>(null);
  const [state, setState] = useState<LoadState>("loading");

  useEffect(() => {
    let cancelled = false;
    loadMapbox()
      .then((module) => {
        if (cancelled || !container.current) return;
        // The bundle is CommonJS: depending on the bundler its API arrives as `default` or as the module.
        const mapboxgl = (module.default ?? module) as unknown as Mapbox;
        mapboxModule.current = mapboxgl;
        mapboxgl.accessToken = settings.token;
        const centre = points.pickup ?? MANILA_CENTRE;
        const instance = new mapboxgl.Map({
          container: container.current,
          style: settings.style === "offline" ? OFFLINE_STYLE : settings.style,
          center: [centre.longitude, centre.latitude],
          zoom: DEFAULT_ZOOM,
          attributionControl: true,
        });
        map.current = instance;
        let loaded = false;
        instance.on("load", () => {
          loaded = true;
          if (!cancelled) setState("ready");
        });
        instance.on("error", (event) => {
          console.error("Map error", event.error);
          if (!loaded && !cancelled) setState("failed");
        });
      })
      .catch((error) => {
        console.error("The maps script failed to load", error);
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
      markers.current.clear();
    };
    // The map is created once; markers follow the points below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.token, settings.style]);

  useEffect(() => {
    const instance = map.current;
    const mapboxgl = mapboxModule.current;
    if (state !== "ready" || !instance || !mapboxgl) return;
    const present = presentPoints(points);
    for (const point of present) {
      const lngLat: [number, number] = [point.longitude, point.latitude];
      const existing = markers.current.get(point.kind);
      if (existing) existing.setLngLat(lngLat);
      else {
        // Only the city is known: a label with its name, never a pin on a made-up point.
        const label = point.approximate ? cityLabel(point.approximate, MARKER_COLOURS[point.kind]) : undefined;
        const marker = new mapboxgl.Marker(label ? { element: label } : { color: MARKER_COLOURS[point.kind] })
          .setLngLat(lngLat)
          .addTo(instance);
        if (label) marker.getElement().dataset.approximate = "true";
        marker.getElement().dataset.marker = point.kind;
        marker.getElement().setAttribute("aria-label", `${point.kind} marker`);
        markers.current.set(point.kind, marker);
      }
      if (point.kind === "rider") {
        const look = points.riderLook ?? "live";
        const element = markers.current.get("rider")!.getElement();
        element.dataset.look = look;
        element.classList.toggle("marker-stale", look === "stale");
      }
    }
    if (present.length > 1) {
      const bounds = new mapboxgl.LngLatBounds();
      for (const point of present) bounds.extend([point.longitude, point.latitude]);
      instance.fitBounds(bounds, { padding: 60, maxZoom: 16, duration: 0 });
    }
  }, [points, state]);

  if (state === "failed") {
    return (
      <div className="map-error" style={{ height: MAP_HEIGHT_PX }} role="alert">
        <h3>{t("app.map.loadError")}</h3>
        <p>{t("app.map.loadErrorBody")}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t("app.map.retry")}
        </button>
      </div>
    );
  }
  return (
    <div className="mapbox-frame" style={{ height: MAP_HEIGHT_PX }}>
      <div ref={container} className="mapbox-container" data-testid="mapbox-map" style={{ height: MAP_HEIGHT_PX }} />
      {state === "loading" ? <div className="map-loading">{t("app.map.loading")}</div> : null}
    </div>
  );
}

/** The element shown for an approximate point: the city's name in the marker's colour. */
function cityLabel(city: string, colour: string): HTMLElement {
  const element = document.createElement("div");
  element.className = "map-city-label";
  element.textContent = city;
  element.style.cssText = `color:${colour};background:rgba(255,255,255,.9);border:1px dashed ${colour};border-radius:4px;padding:2px 6px;font-weight:600;font-size:13px`;
  return element;
}
