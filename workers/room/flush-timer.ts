import { flushDueAt, flushPhaseOf } from "~/tracking/room-rules";
import type { LiveDelivery, LiveDeliveryStore } from "./live-delivery";

/**
 * Writes a position the room holds only in memory (a socket's, kept in its attachment) to D1 at the
 * room's flush slot, by an in-memory timer rather than the room's alarm (decision 0214).
 *
 * Arming the storage alarm is a storage write and running it an event, once per room and interval:
 * the timer took about a quarter off what the rooms add to a bare Durable Object echo per update
 * (bench/README.md, ws-fanout). A position kept in memory is lost with the memory anyway, so a
 * timer lost with it loses nothing more, and while the timer is pending the runtime does not
 * hibernate the object. What is kept in storage (the HTTP fallback's positions, a leaving socket's)
 * is written by the alarm, which survives a restart.
 */
export class FlushTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private phase: number | undefined;

  constructor(private readonly store: LiveDeliveryStore) {}

  /** Arms the timer for the delivery's next flush slot, unless one is pending or nothing is unsaved. */
  arm(delivery: LiveDelivery, now: number): void {
    if (this.timer !== null || delivery.unsavedSince === null) return;
    this.phase ??= flushPhaseOf(delivery.deliveryId);
    const slot = flushDueAt(delivery.unsavedSince, this.phase);
    // A slot already past (its write failed, or a newer position came during it): the next one.
    const due = slot > now ? slot : flushDueAt(now, this.phase);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, due - now);
  }

  /** The room is being cleared. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async write(): Promise<void> {
    const delivery = this.store.known();
    if (!delivery) return;
    try {
      await this.store.flush(delivery);
    } catch (error) {
      console.error("delivery room: position flush failed; retrying at the next slot", error);
    }
    this.arm(delivery, Date.now());
  }
}
