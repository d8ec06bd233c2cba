import { isOversized, parseClientMessage, TRACKING_ERRORS, type ClientMessage } from "~/tracking/channel-messages";
import type { Closing } from "./access";
import type { Attachment, Connections } from "./connections";

const CLOSE_POLICY = 1008;

/** A socket's message as the room reads it: who sent what, else the error to answer or the close to make. */
export type Intake = { attachment: Attachment; message: ClientMessage } | { error: string } | { close: Closing };

/**
 * Reads one message of a socket at `now` (counting it against the socket's flood guard): a socket
 * the room does not know, an oversized message and a flood close the socket; what is not a client
 * message (app/tracking/channel-messages.ts), or names another delivery, is answered with an error.
 */
export function readMessage(
  connections: Connections,
  socket: WebSocket,
  raw: string | ArrayBuffer,
  now: number,
): Intake {
  const attachment = connections.attachmentOf(socket);
  if (!attachment) return { close: { code: 1011, reason: "Unknown connection" } };
  if (isOversized(raw)) return { close: { code: CLOSE_POLICY, reason: TRACKING_ERRORS.tooLarge } };
  if (connections.flooding(socket, now)) return { close: { code: CLOSE_POLICY, reason: TRACKING_ERRORS.flooding } };
  if (typeof raw !== "string") return { error: TRACKING_ERRORS.unsupported };
  const parsed = parseClientMessage(raw);
  if (!parsed.ok) return { error: parsed.error };
  if (parsed.message.deliveryId !== attachment.deliveryId) return { error: TRACKING_ERRORS.wrongDelivery };
  return { attachment, message: parsed.message };
}
