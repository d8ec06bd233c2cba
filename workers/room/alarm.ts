import { FIRST_REVIEW_AFTER_MS, flushPhaseOf, nextAlarmAt, type AlarmInputs } from "~/tracking/room-rules";
import type { Connections } from "./connections";
import type { LiveDelivery } from "./live-delivery";

/**
 * The room's single alarm (see `nextAlarmAt`): the time it is set for, as last set or read, so the
 * hot path neither reads nor writes it per update.
 */
export class RoomAlarm {
  /** undefined: not known since the object started. */
  private at: number | null | undefined = undefined;
  private flushPhase: number | undefined;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** A fired alarm is gone. */
  fired(): void {
    this.at = null;
  }

  /** Forgotten with the room's storage. */
  cleared(): void {
    this.at = null;
  }

  /**
   * Arms the alarm for what the room needs next. `replace`: set it to the new time (after a status
   * change, or from the alarm itself); otherwise keep an alarm that already fires in time.
   */
  async schedule(delivery: LiveDelivery, connections: Connections, now: number, replace = false): Promise<void> {
    const due = nextAlarmAt(this.inputs(delivery, connections), now);
    if (this.at === undefined) this.at = await this.storage.getAlarm();
    if (!replace && this.at !== null && (due === null || this.at <= due)) return;
    if (due === null) {
      if (this.at !== null) await this.storage.deleteAlarm();
      this.at = null;
      return;
    }
    const at = Math.max(due, now);
    if (this.at !== at) {
      // Unconfirmed: messages sent before it need not wait for this write.
      await this.storage.setAlarm(at, { allowUnconfirmed: true });
      this.at = at;
    }
  }

  /** What the alarm's rules look at: the live delivery, and the open connections' expiries and reviews. */
  inputs(delivery: LiveDelivery, connections: Connections): AlarmInputs {
    let sessionExpiresAt: number | null = null;
    let awaitingSince: number | null = null;
    for (const { sessionExpiresAt: expires, awaitingReview } of connections.attachments()) {
      if (typeof expires === "number" && (sessionExpiresAt === null || expires < sessionExpiresAt))
        sessionExpiresAt = expires;
      if (typeof awaitingReview === "number" && (awaitingSince === null || awaitingReview < awaitingSince))
        awaitingSince = awaitingReview;
    }
    return {
      endedAt: delivery.endedAt,
      unsavedSince: delivery.unsavedSince,
      live: connections.size > 0,
      sessionExpiresAt,
      reviewDueAt: awaitingSince === null ? null : awaitingSince + FIRST_REVIEW_AFTER_MS,
      flushPhaseMs: (this.flushPhase ??= flushPhaseOf(delivery.deliveryId)),
    };
  }
}
