import { DurableObject } from "cloudflare:workers";
import { isPositionWrite, writePositions, type PositionWrite } from "./room/positions";

/** How long the writer gathers the rooms' positions before writing them in one D1 batch. */
export const WRITE_GATHER_MS = 1_000;
/** Positions per D1 batch at most (two statements each). */
const MAX_PER_BATCH = 50;

interface Caller {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The rooms' positions on their way to D1 (`deliveries.rider_*`, `users.last_*`), decision 0199:
 * one object for every room, which gathers what they send for WRITE_GATHER_MS and writes it in one
 * D1 batch, instead of one D1 request per room and PERSIST_INTERVAL_MS. A room awaits its `write`
 * until its position is in D1, as it awaited its own write before; a failed write rejects and the
 * room retries at its next slot. Nothing is kept here but in memory: a position lost with this
 * object's memory is still the room's unsaved one.
 */
export class PositionWriter extends DurableObject<Env> {
  /** By delivery: a newer position of a delivery replaces its older one, and its callers wait together. */
  private gathered = new Map<string, { position: PositionWrite; callers: Caller[] }>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * RPC from a room: resolves once the position is in D1. `atOnce`: written now with whatever was
   * gathered (a status change, the alarm); otherwise within WRITE_GATHER_MS.
   */
  write(position: PositionWrite, atOnce = false): Promise<void> {
    if (!isPositionWrite(position)) return Promise.reject(new TypeError("PositionWriter: not a position"));
    const written = new Promise<void>((resolve, reject) => {
      const waiting = this.gathered.get(position.deliveryId);
      if (!waiting) this.gathered.set(position.deliveryId, { position, callers: [{ resolve, reject }] });
      else {
        if (position.at >= waiting.position.at) waiting.position = position;
        waiting.callers.push({ resolve, reject });
      }
    });
    if (atOnce) void this.writeGathered();
    else this.timer ??= setTimeout(() => void this.writeGathered(), WRITE_GATHER_MS);
    return written;
  }

  private async writeGathered(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const gathered = [...this.gathered.values()];
    this.gathered = new Map();
    for (let from = 0; from < gathered.length; from += MAX_PER_BATCH) {
      const part = gathered.slice(from, from + MAX_PER_BATCH);
      try {
        await writePositions(this.env.DB, part.map(({ position }) => position));
        for (const { callers } of part) for (const caller of callers) caller.resolve();
      } catch (error) {
        console.error("position writer: writing positions to D1 failed; the rooms retry", error);
        for (const { callers } of part) for (const caller of callers) caller.reject(error);
      }
    }
  }
}
