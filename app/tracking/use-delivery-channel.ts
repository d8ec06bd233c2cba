import { useCallback, useEffect, useRef, useState } from "react";
import { encodeMessage } from "~/i18n/message";
import { ROOM_CLOSE, type ClientMessage, type ServerMessage } from "./channel-messages";

const TOO_MANY_CONNECTIONS = encodeMessage("server.tracking.tooManyConnections");
const TRACKING_ENDED = encodeMessage("server.tracking.ended");

/**
 * Reconnection after a dropped socket (riders lose signal): 1 s, 2 s, 4 s ... at most 10 s apart,
 * with jitter, while the connection stays down; the moment the browser reports it is online again
 * the wait is cut short and the socket reconnects at once (docs/guide/deliveries.md).
 */
const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 10_000;

export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** What the connection badge says: never "Live" while the browser is offline. */
export type Connection = "connecting" | "live" | "offline";

/** Close codes after which reconnecting cannot help: the room closed the socket for good. */
const FINAL_CLOSE_CODES: number[] = [ROOM_CLOSE.hidden, ROOM_CLOSE.signedOut];

/**
 * The delivery's live channel (`/ws?deliveryId=`): subscribes on every (re)connection, hands each
 * server message to `onMessage`, and reconnects until the view closes. `connection` follows both
 * the browser's online state and the socket's. Going offline closes the socket at once (a dead
 * socket can otherwise look open for minutes); going online reconnects at once. `onOpen` runs on
 * every (re)connection, after the subscribe (the rider's page sends its newest position then).
 * `closedReason` is why the room closed the socket for good (4403 / 4401), `refusal` why it was
 * (both message ids, encoded: the page puts them into words with useMessageText)
 * not let in (a browser cannot read the status of a refused upgrade, so the same URL is asked
 * without one).
 */
export function useDeliveryChannel(
  deliveryId: string,
  userId: string | undefined,
  onMessage: (message: ServerMessage) => void,
  /** The recipient's public link: the socket is admitted by this token instead of a session. */
  recipientToken?: string,
  onOpen?: () => void,
) {
  const [connection, setConnection] = useState<Connection>("connecting");
  const [closedReason, setClosedReason] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const opened = useRef(onOpen);
  opened.current = onOpen;

  useEffect(() => {
    let closedByView = false;
    let closedForGood = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const token = recipientToken ? `&token=${encodeURIComponent(recipientToken)}` : "";
    const path = `/ws?deliveryId=${encodeURIComponent(deliveryId)}${token}`;
    const browserOnline = () => navigator.onLine !== false;

    /** Why the gate refuses this page's socket (429: too many open), asked over plain HTTP. */
    async function askWhyRefused() {
      try {
        const response = await fetch(path, { credentials: "same-origin" });
        if (response.status === 429) {
          const body = (await response.json()) as { message?: string };
          if (!closedByView) setRefusal(body.message ?? TOO_MANY_CONNECTIONS);
        }
      } catch {
        // offline: the reconnection keeps trying
      }
    }

    function scheduleReconnect() {
      clearTimeout(timer);
      timer = setTimeout(connect, reconnectDelay(attempt++));
    }

    function connect() {
      clearTimeout(timer);
      if (closedByView || closedForGood) return;
      const previous = socket.current;
      if (previous && previous.readyState <= WebSocket.OPEN) return;
      if (!browserOnline()) {
        setConnection("offline");
        scheduleReconnect();
        return;
      }
      setConnection("connecting");
      const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(`${protocol}//${window.location.host}${path}`);
      socket.current = ws;
      let wasOpen = false;
      ws.addEventListener("open", () => {
        attempt = 0;
        wasOpen = true;
        setRefusal(null);
        setConnection(browserOnline() ? "live" : "offline");
        ws.send(JSON.stringify({ type: "subscribe", deliveryId, userId } satisfies ClientMessage));
        opened.current?.();
      });
      ws.addEventListener("message", (event) => {
        try {
          handler.current(JSON.parse(String(event.data)) as ServerMessage);
        } catch (error) {
          console.error("Unreadable live message", error);
        }
      });
      ws.addEventListener("close", (event) => {
        if (socket.current === ws) socket.current = null;
        if (closedByView) return;
        if (FINAL_CLOSE_CODES.includes(event.code)) {
          closedForGood = true;
          setConnection("offline");
          setClosedReason(event.reason || TRACKING_ENDED);
          return;
        }
        setConnection(browserOnline() ? "connecting" : "offline");
        if (!wasOpen && browserOnline()) void askWhyRefused();
        scheduleReconnect();
      });
    }

    function wentOffline() {
      setConnection("offline");
      const ws = socket.current;
      socket.current = null;
      if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, "offline");
      scheduleReconnect();
    }
    function wentOnline() {
      attempt = 0;
      connect();
    }

    window.addEventListener("offline", wentOffline);
    window.addEventListener("online", wentOnline);
    connect();
    return () => {
      closedByView = true;
      clearTimeout(timer);
      window.removeEventListener("offline", wentOffline);
      window.removeEventListener("online", wentOnline);
      const ws = socket.current;
      socket.current = null;
      if (ws && ws.readyState <= WebSocket.OPEN) {
        if (ws.readyState === WebSocket.OPEN)
          ws.send(JSON.stringify({ type: "unsubscribe", deliveryId } satisfies ClientMessage));
        ws.close(1000, "view closed");
      }
    };
  }, [deliveryId, userId, recipientToken]);

  /** Sends when the socket is open; false otherwise (the caller may use the HTTP fallback). */
  const send = useCallback((message: ClientMessage) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN || navigator.onLine === false) return false;
    ws.send(JSON.stringify(message));
    return true;
  }, []);

  return { connection, connected: connection === "live", send, closedReason, refusal };
}
