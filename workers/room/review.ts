import { liveSessionUsers } from "~/auth/session.server";
import type { Db } from "~/db/client.server";
import * as access from "./access";
import type { Connections } from "./connections";
import type { LiveDelivery } from "./live-delivery";

/**
 * The review of the sockets that joined since the last one (what raced their upgrade): their
 * sessions re-read in one D1 query (the app's own rule of a live session, `liveSessionUsers`), and
 * `access.review`'s decision for each, for the room to carry out. Every later change of who a
 * socket is reaches the room by `sessionEnded` / `userChanged` (from the app, or from the minute
 * cron over `room_sessions`).
 */
export async function reviewJoined(
  connections: Connections,
  db: Db,
  delivery: LiveDelivery,
  now: number,
): Promise<[WebSocket, access.Decision][]> {
  const waiting = connections.entries().filter(([, attachment]) => typeof attachment.awaitingReview === "number");
  if (waiting.length === 0) return [];
  const live = await liveSessionUsers(
    db,
    [...new Set(waiting.map(([, attachment]) => attachment.sessionHash))],
    new Date(now),
  );
  return waiting.map(([socket, attachment]) => [
    socket,
    access.review(attachment, live.get(attachment.sessionHash), delivery),
  ]);
}
