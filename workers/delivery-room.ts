import { DurableObject } from "cloudflare:workers";
import { DropoffArrivalEvidence } from "~/deliveries/dropoff-arrival.server";
import { PickupArrivalEvidence } from "~/deliveries/pickup-arrival.server";
import {
  isoTimestamp,
  MAX_SOCKETS_PER_USER,
  TOO_MANY_SOCKETS,
  TRACKING_ERRORS,
  type ClientMessage,
  type Coordinates,
  type ServerMessage,
} from "~/tracking/channel-messages";
import { RECIPIENT_SESSION, type PublishResult, type StatusChange, type UserChange } from "~/tracking/room-protocol";
import { CLEANUP_AFTER_END_MS, isFlushDue, type Actor } from "~/tracking/room-rules";
import * as access from "./room/access";
import { RoomAlarm } from "./room/alarm";
import { attachmentFrom, Connections, type Attachment } from "./room/connections";
import { FlushTimer } from "./room/flush-timer";
import { Inbox } from "./room/inbox";
import { readMessage } from "./room/intake";
import { LiveDeliveryStore, locationMessage, type LiveDelivery } from "./room/live-delivery";
import { LocationUpdates } from "./room/location-updates";
import { reviewJoined } from "./room/review";

/**
 * One room per delivery (`idFromName(deliveryId)`): the delivery's connections (WebSockets of the
 * Hibernation API), its live status and the rider's last position. The Worker admits a connection
 * only after checking the session and `canSeeDelivery`; the room then decides, message by message,
 * who may do what (docs/guide/deliveries.md#live-tracking, decision 0214).
 *
 * It speaks partyserver's vocabulary: the runtime's entry points (`fetch`, `webSocketMessage`,
 * `webSocketClose`, `webSocketError`, `alarm`) hand over to `onConnect`, `onMessage`, `onClose`,
 * `onError` and `onAlarm`. Its connections (`room/connections.ts`), how their messages are read and
 * queued (`room/intake.ts`, `room/inbox.ts`), how a position is taken (`room/location-updates.ts`),
 * where the live delivery is kept (`room/live-delivery.ts`, `room/alarm.ts`, `room/flush-timer.ts`)
 * and who may stay (`room/access.ts`, `room/review.ts`) are apart.
 */
export class DeliveryRoom extends DurableObject<Env> {
  /** Who each connection is: read from the runtime's attachments when the object (re)starts. */
  private readonly connections = new Connections(this.ctx);
  /** What the room knows of its delivery (memory, storage, D1): read again when the object (re)starts. */
  private readonly store = new LiveDeliveryStore(this.ctx, this.env, this.connections);
  /** The ₱50 fee's evidence (decision 0217), recorded from the positions while assigned. */
  private readonly arrival = new PickupArrivalEvidence(this.env.DB);
  /** The rider's arrival at the dropoff (decision 0222), recorded from the positions while on the way. */
  private readonly dropoff = new DropoffArrivalEvidence(this.env.DB);
  private readonly clock = new RoomAlarm(this.ctx.storage);
  private readonly flushTimer = new FlushTimer(this.store);
  private readonly inbox = new Inbox();
  private readonly updates = new LocationUpdates(
    this.store,
    this.connections,
    this.arrival,
    this.clock,
    this.flushTimer,
    this.dropoff,
  );

  // ---- the runtime's entry points -----------------------------------------------------------------

  /** A connection asks to join (the upgrade the Worker forwarded, with who the caller is in its headers). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
    }
    const joining = attachmentFrom(request.headers);
    if (!joining) return Response.json({ message: "Unauthorized" }, { status: 401 });
    const delivery = await this.ensureDelivery(joining.deliveryId);
    if (!delivery) return Response.json({ message: "Not Found" }, { status: 404 });
    // Refused before the upgrade, so the page can tell why (a browser never sees a 4xx after a 101).
    if (this.isFullFor(joining.userId)) return Response.json({ message: TOO_MANY_SOCKETS }, { status: 429 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    await this.onConnect(server, joining, delivery);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(connection: WebSocket, raw: string | ArrayBuffer): void | Promise<void> {
    return this.inbox.take(() => this.onMessage(connection, raw));
  }

  webSocketClose(connection: WebSocket, code: number, reason: string): Promise<void> {
    return this.onClose(connection, code, reason);
  }

  webSocketError(connection: WebSocket, error: unknown): Promise<void> {
    return this.onError(connection, error);
  }

  alarm(): Promise<void> {
    return this.onAlarm();
  }

  /** The connections the runtime holds for the room (closing ones included), or those of a tag (`user:{id}`). */
  getConnections(tag?: string): Iterable<WebSocket> {
    return this.ctx.getWebSockets(tag);
  }

  // ---- a connection joins, speaks, leaves -----------------------------------------------------------

  private async onConnect(connection: WebSocket, joining: Attachment, delivery: LiveDelivery): Promise<void> {
    const now = Date.now();
    // A session's connection has its session re-read once, soon (what raced the upgrade); a link's has none.
    const isLink = joining.sessionHash === RECIPIENT_SESSION;
    this.connections.accept(connection, isLink ? joining : { ...joining, awaitingReview: now });
    // Arm the alarm now, at connect time (that review, this session's expiry).
    await this.clock.schedule(delivery, this.connections, now);
  }

  /** Handles one message; answers a promise only when it had to wait (see `Inbox`). */
  private onMessage(connection: WebSocket, raw: string | ArrayBuffer): void | Promise<void> {
    const intake = readMessage(this.connections, connection, raw, Date.now());
    if ("close" in intake) return void this.close(connection, intake.close);
    if ("error" in intake) return this.sendError(connection, intake.error);
    const { attachment, message } = intake;
    try {
      // A connection whose session ended, or whose user may no longer see the delivery, can send nothing.
      if (this.close(connection, access.expiry(attachment, Date.now()))) return;
      const known = this.store.known();
      const handling = known
        ? this.onAdmitted(connection, attachment, message, known)
        : this.ensureDelivery(attachment.deliveryId).then((delivery) =>
            this.onAdmitted(connection, attachment, message, delivery),
          );
      return handling?.catch((error) => this.messageFailed(connection, error));
    } catch (error) {
      this.messageFailed(connection, error);
    }
  }

  private messageFailed(connection: WebSocket, error: unknown): void {
    console.error("delivery room: message failed", error);
    this.sendError(connection, TRACKING_ERRORS.unavailable);
  }

  /** A message from a connection of this delivery, once the live delivery is known. */
  private onAdmitted(
    connection: WebSocket,
    attachment: Attachment,
    message: ClientMessage,
    delivery: LiveDelivery | null,
  ): void | Promise<void> {
    if (!delivery || this.close(connection, access.visibility(attachment, delivery))) return;
    switch (message.type) {
      case "subscribe": {
        if (message.userId !== undefined && message.userId !== attachment.userId) {
          return this.sendError(connection, TRACKING_ERRORS.wrongUser);
        }
        this.connections.update(connection, { subscribed: true });
        this.send(connection, { type: "subscribed", deliveryId: delivery.deliveryId, status: delivery.status });
        if (delivery.position) this.send(connection, locationMessage(delivery.deliveryId, delivery.position));
        return;
      }
      case "unsubscribe":
        this.connections.update(connection, { subscribed: false });
        this.send(connection, { type: "unsubscribed", deliveryId: attachment.deliveryId });
        return;
      case "location_update": {
        if (message.riderId !== undefined && message.riderId !== attachment.userId) {
          return this.sendError(connection, TRACKING_ERRORS.notAssignedRider);
        }
        const actor = { userId: attachment.userId, role: attachment.role };
        const result = this.updates.publish(delivery, actor, message, Date.now(), connection);
        if (result instanceof Promise) return result.then((settled) => this.answerRefused(connection, settled));
        return this.answerRefused(connection, result);
      }
    }
  }

  private async onClose(connection: WebSocket, code: number, reason: string): Promise<void> {
    await this.onLeave(connection);
    try {
      connection.close(code === 1005 || code === 1006 ? 1000 : code, reason || "Closing");
    } catch {
      // already closed
    }
  }

  private async onError(connection: WebSocket, error: unknown): Promise<void> {
    await this.onLeave(connection);
    console.error("delivery room: socket error", error);
  }

  /** A connection left (closed by its peer or the room, or failed): its last position is stored, for the alarm. */
  private async onLeave(connection: WebSocket): Promise<void> {
    const stored = await this.store.keepPositionOf(this.connections.release(connection));
    if (!stored) return;
    await this.clock
      .schedule(stored, this.connections, Date.now())
      .catch((error) => console.error("delivery room: arming the alarm failed", error));
  }

  // ---- the alarm ----------------------------------------------------------------------------------

  /**
   * Closes the connections whose session expired, reviews the connections that joined (what raced
   * their upgrade), writes an unsaved position, cleans up after the end, re-arms.
   */
  private async onAlarm(): Promise<void> {
    const now = Date.now();
    this.clock.fired();
    const delivery = await this.store.load();
    if (!delivery) return;
    if (delivery.endedAt !== null && delivery.endedAt + CLEANUP_AFTER_END_MS <= now) {
      await this.store.flush(delivery).catch((error) => console.error("delivery room: final flush failed", error));
      this.connections.closeAll(1000, "Delivery ended");
      this.flushTimer.cancel();
      this.clock.cleared();
      await this.store.clear();
      return;
    }
    for (const [connection, attachment] of this.connections.entries()) {
      this.close(connection, access.expiry(attachment, now));
    }
    try {
      for (const [connection, decision] of await reviewJoined(this.connections, this.store.db(), delivery, now)) {
        if (this.connections.attachmentOf(connection)) this.carryOut(connection, decision);
      }
    } catch (error) {
      console.error("delivery room: session check failed; retrying at the next alarm", error);
    }
    if (isFlushDue(this.clock.inputs(delivery, this.connections), now)) {
      try {
        await this.store.flush(delivery);
      } catch (error) {
        console.error("delivery room: position flush failed; retrying later", error);
      }
    }
    await this.clock.schedule(delivery, this.connections, now, true);
  }

  // ---- RPC from the Worker ------------------------------------------------------------------------

  /** The HTTP fallback (`POST /api/deliveries/{id}/location`): same rules, same limit, same broadcast. */
  async publishLocation(deliveryId: string, actor: Actor, coordinates: Coordinates): Promise<PublishResult> {
    const now = Date.now();
    const delivery = this.store.known() ?? (await this.ensureDelivery(deliveryId));
    if (!delivery) return { ok: false, reason: "notFound", message: "Not Found" };
    return this.updates.publish(delivery, actor, coordinates, now);
  }

  /**
   * The Worker changed the delivery's status or rider (accept, release, reassignment, pickup,
   * delivery, cancellation): the room first closes (4403) every connection whose user may no longer
   * see the delivery (`canSeeDelivery`), then pushes `status_update` to the rest, writes the last
   * position to D1, and schedules its cleanup once the delivery has ended.
   */
  async statusChanged(change: StatusChange): Promise<void> {
    const delivery = await this.ensureDelivery(change.deliveryId);
    if (!delivery) return;
    this.store.changeStatus(delivery, change.status, change.riderId, change.at);
    this.arrival.forget();
    this.dropoff.forget();
    this.updates.closeHidden(delivery, false);
    this.broadcast({
      type: "status_update",
      deliveryId: delivery.deliveryId,
      status: change.status,
      timestamp: isoTimestamp(change.at),
    });
    await this.store.save(delivery);
    try {
      await this.store.flush(delivery);
    } catch (error) {
      console.error("delivery room: position flush on status change failed; the alarm retries", error);
    }
    await this.clock.schedule(delivery, this.connections, Date.now(), true);
  }

  /** A session ended (logout, `closeSocketsOfEndedSession`, the cron): its connections here close at once (4401). */
  sessionEnded(userId: string, sessionHash: string): void {
    for (const [connection, attachment] of this.connections.ofUser(userId)) {
      this.close(connection, access.sessionEnded(attachment, sessionHash));
    }
  }

  /**
   * Who a user is changed (`tellRoomsUserChanged`, the cron: a deactivation, a role change, a
   * suspension): their connections here are closed at once when signed out (4401) or no longer
   * allowed to see the delivery (4403); the others keep the new role and suspension.
   */
  async userChanged(change: UserChange): Promise<void> {
    for (const [connection, attachment] of this.connections.ofUser(change.userId)) {
      const decision = access.userChange(attachment, change);
      if (!decision) continue;
      if (this.carryOut(connection, decision)) continue;
      const delivery = await this.ensureDelivery(attachment.deliveryId);
      if (delivery) this.close(connection, access.visibility(attachment, delivery));
    }
  }

  /** Whether `userId` already holds MAX_SOCKETS_PER_USER connections here (the next one gets 429). */
  isFullFor(userId: string): boolean {
    return this.connections.countOf(userId) >= MAX_SOCKETS_PER_USER;
  }

  // ---- carrying out -------------------------------------------------------------------------------

  /** The live delivery, read from D1 the first time (the alarm is armed then). */
  private async ensureDelivery(deliveryId: string): Promise<LiveDelivery | null> {
    return (
      this.store.known() ??
      this.store.ensure(deliveryId, (delivery) => this.clock.schedule(delivery, this.connections, Date.now()))
    );
  }

  /** Carries out a decision of `access`; true when the connection was closed. */
  private carryOut(connection: WebSocket, decision: access.Decision): boolean {
    if (decision.update) this.connections.update(connection, decision.update);
    return this.close(connection, decision.close ?? null);
  }

  /** Closes the connection as `access` decided (nothing when it decided null); true when it did. */
  private close(connection: WebSocket, closing: access.Closing | null): boolean {
    if (!closing) return false;
    this.connections.close(connection, closing.code, closing.reason);
    return true;
  }

  /** Sends `message` to every subscribed connection (who may receive it is decided before). */
  private broadcast(message: ServerMessage): void {
    this.connections.broadcast(JSON.stringify(message));
  }

  private send(connection: WebSocket, message: ServerMessage): void {
    this.connections.send(connection, JSON.stringify(message));
  }

  private answerRefused(connection: WebSocket, result: PublishResult): void {
    if (!result.ok) this.sendError(connection, result.message);
  }

  private sendError(connection: WebSocket, message: string): void {
    this.send(connection, { type: "error", message });
  }
}
