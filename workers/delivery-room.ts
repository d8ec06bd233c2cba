import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { liveSessionUsers, type SessionUser } from "~/auth/session.server";
import { getDb, type Db } from "~/db/client.server";
import { deliveries, ROLES, users, type DeliveryStatus, type Role } from "~/db/schema";
import { canSeeDelivery } from "~/deliveries/visibility";
import { recordPickupArrival, type ArrivalMemo } from "~/deliveries/pickup-arrival.server";
import {
  hasEnded,
  isOversized,
  MAX_SOCKETS_PER_USER,
  parseClientMessage,
  ROOM_CLOSE,
  ROOM_CLOSE_REASONS,
  TOO_MANY_SOCKETS,
  TRACKING_ERRORS,
  type Coordinates,
  type LocationMessage,
  type ServerMessage,
  type StatusMessage,
} from "~/tracking/channel-messages";
import { RECIPIENT_SESSION, ROOM_HEADERS, type PublishResult, type StatusChange, type UserChange } from "~/tracking/room-protocol";
import {
  CLEANUP_AFTER_END_MS,
  decideLocationUpdate,
  FloodGuard,
  flushPhaseOf,
  hiddenReason,
  isFlushDue,
  isReviewDue,
  nextAlarmAt,
  type AlarmInputs,
  spendToken,
  type Actor,
  type UpdateBucket,
} from "~/tracking/rules";

/** Who a socket is; kept with the socket (survives hibernation). */
interface Attachment {
  userId: string;
  /** The user's role as last read from D1 (at the upgrade, then by every session check). */
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
   * The last position this socket published, with its acceptance time. Writing every position to
   * storage would cost a disk commit per update (and hold the broadcast behind it); the attachment
   * survives hibernation in memory, and the room writes its storage when the socket closes.
   */
  position?: Position;
}

interface Position {
  latitude: number;
  longitude: number;
  riderId: string;
  /** UTC ms, stamped by the room. */
  at: number;
}

/** Everything the room knows, in memory and in its storage under one key. */
interface RoomState {
  deliveryId: string;
  /** Never changes; part of who may see the delivery. (Absent in states stored before it was kept.) */
  customerId?: string;
  status: DeliveryStatus;
  riderId: string | null;
  /** When status and rider were last read from D1 or told by the Worker. */
  checkedAt: number;
  /** When the delivery was delivered or cancelled; cleanup runs CLEANUP_AFTER_END_MS later. */
  endedAt: number | null;
  position: Position | null;
  /** The delivery's bucket of location updates (3 at once, then 1 per second; refusals take none). */
  bucket?: UpdateBucket | null;
  /** Since when the latest position is not yet in D1 (null: D1 is up to date). */
  unsavedSince: number | null;
}

const STATE_KEY = "state";
/** A refused rider re-reads status and rider from D1 at most this often (in case a notification was lost). */
const RECHECK_AFTER_MS = 5_000;
const CLOSE_POLICY = 1008;

const json = (message: ServerMessage) => JSON.stringify(message);

/**
 * One room per delivery (`idFromName(deliveryId)`), PRODUCT.md "Live tracking": the delivery's
 * sockets (Hibernation API), its live status and the rider's last position. The Worker admits a
 * socket only after checking the session and `canSeeDelivery`; the room then decides, message by
 * message, who may do what.
 */
export class DeliveryRoom extends DurableObject<Env> {
  private state: RoomState | null = null;
  /** The pickup-arrival evidence seen so far (in memory; re-read from D1 after an eviction). */
  private arrival: ArrivalMemo | undefined;
  /** The alarm as last set or read (undefined: not known since the object started). */
  private alarmAt: number | null | undefined = undefined;
  /** Per-socket flood guards; in memory only (a flooding socket keeps the room awake). */
  private readonly floods = new Map<WebSocket, FloodGuard>();
  /**
   * Every open socket's attachment, read once: built from the attachments when the object starts
   * (after hibernation or a restart), then kept in step with them. A broadcast reads this map
   * instead of deserializing every recipient's attachment (decision 0030, issue 21).
   */
  private members: Map<WebSocket, Attachment> | null = null;
  private database: Db | null = null;
  private flushPhase: number | undefined;
  /**
   * When the room last re-read its sockets' sessions from D1 (in memory: an object that just started,
   * after hibernation or a restart, reviews at its first alarm).
   */
  private reviewedAt = Number.NEGATIVE_INFINITY;

  // ---- entry points -------------------------------------------------------------------------

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
    }
    const userId = request.headers.get(ROOM_HEADERS.userId);
    const role = request.headers.get(ROOM_HEADERS.role) as Role | null;
    const deliveryId = request.headers.get(ROOM_HEADERS.deliveryId);
    const sessionHash = request.headers.get(ROOM_HEADERS.sessionHash);
    const expiresHeader = request.headers.get(ROOM_HEADERS.sessionExpiresAt);
    const sessionExpiresAt = expiresHeader && Number.isFinite(Number(expiresHeader)) ? Number(expiresHeader) : null;
    if (!userId || !deliveryId || !sessionHash || !role || !ROLES.includes(role)) {
      return Response.json({ message: "Unauthorized" }, { status: 401 });
    }
    const state = await this.ensureState(deliveryId);
    if (!state) return Response.json({ message: "Not Found" }, { status: 404 });
    // Refused before the upgrade, so the page can tell why (a browser never sees a 4xx after a 101).
    if (this.isFullFor(userId)) {
      return Response.json({ message: TOO_MANY_SOCKETS }, { status: 429 });
    }

    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [`role:${role}`, userTag(userId)]);
    const attachment: Attachment = { userId, role, sessionHash, sessionExpiresAt, deliveryId, subscribed: false };
    server.serializeAttachment(attachment);
    this.roster().set(server, attachment);
    // Arm the repeating alarm now, at connect time (the review, this session's expiry).
    await this.scheduleAlarm(state, Date.now());
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Messages are handled one at a time, in arrival order: one may wait for the room's state (read
   * from storage or D1 after a restart), during which the object could otherwise start on the next
   * one (positions must not overtake).
   */
  private inbox: Promise<void> = Promise.resolve();

  async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const turn = this.inbox.then(() => this.handleMessage(socket, raw));
    this.inbox = turn.catch(() => undefined);
    return turn;
  }

  private async handleMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    let attachment = this.attachmentOf(socket);
    if (!attachment) return this.close(socket, 1011, "Unknown connection");
    if (isOversized(raw)) return this.close(socket, CLOSE_POLICY, TRACKING_ERRORS.tooLarge);
    let guard = this.floods.get(socket);
    if (!guard) this.floods.set(socket, (guard = new FloodGuard()));
    if (guard.hit(Date.now())) return this.close(socket, CLOSE_POLICY, TRACKING_ERRORS.flooding);

    if (typeof raw !== "string") return this.sendError(socket, TRACKING_ERRORS.unsupported);
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) return this.sendError(socket, parsed.error);
    const message = parsed.message;
    if (message.deliveryId !== attachment.deliveryId) return this.sendError(socket, TRACKING_ERRORS.wrongDelivery);

    try {
      // A socket whose session ended, or whose user may no longer see the delivery, can send nothing.
      const admitted = await this.admit(socket, attachment);
      if (!admitted) return;
      attachment = admitted;
      switch (message.type) {
        case "subscribe": {
          if (message.userId !== undefined && message.userId !== attachment.userId) {
            return this.sendError(socket, TRACKING_ERRORS.wrongUser);
          }
          const state = await this.ensureState(attachment.deliveryId);
          if (!state) return this.sendError(socket, TRACKING_ERRORS.unavailable);
          this.updateAttachment(socket, { subscribed: true });
          this.send(socket, { type: "subscribed", deliveryId: state.deliveryId, status: state.status });
          if (state.position) this.send(socket, locationMessage(state.deliveryId, state.position));
          return;
        }
        case "unsubscribe":
          this.updateAttachment(socket, { subscribed: false });
          this.send(socket, { type: "unsubscribed", deliveryId: attachment.deliveryId });
          return;
        case "location_update": {
          if (message.riderId !== undefined && message.riderId !== attachment.userId) {
            return this.sendError(socket, TRACKING_ERRORS.notAssignedRider);
          }
          const actor = { userId: attachment.userId, role: attachment.role };
          const result = await this.receiveLocation(attachment.deliveryId, actor, message, Date.now(), socket);
          if (!result.ok) this.sendError(socket, result.message);
          return;
        }
      }
    } catch (error) {
      console.error("delivery room: message failed", error);
      this.sendError(socket, TRACKING_ERRORS.unavailable);
    }
  }

  async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    this.floods.delete(socket);
    await this.keepPositionOf(socket);
    this.members?.delete(socket);
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason || "Closing");
    } catch {
      // already closed
    }
  }

  async webSocketError(socket: WebSocket, error: unknown): Promise<void> {
    this.floods.delete(socket);
    await this.keepPositionOf(socket);
    this.members?.delete(socket);
    console.error("delivery room: socket error", error);
  }

  async alarm(): Promise<void> {
    await this.housekeeping(Date.now());
  }

  /**
   * What the alarm does at `now` (tests pass an explicit time): closes the sockets whose session
   * expired, re-checks the sessions and users of the open sockets against D1 once that is due (a
   * backstop: changes made through the app are told to the room at once), writes an unsaved
   * position, cleans up after the end, re-arms.
   */
  async housekeeping(now: number): Promise<void> {
    this.alarmAt = null; // a fired alarm is gone
    const state = await this.loadStoredState();
    if (!state) return;
    if (state.endedAt !== null && state.endedAt + CLEANUP_AFTER_END_MS <= now) {
      await this.flushPosition(state).catch((error) => console.error("delivery room: final flush failed", error));
      for (const socket of this.ctx.getWebSockets()) this.close(socket, 1000, "Delivery ended");
      this.floods.clear();
      this.members = null;
      this.state = null;
      this.alarmAt = null;
      await this.ctx.storage.deleteAlarm();
      await this.ctx.storage.deleteAll();
      return;
    }
    for (const [socket, attachment] of [...this.roster()]) this.closeIfExpired(socket, attachment, now);
    if (isReviewDue(this.reviewedAt, now)) {
      try {
        await this.reviewSockets(state, now);
        this.reviewedAt = now;
      } catch (error) {
        console.error("delivery room: session check failed; retrying at the next alarm", error);
      }
    }
    if (isFlushDue(this.alarmInputs(state), now)) {
      try {
        await this.flushPosition(state);
      } catch (error) {
        console.error("delivery room: position flush failed; retrying later", error);
      }
    }
    await this.scheduleAlarm(state, now, true);
  }

  // ---- RPC from the Worker --------------------------------------------------------------------

  /** The HTTP fallback (`POST /api/deliveries/{id}/location`): same rules, same limit, same broadcast. */
  async publishLocation(deliveryId: string, actor: Actor, coordinates: Coordinates): Promise<PublishResult> {
    return this.receiveLocation(deliveryId, actor, coordinates, Date.now());
  }

  /**
   * The Worker changed the delivery's status or rider (accept, release, reassignment, pickup,
   * delivery, cancellation): the room first closes (4403) every socket whose user may no longer see
   * the delivery (`canSeeDelivery`), then pushes `status_update` to the rest, writes the last
   * position to D1, and schedules its cleanup once the delivery has ended.
   */
  async statusChanged(change: StatusChange): Promise<void> {
    const state = await this.ensureState(change.deliveryId);
    if (!state) return;
    state.status = change.status;
    state.riderId = change.riderId;
    state.checkedAt = Date.now();
    this.arrival = undefined;
    state.endedAt = hasEnded(change.status) ? change.at : null;
    const message: StatusMessage = {
      type: "status_update",
      deliveryId: state.deliveryId,
      status: change.status,
      timestamp: new Date(change.at).toISOString(),
    };
    for (const [socket, attachment] of [...this.roster()]) this.closeIfHidden(socket, attachment, state);
    this.broadcast(state, json(message));
    await this.saveState(state);
    try {
      await this.flushPosition(state);
    } catch (error) {
      console.error("delivery room: position flush on status change failed; the alarm retries", error);
    }
    await this.scheduleAlarm(state, Date.now(), true);
  }

  /** A session ended (logout, `closeSocketsOfEndedSession`): its sockets here close at once (4401). */
  sessionEnded(userId: string, sessionHash: string): void {
    for (const socket of this.ctx.getWebSockets(userTag(userId))) {
      if (this.attachmentOf(socket)?.sessionHash === sessionHash) this.close(socket, ROOM_CLOSE.signedOut, ROOM_CLOSE_REASONS.signedOut);
    }
  }

  /**
   * Who a user is changed (`tellRoomsUserChanged`: a deactivation, a role change, a suspension):
   * their sockets here are closed at once when signed out (4401) or no longer allowed to see the
   * delivery (4403); the others keep the new role and suspension.
   */
  async userChanged(change: UserChange): Promise<void> {
    const sockets = this.ctx.getWebSockets(userTag(change.userId));
    if (sockets.length === 0) return;
    for (const socket of sockets) {
      const attachment = this.attachmentOf(socket);
      if (!attachment || attachment.sessionHash === RECIPIENT_SESSION) continue;
      if (change.signedOut) {
        this.close(socket, ROOM_CLOSE.signedOut, ROOM_CLOSE_REASONS.signedOut);
        continue;
      }
      const patch: Partial<Attachment> = {};
      if (change.role !== undefined) patch.role = change.role;
      if (change.riderSuspendedAt !== undefined) patch.riderSuspendedAt = change.riderSuspendedAt;
      this.updateAttachment(socket, patch);
      const state = await this.ensureState(attachment.deliveryId);
      if (state) this.closeIfHidden(socket, attachment, state);
    }
  }

  /** Whether `userId` already holds MAX_SOCKETS_PER_USER sockets here (the next one gets 429). */
  isFullFor(userId: string): boolean {
    return this.ctx.getWebSockets(userTag(userId)).length >= MAX_SOCKETS_PER_USER;
  }

  /** Sockets currently in the room (survives hibernation). */
  connectionCount(): number {
    return this.ctx.getWebSockets().length;
  }

  // ---- the room's rules -------------------------------------------------------------------------

  /**
   * Decides on one position update at time `now` (tests pass an explicit time) and, if accepted,
   * broadcasts it to every subscriber with the server's timestamp.
   */
  async receiveLocation(
    deliveryId: string,
    actor: Actor,
    coordinates: Coordinates,
    now: number,
    socket?: WebSocket,
  ): Promise<PublishResult> {
    let state = await this.ensureState(deliveryId);
    if (!state) return { ok: false, reason: "notFound", message: "Not Found" };
    let decision = decideLocationUpdate(actor, state, state.bucket ?? null, now);
    if (!decision.ok && decision.reason !== "tooFrequent" && actor.role === "rider" && now - state.checkedAt > RECHECK_AFTER_MS) {
      // A status notification may have been lost: D1 is the source of truth.
      state = await this.reloadFromD1(state);
      decision = decideLocationUpdate(actor, state, state.bucket ?? null, now);
    }
    if (!decision.ok) return decision;

    const position: Position = { latitude: coordinates.latitude, longitude: coordinates.longitude, riderId: actor.userId, at: now };
    const message = locationMessage(state.deliveryId, position);
    const wasSaved = state.unsavedSince === null;
    state.position = position;
    state.bucket = spendToken(state.bucket ?? null, now);
    state.unsavedSince ??= now;
    this.broadcast(state, json(message));
    // A socket's position is kept in its attachment (see Attachment): no storage write per update.
    if (socket) this.updateAttachment(socket, { position });
    else await this.saveState(state, { allowUnconfirmed: true });
    if (state.status === "assigned") await this.noteArrival(state.deliveryId, position);
    // The room's alarm writes it to D1 within PERSIST_INTERVAL_MS: armed (earlier, if needed) when a
    // position is left unsaved, not per update.
    if (wasSaved) await this.scheduleAlarm(state, now);
    return { ok: true, message };
  }

  /** The ₱50 fee's evidence (decision 0182): never in the way of the position itself. */
  private async noteArrival(deliveryId: string, position: Position): Promise<void> {
    try {
      this.arrival = await recordPickupArrival(this.env.DB, deliveryId, position, this.arrival);
    } catch (error) {
      this.arrival = undefined;
      console.error("delivery room: recording the arrival at the pickup failed", error);
    }
  }

  // ---- state, storage and D1 --------------------------------------------------------------------

  /** The state in memory, else from storage merged with newer positions kept in socket attachments. */
  private async loadStoredState(): Promise<RoomState | null> {
    if (this.state) return this.state;
    const stored = (await this.ctx.storage.get<RoomState>(STATE_KEY)) ?? null;
    if (this.state) return this.state; // loaded meanwhile by another event
    if (stored) for (const attachment of this.roster().values()) mergePosition(stored, attachment);
    this.state = stored;
    return stored;
  }

  /** A socket that published a position is going away: its attachment will too, so store it. */
  private async keepPositionOf(socket: WebSocket): Promise<void> {
    try {
      // A socket the room closed itself has left the roster already.
      const attachment = this.attachmentOf(socket) ?? (socket.deserializeAttachment() as Attachment | null);
      if (!attachment?.position) return;
      const state = await this.loadStoredState();
      if (!state) return;
      mergePosition(state, attachment);
      await this.saveState(state);
    } catch (error) {
      console.error("delivery room: keeping the last position failed", error);
    }
  }

  /** The room's state: memory, else storage, else read from D1 (null when there is no such delivery). */
  private async ensureState(deliveryId: string): Promise<RoomState | null> {
    const known = await this.loadStoredState();
    if (known?.customerId) return known;
    if (known) return this.reloadFromD1(known);
    // No other event runs while the delivery is read, so a status change cannot be overwritten.
    // (A throw inside blockConcurrencyWhile would reset the object and drop every socket, hence the
    // error is carried out as a value.)
    const outcome = await this.ctx.blockConcurrencyWhile(async () => {
      try {
        return { state: await this.loadFromD1(deliveryId) };
      } catch (error) {
        return { error };
      }
    });
    if ("error" in outcome) throw outcome.error;
    return outcome.state;
  }

  private async loadFromD1(deliveryId: string): Promise<RoomState | null> {
    if (this.state) return this.state;
    const row = await this.readDelivery(deliveryId);
    if (!row) return null;
    const now = Date.now();
    const ended = hasEnded(row.status);
    const state: RoomState = {
      deliveryId,
      customerId: row.customerId,
      status: row.status,
      riderId: row.riderId,
      checkedAt: now,
      // Reopened after the delivery ended: cleanup counts from now, not from the end.
      endedAt: ended ? now : null,
      position:
        row.riderLatitude !== null && row.riderLongitude !== null && row.riderId !== null
          ? { latitude: row.riderLatitude, longitude: row.riderLongitude, riderId: row.riderId, at: row.riderLocatedAt?.getTime() ?? now }
          : null,
      bucket: null,
      unsavedSince: null,
    };
    await this.saveState(state);
    await this.scheduleAlarm(state, now);
    return state;
  }

  /** Re-reads status and rider from D1; on failure keeps what the room knew. */
  private async reloadFromD1(state: RoomState): Promise<RoomState> {
    return this.ctx.blockConcurrencyWhile(async () => {
      try {
        const row = await this.readDelivery(state.deliveryId);
        if (!row) return state;
        state.customerId = row.customerId;
        state.status = row.status;
        state.riderId = row.riderId;
        state.checkedAt = Date.now();
        await this.saveState(state);
      } catch (error) {
        console.error("delivery room: re-reading the delivery failed", error);
      }
      return state;
    });
  }

  private async readDelivery(deliveryId: string) {
    const [row] = await this.db()
      .select({
        customerId: deliveries.customerId,
        status: deliveries.status,
        riderId: deliveries.riderId,
        riderLatitude: deliveries.riderLatitude,
        riderLongitude: deliveries.riderLongitude,
        riderLocatedAt: deliveries.riderLocatedAt,
      })
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId))
      .limit(1);
    return row ?? null;
  }

  private async saveState(state: RoomState, options?: DurableObjectPutOptions): Promise<void> {
    this.state = state;
    await this.ctx.storage.put(STATE_KEY, state, options);
  }

  /** Writes the last position to the delivery and to the rider's row, if D1 does not have it yet. */
  private async flushPosition(state: RoomState): Promise<void> {
    const position = state.position;
    if (!position || state.unsavedSince === null) return;
    const db = this.db();
    const at = new Date(position.at);
    await db.batch([
      db
        .update(deliveries)
        .set({ riderLatitude: position.latitude, riderLongitude: position.longitude, riderLocatedAt: at })
        .where(eq(deliveries.id, state.deliveryId)),
      db
        .update(users)
        .set({ lastLatitude: position.latitude, lastLongitude: position.longitude, lastLocatedAt: at })
        .where(eq(users.id, position.riderId)),
    ]);
    // A newer position may have arrived while writing; it stays unsaved. The room's storage gets
    // the written position too, so a room restarted after losing its sockets answers it.
    if (state.position === position) state.unsavedSince = null;
    await this.saveState(state, { allowUnconfirmed: true });
  }

  /**
   * Arms the room's single alarm (see `nextAlarmAt`). `replace`: set it to the new time (after a
   * status change, or from the alarm itself); otherwise keep an alarm that already fires in time,
   * so the hot path does not write an alarm per update.
   */
  private async scheduleAlarm(state: RoomState, now: number, replace = false): Promise<void> {
    const due = nextAlarmAt(this.alarmInputs(state), now);
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (!replace && this.alarmAt !== null && (due === null || this.alarmAt <= due)) return;
    if (due === null) {
      if (this.alarmAt !== null) await this.ctx.storage.deleteAlarm();
      this.alarmAt = null;
      return;
    }
    const at = Math.max(due, now);
    if (this.alarmAt !== at) {
      // Unconfirmed: messages sent before it need not wait for this write.
      await this.ctx.storage.setAlarm(at, { allowUnconfirmed: true });
      this.alarmAt = at;
    }
  }

  private alarmInputs(state: RoomState): AlarmInputs {
    let sessionExpiresAt: number | null = null;
    for (const { sessionExpiresAt: at } of this.roster().values()) {
      if (typeof at === "number" && (sessionExpiresAt === null || at < sessionExpiresAt)) sessionExpiresAt = at;
    }
    return {
      endedAt: state.endedAt,
      unsavedSince: state.unsavedSince,
      live: this.roster().size > 0,
      sessionExpiresAt,
      flushPhaseMs: (this.flushPhase ??= flushPhaseOf(state.deliveryId)),
    };
  }

  // ---- who may stay ---------------------------------------------------------------------------------

  /**
   * Re-checks the session and user of every open socket in one D1 query (the app's own rule of a
   * live session, `liveSessionUsers`) and closes those whose session ended (4401) or whose user,
   * as D1 has them now (a role change, a suspension), may no longer see the delivery (4403).
   */
  private async reviewSockets(state: RoomState, now: number): Promise<void> {
    const members = this.roster();
    if (members.size === 0) return;
    const hashes = new Set<string>();
    for (const { sessionHash } of members.values()) if (sessionHash !== RECIPIENT_SESSION) hashes.add(sessionHash);
    const live = await liveSessionUsers(this.db(), [...hashes], new Date(now));
    for (const [socket, attachment] of [...this.roster()]) this.keepOrClose(socket, attachment, live.get(attachment.sessionHash), state);
  }

  /**
   * The socket's attachment, or null when the socket was closed because its session expired or its
   * user may no longer see the delivery (as the room last knew them). No D1 read per message: a
   * logout or a change of the user is told to the room at once (`sessionEnded`, `userChanged`), and
   * the periodic review catches what went around the app (decision 0030, issue 21).
   */
  private async admit(socket: WebSocket, attachment: Attachment): Promise<Attachment | null> {
    if (this.closeIfExpired(socket, attachment, Date.now())) return null;
    const state = await this.ensureState(attachment.deliveryId);
    if (!state) return null;
    if (this.closeIfHidden(socket, attachment, state)) return null;
    return attachment;
  }

  private keepOrClose(socket: WebSocket, attachment: Attachment, user: SessionUser | undefined, state: RoomState): boolean {
    if (attachment.sessionHash === RECIPIENT_SESSION) return true;
    if (!user || user.id !== attachment.userId) {
      this.close(socket, ROOM_CLOSE.signedOut, ROOM_CLOSE_REASONS.signedOut);
      return false;
    }
    const riderSuspendedAt = user.riderSuspendedAt?.getTime() ?? null;
    if (user.role !== attachment.role || riderSuspendedAt !== (attachment.riderSuspendedAt ?? null)) {
      this.updateAttachment(socket, { role: user.role, riderSuspendedAt });
    }
    return !this.closeIfHidden(socket, attachment, state, user);
  }

  /** Closes the socket (4401) once its session has expired (known from the upgrade, no D1 read). */
  private closeIfExpired(socket: WebSocket, attachment: Attachment, now: number): boolean {
    if (typeof attachment.sessionExpiresAt !== "number" || attachment.sessionExpiresAt > now) return false;
    this.close(socket, ROOM_CLOSE.signedOut, ROOM_CLOSE_REASONS.signedOut);
    return true;
  }

  /** Closes the socket (4403, with the reason the page shows) when `user` may not see the delivery. */
  private closeIfHidden(socket: WebSocket, attachment: Attachment, state: RoomState, fresh?: SessionUser): boolean {
    // A recipient's link socket stays while the room lives (the link itself expires a day after the end).
    if (attachment.sessionHash === RECIPIENT_SESSION) return false;
    // The user as last told (`userChanged`) or read by the periodic review.
    const user = fresh ?? { id: attachment.userId, role: attachment.role, riderSuspendedAt: suspendedAt(attachment) };
    // The payment rule is left to the gate in front of /ws: a rider is admitted only once the booking
    // is paid, and a payment never goes back to unpaid, so it cannot take a socket's right away.
    const delivery = { customerId: state.customerId ?? "", riderId: state.riderId, status: state.status, paymentStatus: "not_required" as const };
    if (!state.customerId || canSeeDelivery(user, delivery)) return false;
    this.close(socket, ROOM_CLOSE.hidden, hiddenReason({ userId: user.id, role: user.role }, state));
    return true;
  }

  // ---- sockets ------------------------------------------------------------------------------------

  /** The open sockets and their attachments (see `members`). */
  private roster(): Map<WebSocket, Attachment> {
    if (!this.members) {
      const members = new Map<WebSocket, Attachment>();
      for (const socket of this.ctx.getWebSockets()) {
        const attachment = socket.deserializeAttachment() as Attachment | null;
        if (attachment) members.set(socket, attachment);
      }
      this.members = members;
    }
    return this.members;
  }

  private attachmentOf(socket: WebSocket): Attachment | null {
    return this.roster().get(socket) ?? null;
  }

  /** Changes a socket's attachment in memory and in the runtime (where it survives hibernation). */
  private updateAttachment(socket: WebSocket, patch: Partial<Attachment>): void {
    const attachment = this.attachmentOf(socket);
    if (!attachment) return;
    Object.assign(attachment, patch);
    socket.serializeAttachment(attachment);
  }

  private db(): Db {
    return (this.database ??= getDb(this.env.DB));
  }

  /** Sends to every subscriber that may still see the delivery (the others are closed, 4403). */
  private broadcast(state: RoomState, text: string): void {
    for (const [socket, attachment] of this.roster()) {
      if (!attachment.subscribed) continue;
      if (this.closeIfHidden(socket, attachment, state)) continue;
      try {
        socket.send(text);
      } catch {
        // a closing socket; its close handler cleans up
      }
    }
  }

  private send(socket: WebSocket, message: ServerMessage): void {
    try {
      socket.send(json(message));
    } catch {
      // a closing socket
    }
  }

  private sendError(socket: WebSocket, message: string): void {
    this.send(socket, { type: "error", message });
  }

  private close(socket: WebSocket, code: number, reason: string): void {
    this.floods.delete(socket);
    this.members?.delete(socket);
    try {
      socket.close(code, reason);
    } catch {
      // already closed
    }
  }
}

const userTag = (userId: string) => `user:${userId}`;

const suspendedAt = (attachment: Attachment) => (typeof attachment.riderSuspendedAt === "number" ? new Date(attachment.riderSuspendedAt) : null);

/**
 * Takes a newer position from a socket's attachment. The bucket stored with the state is then older
 * than that position, so it is taken as empty at the position's time (it refills within 3 s).
 */
function mergePosition(state: RoomState, attachment: Attachment): void {
  const position = attachment.position;
  if (!position || (state.position && state.position.at >= position.at)) return;
  state.position = position;
  if (!state.bucket || state.bucket.at < position.at) state.bucket = { tokens: 0, at: position.at };
  state.unsavedSince ??= position.at;
}

function locationMessage(deliveryId: string, position: Position): LocationMessage {
  return {
    type: "location_update",
    deliveryId,
    latitude: position.latitude,
    longitude: position.longitude,
    riderId: position.riderId,
    timestamp: new Date(position.at).toISOString(),
  };
}
