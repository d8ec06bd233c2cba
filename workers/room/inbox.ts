const settle = () => undefined;

/**
 * A room's messages, handled one at a time in arrival order: one may wait (for the room's state,
 * read from storage or D1 after a restart; for a D1 write), and the object could otherwise start on
 * the next meanwhile (positions must not overtake). A message handled without waiting, when none is
 * pending (a position while the state is in memory, nearly every one), runs at once and gives the
 * runtime no promise to await: awaiting one, and the microtasks around it, was about a quarter of
 * what a position's own event cost beyond a bare Durable Object echo's (bench/README.md).
 */
export class Inbox {
  /** Settles once the last message taken in is handled; null when none is pending. */
  private last: Promise<void> | null = null;

  take(handle: () => void | Promise<void>): void | Promise<void> {
    if (this.last) return this.queue(this.last.then(handle));
    const handling = handle();
    return handling ? this.queue(handling) : undefined;
  }

  private queue(handling: Promise<void>): Promise<void> {
    const last: Promise<void> = handling.then(settle, settle).then(() => {
      if (this.last === last) this.last = null;
    });
    this.last = last;
    return handling;
  }
}
