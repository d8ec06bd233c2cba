import { ROLES, type Role } from "~/db/schema";
import { ROOM_HEADERS } from "~/tracking/room-protocol";
import { FloodGuard } from "~/tracking/room-rules";
import type { Position } from "./live-delivery";

/** Who a socket is; kept with the socket (survives hibernation). */
export interface Attachment {
  userId: string;
  /** The user's role as last read from D1 (at the upgrade, then by the review or a `userChanged`). */
  role: Role;
  /** SHA-256 of the socket's session cookie: the room re-checks the session by it. */
  sessionHash: string;
  /** When the session expires (UTC ms): the room closes the socket then (absent: a recipient's link). */
  sessionExpiresAt?: number | null;
  /** The user's rider suspension as last told (UTC ms; absent or null: not suspended). */
  riderSuspendedAt?: number | null;
  deliveryId: string;
  subscribed: boolean;
  /**
   * When the socket joined, while its session and user are still to be re-read from D1 once (what
   * raced the upgrade); absent once reviewed. From then on the minute cron watches its session
   * through `room_sessions` (decision 0214).
   */
  awaitingReview?: number;
  /**
   * The last position this socket published, with its acceptance time. Writing every position to
   * storage would cost a disk commit per update (and hold the broadcast behind it); the attachment
   * survives hibernation in memory, and the room writes its storage when the socket closes.
   */
  position?: Position;
}

const userTag = (userId: string) => `user:${userId}`;

/**
 * The room's connections (WebSockets of the Hibernation API): who each one is (its attachment, read
 * once when the object starts and then kept in step with the runtime's copy), the `user:{id}` tags,
 * the per-connection flood guards, sending, and the one path by which a connection leaves (`close`,
 * or `release` when the peer closed it). Decides nothing: the room tells it what to do.
 */
export class Connections {
  /** Every open connection's attachment (a broadcast reads this instead of deserializing each one). */
  private readonly open = new Map<WebSocket, Attachment>();
  /** Per-socket flood guards; in memory only (a flooding socket keeps the room awake). */
  private readonly floods = new Map<WebSocket, FloodGuard>();

  constructor(private readonly ctx: DurableObjectState) {
    for (const socket of ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as Attachment | null;
      if (attachment) this.open.set(socket, attachment);
    }
  }

  /** Accepts a new socket (hibernatable, tagged with its user) with who it is. */
  accept(socket: WebSocket, attachment: Attachment): void {
    this.ctx.acceptWebSocket(socket, [`role:${attachment.role}`, userTag(attachment.userId)]);
    socket.serializeAttachment(attachment);
    this.open.set(socket, attachment);
  }

  /** The socket's attachment; null once it left (closed by the room, or not from this room). */
  attachmentOf(socket: WebSocket): Attachment | null {
    return this.open.get(socket) ?? null;
  }

  /** The open sockets with their attachments (a copy: the caller may close sockets while iterating). */
  entries(): [WebSocket, Attachment][] {
    return [...this.open];
  }

  /** The open sockets with their attachments, live (closing one while iterating is safe). */
  each(): IterableIterator<[WebSocket, Attachment]> {
    return this.open.entries();
  }

  attachments(): IterableIterator<Attachment> {
    return this.open.values();
  }

  get size(): number {
    return this.open.size;
  }

  /** The user's open sockets here (by their tag), with their attachments. */
  ofUser(userId: string): [WebSocket, Attachment][] {
    const found: [WebSocket, Attachment][] = [];
    for (const socket of this.ctx.getWebSockets(userTag(userId))) {
      const attachment = this.attachmentOf(socket);
      if (attachment) found.push([socket, attachment]);
    }
    return found;
  }

  /** How many sockets the user holds here (closing ones included, as the runtime counts them). */
  countOf(userId: string): number {
    return this.ctx.getWebSockets(userTag(userId)).length;
  }

  /** Changes a socket's attachment in memory and in the runtime (where it survives hibernation). */
  update(socket: WebSocket, patch: Partial<Attachment>): void {
    const attachment = this.attachmentOf(socket);
    if (!attachment) return;
    Object.assign(attachment, patch);
    socket.serializeAttachment(attachment);
  }

  /** Records a message from the socket at `now`; true when it floods (the room then closes it). */
  flooding(socket: WebSocket, now: number): boolean {
    let guard = this.floods.get(socket);
    if (!guard) this.floods.set(socket, (guard = new FloodGuard()));
    return guard.hit(now);
  }

  /** Sends `text` to every subscribed socket but `exclude`. Only sends: who may receive is the room's call. */
  broadcast(text: string, exclude?: WebSocket): void {
    for (const [socket, attachment] of this.open) {
      if (!attachment.subscribed || socket === exclude) continue;
      try {
        socket.send(text);
      } catch {
        // a closing socket; its close event cleans up
      }
    }
  }

  send(socket: WebSocket, text: string): void {
    try {
      socket.send(text);
    } catch {
      // a closing socket
    }
  }

  /**
   * The one way a socket leaves the room: forgets it (attachment, flood guard) and closes it.
   * Answers its attachment as it was (with the position it may have published), null if it had left.
   */
  close(socket: WebSocket, code: number, reason: string): Attachment | null {
    const attachment = this.release(socket);
    try {
      socket.close(code, reason);
    } catch {
      // already closed
    }
    return attachment;
  }

  /**
   * Forgets a socket the peer closed (or that failed, or that `close` closed before its close event
   * came); answers its attachment, read from the runtime once the room has forgotten it.
   */
  release(socket: WebSocket): Attachment | null {
    this.floods.delete(socket);
    const attachment = this.open.get(socket) ?? null;
    this.open.delete(socket);
    if (attachment) return attachment;
    try {
      return socket.deserializeAttachment() as Attachment | null;
    } catch {
      return null;
    }
  }

  /** Closes every socket (the room is being cleared). */
  closeAll(code: number, reason: string): void {
    for (const socket of this.ctx.getWebSockets()) this.close(socket, code, reason);
  }
}

/** Who a joining socket is, from the headers the Worker set on the upgrade (null when one is missing). */
export function attachmentFrom(headers: Headers): Attachment | null {
  const userId = headers.get(ROOM_HEADERS.userId);
  const role = headers.get(ROOM_HEADERS.role) as Role | null;
  const deliveryId = headers.get(ROOM_HEADERS.deliveryId);
  const sessionHash = headers.get(ROOM_HEADERS.sessionHash);
  const expiresHeader = headers.get(ROOM_HEADERS.sessionExpiresAt);
  const sessionExpiresAt = expiresHeader && Number.isFinite(Number(expiresHeader)) ? Number(expiresHeader) : null;
  if (!userId || !deliveryId || !sessionHash || !role || !ROLES.includes(role)) return null;
  return { userId, role, sessionHash, sessionExpiresAt, deliveryId, subscribed: false };
}
