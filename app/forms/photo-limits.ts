/**
 * How large the photos people upload may be (each judged by its bytes where it is read): an ID
 * for a discount, and a claim's documents. Below the domains because the Worker sizes its body
 * limits from them before any route runs (app/http/body-limit.server.ts).
 */
export const MAX_ID_PHOTO_BYTES = 5 * 1024 * 1024;
/** A claim on the member benefits fund carries up to 3 photos of at most 5 MB each. */
export const CLAIM_PHOTOS_MAX = 3;
export const MAX_CLAIM_PHOTO_BYTES = 5 * 1024 * 1024;
/** "Could not deliver" carries one photo of the place, at most 5 MB (decision 0222). */
export const MAX_RETURN_PHOTO_BYTES = 5 * 1024 * 1024;
