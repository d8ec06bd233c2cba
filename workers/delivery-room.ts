import { DurableObject } from "cloudflare:workers";
import {
  isoTimestamp,
  MAX_SOCKETS_PER_USER,
  TOO_MANY_SOCKETS,
  TRACKING_ERRORS,
  type ClientMessage,
  type Coordinates,
  type ServerMessage,
  type StatusMessage,
} from "~/tracking/channel-messages";
import { RECIPIENT_SESSION, type PublishResult, type StatusChange, type UserChange } from "~/tracking/room-protocol";
import { CLEANUP_AFTER_END_MS, decideLocationUpdate, isFlushDue, type Actor, type LocationDecision } from "~/tracking/room-rules";
import * as access from "./room/access";
import { RoomAlarm } from "./room/alarm";
import { FlushTimer } from "./room/flush-timer";
import { locationMessage, RoomStorage, type Position, type RoomState } from "./room/positions";
import { Inbox } from "./room/inbox";
import { readMessage } from "./room/intake";
import { reviewJoined } from "./room/review";
import { attachmentFrom, Sockets, type Attachment } from "./room/sockets";

/** A refused rider re-reads status and rider from D1 at most this often (in case a notification was lost). */
const RECHECK_AFTER_MS = 5_000;

const json = (message: ServerMessage) => JSON.stringify(message);

/**
 * One room per delivery (`idFromName(deliveryId)`), docs/guide/deliveries.md#live-tracking: the delivery's
 * sockets (Hibernation API), its live status and the rider's last position. The Worker admits a
 * socket only after checking the session and `canSeeDelivery`; the room then decides, message by
 * message, who may do what (decision 0030).
 *
 * This file holds the room's events (a socket joins, speaks, leaves; the alarm) and what the Worker
 * calls; its sockets (`room/sockets.ts`), how their messages are read and queued (`room/intake.ts`,
 * `room/inbox.ts`), where its state and positions live (`room/positions.ts`, `room/alarm.ts`,
 * `room/flush-timer.ts`) and who may stay (`room/access.ts`, `room/review.ts`) are apart.
 */
export class DeliveryRoom extends DurableObject<Env> {
  /** The room's sockets: rebuilt from the runtime's attachments after the object (re)starts. */
  private members: Sockets | null = null;
  /** The room's state and positions (memory, storage, D1): read again after the object (re)starts. */
  private state: RoomStorage | null = null;
  private readonly clock = new RoomAlarm(this.ctx.storage);
  private readonly flushTimer = new FlushTimer(() => this.positions());
  private readonly inbox = new Inbox();
  /** The `RoomStorage.revision` the subscribed sockets were last checked against (-1: not yet). */
  private visibleAt = -1;

  // ---- a socket joins, speaks, leaves --------------------------------------------------------

  /** A socket joins (the upgrade the Worker forwarded, with who the caller is in its headers). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
    }
    const joining = attachmentFrom(request.headers);
    if (!joining) return Response.json({ message: "Unauthorized" }, { status: 401 });
    const state = await this.ensureState(joining.deliveryId);
    if (!state) return Response.json({ message: "Not Found" }, { status: 404 });
    // Refused before the upgrade, so the page can tell why (a browser never sees a 4xx after a 101).
    if (this.isFullFor(joining.userId)) return Response.json({ message: TOO_MANY_SOCKETS }, { status: 429 });

    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    const now = Date.now();
    // A session's socket has its session re-read once, soon (what raced the upgrade); a link's has none.
    this.sockets().accept(server, joining.sessionHash === RECIPIENT_SESSION ? joining : { ...joining, awaitingReview: now });
    // Arm the alarm now, at connect time (that review, this session's expiry).
    await this.clock.schedule(state, this.sockets(), now);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): void | Promise<void> {
    return this.inbox.take(() => this.onMessage(socket, raw));
  }

  /** Handles one message; answers a promise only when it had to wait (see `Inbox`). */
  private onMessage(socket: WebSocket, raw: string | ArrayBuffer): void | Promise<void> {
    const intake = readMessage(this.sockets(), socket, raw, Date.now());
    if ("close" in intake) return void this.close(socket, intake.close);
    if ("error" in intake) return this.sendError(socket, intake.error);
    const { attachment, message } = intake;
    try {
      // A socket whose session ended, or whose user may no longer see the delivery, can send nothing.
      if (this.close(socket, access.expiry(attachment, Date.now()))) return;
      const known = this.positions().known();
      const handling = known
        ? this.onAdmitted(socket, attachment, message, known)
        : this.ensureState(attachment.deliveryId).then((state) => this.onAdmitted(socket, attachment, message, state));
      return handling?.catch((error) => this.messageFailed(socket, error));
    } catch (error) {
      this.messageFailed(socket, error);
    }
  }

  private messageFailed(socket: WebSocket, error: unknown): void {
    console.error("delivery room: message failed", error);
    this.sendError(socket, TRACKING_ERRORS.unavailable);
  }

  /** A message from a socket of this delivery, once the room's state is known. */
  private onAdmitted(socket: WebSocket, attachment: Attachment, message: ClientMessage, state: RoomState | null): void | Promise<void> {
    if (!state || this.close(socket, access.visibility(attachment, state))) return;
    switch (message.type) {
      case "subscribe": {
        if (message.userId !== undefined && message.userId !== attachment.userId) {
          return this.sendError(socket, TRACKING_ERRORS.wrongUser);
        }
        this.sockets().update(socket, { subscribed: true });
        this.send(socket, { type: "subscribed", deliveryId: state.deliveryId, status: state.status });
        if (state.position) this.send(socket, locationMessage(state.deliveryId, state.position));
        return;
      }
      case "unsubscribe":
        this.sockets().update(socket, { subscribed: false });
        this.send(socket, { type: "unsubscribed", deliveryId: attachment.deliveryId });
        return;
      case "location_update": {
        if (message.riderId !== undefined && message.riderId !== attachment.userId) {
          return this.sendError(socket, TRACKING_ERRORS.notAssignedRider);
        }
        const result = this.publish(state, { userId: attachment.userId, role: attachment.role }, message, Date.now(), socket);
        if (result instanceof Promise) return result.then((settled) => this.answerRefused(socket, settled));
        return this.answerRefused(socket, result);
      }
    }
  }

  async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    await this.onLeave(socket);
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason || "Closing");
    } catch {
      // already closed
    }
  }

  async webSocketError(socket: WebSocket, error: unknown): Promise<void> {
    await this.onLeave(socket);
    console.error("delivery room: socket error", error);
  }

  /** A socket left (closed by its peer or the room, or failed): its last position is stored, for the alarm to write. */
  private async onLeave(socket: WebSocket): Promise<void> {
    const stored = await this.positions().keepPositionOf(this.sockets().release(socket));
    if (stored) await this.clock.schedule(stored, this.sockets(), Date.now()).catch((error) => console.error("delivery room: arming the alarm failed", error));
  }

  // ---- the alarm --------------------------------------------------------------------------------

  async alarm(): Promise<void> {
    await this.onAlarm(Date.now());
  }

  /**
   * What the alarm does at `now`: closes the sockets whose session expired, reviews the sockets that
   * joined (what raced their upgrade), writes an unsaved position, cleans up after the end, re-arms.
   */
  private async onAlarm(now: number): Promise<void> {
    this.clock.fired();
    const positions = this.positions();
    const state = await positions.load();
    if (!state) return;
    if (state.endedAt !== null && state.endedAt + CLEANUP_AFTER_END_MS <= now) {
      await positions.flush(state).catch((error) => console.error("delivery room: final flush failed", error));
      this.sockets().closeAll(1000, "Delivery ended");
      this.members = null;
      this.flushTimer.cancel();
      this.clock.cleared();
      await positions.clear();
      return;
    }
    for (const [socket, attachment] of this.sockets().entries()) this.close(socket, access.expiry(attachment, now));
    try {
      for (const [socket, decision] of await reviewJoined(this.sockets(), this.positions().db(), state, now)) {
        if (this.sockets().attachmentOf(socket)) this.carryOut(socket, decision);
      }
    } catch (error) {
      console.error("delivery room: session check failed; retrying at the next alarm", error);
    }
    if (isFlushDue(this.clock.inputs(state, this.sockets()), now)) {
      try {
        await positions.flush(state);
      } catch (error) {
        console.error("delivery room: position flush failed; retrying later", error);
      }
    }
    await this.clock.schedule(state, this.sockets(), now, true);
  }

  // ---- RPC from the Worker --------------------------------------------------------------------

  /** The HTTP fallback (`POST /api/deliveries/{id}/location`): same rules, same limit, same broadcast. */
  async publishLocation(deliveryId: string, actor: Actor, coordinates: Coordinates): Promise<PublishResult> {
    return this.receiveLocationAt(deliveryId, actor, coordinates, Date.now());
  }

  /**
   * The Worker changed the delivery's status or rider (accept, release, reassignment, pickup,
   * delivery, cancellation): the room first closes (4403) every socket whose user may no longer see
   * the delivery (`canSeeDelivery`), then pushes `status_update` to the rest, writes the last
   * position to D1, and schedules its cleanup once the delivery has ended.
   */
  async statusChanged(change: StatusChange): Promise<void> {
    const positions = this.positions();
    const state = await this.ensureState(change.deliveryId);
    if (!state) return;
    positions.changeStatus(state, change.status, change.riderId, change.at);
    const message: StatusMessage = {
      type: "status_update",
      deliveryId: state.deliveryId,
      status: change.status,
      timestamp: isoTimestamp(change.at),
    };
    this.closeHidden(state, false);
    this.visibleAt = positions.revision;
    this.sockets().broadcast(json(message));
    await positions.save(state);
    try {
      await positions.flush(state);
    } catch (error) {
      console.error("delivery room: position flush on status change failed; the alarm retries", error);
    }
    await this.clock.schedule(state, this.sockets(), Date.now(), true);
  }

  /** A session ended (logout, `closeSocketsOfEndedSession`, the cron): its sockets here close at once (4401). */
  sessionEnded(userId: string, sessionHash: string): void {
    for (const [socket, attachment] of this.sockets().ofUser(userId)) this.close(socket, access.sessionEnded(attachment, sessionHash));
  }

  /**
   * Who a user is changed (`tellRoomsUserChanged`, the cron: a deactivation, a role change, a
   * suspension): their sockets here are closed at once when signed out (4401) or no longer allowed
   * to see the delivery (4403); the others keep the new role and suspension.
   */
  async userChanged(change: UserChange): Promise<void> {
    for (const [socket, attachment] of this.sockets().ofUser(change.userId)) {
      const decision = access.userChange(attachment, change);
      if (!decision) continue;
      if (this.carryOut(socket, decision)) continue;
      const state = await this.ensureState(attachment.deliveryId);
      if (state) this.close(socket, access.visibility(attachment, state));
    }
  }

  /** Whether `userId` already holds MAX_SOCKETS_PER_USER sockets here (the next one gets 429). */
  isFullFor(userId: string): boolean {
    return this.sockets().countOf(userId) >= MAX_SOCKETS_PER_USER;
  }

  // ---- the room's rules -------------------------------------------------------------------------

  /** Decides on one position update at `now`; an accepted one goes to every subscriber, server-stamped. */
  private async receiveLocationAt(deliveryId: string, actor: Actor, coordinates: Coordinates, now: number, socket?: WebSocket): Promise<PublishResult> {
    const state = this.positions().known() ?? (await this.ensureState(deliveryId));
    if (!state) return { ok: false, reason: "notFound", message: "Not Found" };
    return this.publish(state, actor, coordinates, now, socket);
  }

  /** `receiveLocationAt` once the state is known; a promise only when something is to be awaited. */
  private publish(state: RoomState, actor: Actor, coordinates: Coordinates, now: number, socket?: WebSocket): PublishResult | Promise<PublishResult> {
    const decision = decideLocationUpdate(actor, state, state.bucket ?? null, now);
    if (!decision.ok && decision.reason !== "tooFrequent" && actor.role === "rider" && now - state.checkedAt > RECHECK_AFTER_MS) {
      // A status notification may have been lost: D1 is the source of truth.
      return this.positions()
        .reload(state)
        .then((reloaded) => this.applyDecided(reloaded, decideLocationUpdate(actor, reloaded, reloaded.bucket ?? null, now), actor, coordinates, now, socket));
    }
    return this.applyDecided(state, decision, actor, coordinates, now, socket);
  }

  private applyDecided(state: RoomState, decision: LocationDecision, actor: Actor, coordinates: Coordinates, now: number, socket?: WebSocket): PublishResult | Promise<PublishResult> {
    if (!decision.ok) return decision;
    const positions = this.positions();
    const position: Position = { latitude: coordinates.latitude, longitude: coordinates.longitude, riderId: actor.userId, at: now };
    const accepted = { ok: true, message: locationMessage(state.deliveryId, position) } as const;
    const wasSaved = positions.accept(state, position);
    // Who may see the delivery changes only with what the room learns of it (a status, a rider, a
    // re-read), each of which bumps the revision: the subscribers are checked again only then.
    if (positions.revision !== this.visibleAt) {
      this.closeHidden(state, true);
      this.visibleAt = positions.revision;
    }
    this.sockets().broadcast(json(accepted.message));
    const kept = positions.keepAccepted(state, position, socket);
    // D1 gets it at the room's next flush slot: kept in memory (a socket's), by the timer; kept in
    // storage (the HTTP fallback's), by the alarm.
    if (!kept && socket && state.status !== "assigned") {
      this.flushTimer.arm(state, now);
      return accepted;
    }
    return (async () => {
      if (kept) await kept;
      if (state.status === "assigned") await positions.noteArrival(state.deliveryId, position);
      if (socket) this.flushTimer.arm(state, now);
      else if (wasSaved) await this.clock.schedule(state, this.sockets(), now);
      return accepted;
    })();
  }

  // ---- carrying out ---------------------------------------------------------------------------------

  private sockets(): Sockets {
    return (this.members ??= new Sockets(this.ctx));
  }

  private positions(): RoomStorage {
    return (this.state ??= new RoomStorage(this.ctx, this.env, () => this.sockets()));
  }

  /** The room's state, read from D1 the first time (the alarm is armed then). */
  private async ensureState(deliveryId: string): Promise<RoomState | null> {
    const positions = this.positions();
    return positions.known() ?? positions.ensure(deliveryId, (state) => this.clock.schedule(state, this.sockets(), Date.now()));
  }

  /** Closes (4403) the sockets, or only the subscribed ones, whose user may not see the delivery now. */
  private closeHidden(state: RoomState, subscribedOnly: boolean): void {
    for (const [socket, attachment] of this.sockets().each()) {
      if (!subscribedOnly || attachment.subscribed) this.close(socket, access.visibility(attachment, state));
    }
  }

  /** Carries out a decision of `access`; true when the socket was closed. */
  private carryOut(socket: WebSocket, decision: access.Decision): boolean {
    if (decision.update) this.sockets().update(socket, decision.update);
    return this.close(socket, decision.close ?? null);
  }

  /** Closes the socket as `access` decided (nothing when it decided null); true when it did. */
  private close(socket: WebSocket, closing: access.Closing | null): boolean {
    if (!closing) return false;
    this.sockets().close(socket, closing.code, closing.reason);
    return true;
  }

  private send(socket: WebSocket, message: ServerMessage): void {
    this.sockets().send(socket, json(message));
  }

  private answerRefused(socket: WebSocket, result: PublishResult): void {
    if (!result.ok) this.sendError(socket, result.message);
  }

  private sendError(socket: WebSocket, message: string): void {
    this.send(socket, { type: "error", message });
  }
}
