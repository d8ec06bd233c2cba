/**
 * The handover code (PRODUCT.md, "The handover and the live view"): 4 digits generated at booking,
 * shown to the customer and on the recipient's link, asked for by Mark Delivered. Plain module:
 * used by the schema's default, the server's check and the pages.
 */
export const HANDOVER_MAX_WRONG = 5;
export const HANDOVER_WINDOW_MS = 10 * 60_000;
export const HANDOVER_NOTE_MAX = 200;

/** Four digits from a secure random source (the modulo bias of 2^32 over 10^4 is negligible). */
export function newHandoverCode(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(n! % 10_000).padStart(4, "0");
}
