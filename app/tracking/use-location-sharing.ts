import { useCallback, useEffect, useRef, useState } from "react";
import { encodeMessage } from "~/i18n/message";
import type { ClientMessage } from "./channel-messages";
import type { MapPoint } from "./map-points";

/** High accuracy, cached positions at most 1 s old, 10 s timeout, an update every 5 s. */
const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 1000, timeout: 10_000 };
const SHARE_INTERVAL_MS = 5000;

/** The geolocation messages, as ids (encoded) the page puts into words. */
export const GEOLOCATION_MESSAGES = {
  unsupported: encodeMessage("server.tracking.geolocation.unsupported"),
  denied: encodeMessage("server.tracking.geolocation.denied"),
  unavailable: encodeMessage("server.tracking.geolocation.unavailable"),
  timeout: encodeMessage("server.tracking.geolocation.timeout"),
  unknown: encodeMessage("server.tracking.geolocation.unknown"),
} as const;

export function geolocationMessage(error: Pick<GeolocationPositionError, "code">): string {
  switch (error.code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.unknown;
  }
}

/**
 * The assigned rider's side: while `enabled`, watch the position and share it
 * every 5 s over the live socket, or over HTTP when the socket is down. `shareNow` sends the
 * newest position at once (the page calls it when the socket reconnects, so a position taken while
 * offline is not held back until the next tick). `lastDeliveredAt` is when a position last reached
 * the server: the room's echo of our own update (`noteDelivered`) or an accepted HTTP update.
 */
export function useLocationSharing(options: {
  enabled: boolean;
  deliveryId: string;
  riderId: string;
  send: (message: ClientMessage) => boolean;
}) {
  const { enabled, deliveryId, riderId } = options;
  const send = useRef(options.send);
  send.current = options.send;
  const [position, setPosition] = useState<MapPoint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lastDeliveredAt, setLastDeliveredAt] = useState<number | null>(null);
  const shareNow = useRef<() => void>(() => {});

  useEffect(() => {
    if (!enabled) return;
    if (!("geolocation" in navigator)) {
      setError(GEOLOCATION_MESSAGES.unsupported);
      return;
    }
    let latest: MapPoint | null = null;
    let lastSharedAt = 0;

    function share() {
      if (!latest) return;
      lastSharedAt = Date.now();
      const message: ClientMessage = { type: "location_update", deliveryId, riderId, ...latest };
      if (send.current(message)) return;
      if (navigator.onLine === false) return; // kept as `latest`; sent the moment the socket is back
      fetch(`/api/deliveries/${encodeURIComponent(deliveryId)}/location`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(latest),
      })
        .then((response) => {
          if (response.ok) setLastDeliveredAt(Date.now());
        })
        .catch((err) => console.error("Location not shared", err));
    }
    shareNow.current = share;

    const watchId = navigator.geolocation.watchPosition(
      (result) => {
        latest = { latitude: result.coords.latitude, longitude: result.coords.longitude };
        setPosition(latest);
        setError(null);
        if (Date.now() - lastSharedAt >= SHARE_INTERVAL_MS) share();
      },
      (err) => {
        const message = geolocationMessage(err);
        console.error("Location tracking error:", message);
        setError(message);
      },
      GEOLOCATION_OPTIONS,
    );
    // Keeps sharing every 5 s while standing still, when the browser reports no new position.
    const interval = setInterval(share, SHARE_INTERVAL_MS);
    return () => {
      shareNow.current = () => {};
      navigator.geolocation.clearWatch(watchId);
      clearInterval(interval);
    };
  }, [enabled, deliveryId, riderId]);

  const noteDelivered = useCallback(() => setLastDeliveredAt(Date.now()), []);
  const flush = useCallback(() => shareNow.current(), []);
  return { position, error, lastDeliveredAt, noteDelivered, shareNow: flush };
}
