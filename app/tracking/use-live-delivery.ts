import { useCallback, useEffect, useRef, useState } from "react";
import type { DeliveryStatus } from "~/db/schema";
import { useMessageText } from "~/i18n/i18n";
import type { MapPoint } from "./map-points";
import { isTrackable, type ServerMessage } from "./channel-messages";
import { useDeliveryChannel } from "./use-delivery-channel";
import { useLocationSharing } from "./use-location-sharing";

/**
 * One delivery, live: its status and the rider's position with when it was last heard, from the
 * room; and, on the assigned rider's own pages (`sharingRiderId`), their position shared while
 * the delivery is trackable, re-sent at once on every reconnection. Used by the tracking page, the
 * recipient's link and the rider's job screen.
 */
export function useLiveDelivery(options: {
  deliveryId: string;
  userId?: string;
  initialStatus: DeliveryStatus;
  initialRider: MapPoint | null;
  initialRiderAt: string | null;
  sharingRiderId?: string | null;
  recipientToken?: string;
  onStatusUpdate?: (status: DeliveryStatus) => void;
}) {
  const { deliveryId, sharingRiderId } = options;
  const [status, setStatus] = useState<DeliveryStatus>(options.initialStatus);
  const [rider, setRider] = useState<MapPoint | null>(options.initialRider);
  const [lastHeardAt, setLastHeardAt] = useState<number | null>(
    options.initialRiderAt ? Date.parse(options.initialRiderAt) : null,
  );
  const statusCallback = useRef(options.onStatusUpdate);
  statusCallback.current = options.onStatusUpdate;
  const sharingRef = useRef<{ noteDelivered: () => void; shareNow: () => void } | null>(null);

  const say = useMessageText();
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === "location_update" && message.deliveryId === deliveryId) {
        setRider({ latitude: message.latitude, longitude: message.longitude });
        const stamped = Date.parse(message.timestamp);
        setLastHeardAt(Number.isFinite(stamped) ? Math.min(Date.now(), stamped) : Date.now());
        if (sharingRiderId && message.riderId === sharingRiderId) sharingRef.current?.noteDelivered();
      } else if (
        (message.type === "status_update" || message.type === "subscribed") &&
        message.deliveryId === deliveryId
      ) {
        setStatus(message.status);
        if (message.type === "status_update") statusCallback.current?.(message.status);
      } else if (message.type === "error") {
        console.error("Live tracking:", say(message.message));
      }
    },
    [deliveryId, sharingRiderId, say],
  );
  const onOpen = useCallback(() => sharingRef.current?.shareNow(), []);
  const channel = useDeliveryChannel(deliveryId, options.userId, onMessage, options.recipientToken, onOpen);
  const sharingEnabled = Boolean(sharingRiderId) && isTrackable(status);
  const own = useLocationSharing({
    enabled: sharingEnabled,
    deliveryId,
    riderId: sharingRiderId ?? "",
    send: channel.send,
  });
  sharingRef.current = own;

  return {
    status,
    setStatus,
    rider: (sharingEnabled ? own.position : null) ?? rider,
    lastHeardAt,
    channel,
    sharing: sharingEnabled ? own : null,
  };
}

/** The current time, ticking every `intervalMs` (the "12 s ago" texts); null until hydrated, so server and client render alike. */
export function useNow(intervalMs = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
