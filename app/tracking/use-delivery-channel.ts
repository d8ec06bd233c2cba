import { useCallback, useEffect, useRef, useState } from "react";
import type { ClientMessage, ServerMessage } from "./messages";

/** Reconnection after a dropped socket (riders lose signal): 1 s, 2 s, 4 s ... up to 30 s, with jitter. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The delivery's live channel (`/ws?deliveryId=`): subscribes on every (re)connection, hands each
 * server message to `onMessage`, and reconnects with backoff until the view closes.
 */
export function useDeliveryChannel(
  deliveryId: string,
  userId: string | undefined,
  onMessage: (message: ServerMessage) => void,
  /** The recipient's public link: the socket is admitted by this token instead of a session. */
  recipientToken?: string,
) {
  const [connected, setConnected] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    let closedByView = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function connect() {
      const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
      const token = recipientToken ? `&token=${encodeURIComponent(recipientToken)}` : "";
      const ws = new WebSocket(`${protocol}//${window.location.host}/ws?deliveryId=${encodeURIComponent(deliveryId)}${token}`);
      socket.current = ws;
      ws.addEventListener("open", () => {
        attempt = 0;
        setConnected(true);
        ws.send(JSON.stringify({ type: "subscribe", deliveryId, userId } satisfies ClientMessage));
      });
      ws.addEventListener("message", (event) => {
        try {
          handler.current(JSON.parse(String(event.data)) as ServerMessage);
        } catch (error) {
          console.error("Unreadable live message", error);
        }
      });
      ws.addEventListener("close", () => {
        setConnected(false);
        if (socket.current === ws) socket.current = null;
        if (closedByView) return;
        timer = setTimeout(connect, reconnectDelay(attempt++));
      });
    }

    connect();
    return () => {
      closedByView = true;
      clearTimeout(timer);
      const ws = socket.current;
      socket.current = null;
      if (ws && ws.readyState <= WebSocket.OPEN) {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "unsubscribe", deliveryId } satisfies ClientMessage));
        ws.close(1000, "view closed");
      }
    };
  }, [deliveryId, userId, recipientToken]);

  /** Sends when the socket is open; false otherwise (the caller may use the HTTP fallback). */
  const send = useCallback((message: ClientMessage) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }, []);

  return { connected, send };
}
