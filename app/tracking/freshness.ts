/**
 * How old the rider's position is (docs/guide/deliveries.md#live-tracking): the map says
 * when it was last heard, and after 60 s without one the marker greys and the page says the
 * rider's signal is weak. Plain module, tested directly.
 */
const STALE_AFTER_MS = 60_000;

export const isStale = (lastHeardAt: number | null, now: number) =>
  lastHeardAt !== null && now - lastHeardAt > STALE_AFTER_MS;

/** The age of a position in its largest whole unit, never negative. */
export function ageParts(since: number, now: number): { unit: "seconds" | "minutes" | "hours"; count: number } {
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  if (seconds < 60) return { unit: "seconds", count: seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: "minutes", count: minutes };
  return { unit: "hours", count: Math.floor(minutes / 60) };
}
