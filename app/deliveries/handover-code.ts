/**
 * The handover code (docs/guide/deliveries.md#handover-code): 4 digits generated at booking,
 * shown to the customer and on the recipient's link, asked for by Mark Delivered. Plain module:
 * used by the server's check and the pages; the code itself is the schema's default
 * (`newHandoverCode`, app/db/schema/columns.ts).
 */
export const HANDOVER_MAX_WRONG = 5;
export const HANDOVER_WINDOW_MS = 10 * 60_000;
export const HANDOVER_NOTE_MAX = 200;
