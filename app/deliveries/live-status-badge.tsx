import { useCallback, useState } from "react";
import { StatusBadge } from "~/components/status-badge";
import type { DeliveryStatus } from "~/db/schema";
import type { ServerMessage } from "~/tracking/channel-messages";
import { useDeliveryChannel } from "~/tracking/use-delivery-channel";

/** An active booking's status, kept live by its room's status pushes (one socket per active booking shown). */
export function LiveStatusBadge({
  deliveryId,
  userId,
  initial,
}: {
  deliveryId: string;
  userId: string;
  initial: DeliveryStatus;
}) {
  const [status, setStatus] = useState(initial);
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if ((message.type === "status_update" || message.type === "subscribed") && message.deliveryId === deliveryId)
        setStatus(message.status);
    },
    [deliveryId],
  );
  useDeliveryChannel(deliveryId, userId, onMessage);
  return <StatusBadge status={status} />;
}
