/**
 * How long personal information is kept (decision 0211): the figures the Privacy Notice states and
 * the cron enforces (app/legal/retention.server.ts), in one place.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** An ID photo (discounts) is deleted this long after an admin decided on it; the decision stays. */
export const ID_PHOTO_RETENTION_DAYS = 30;
/** A claim's document photos are deleted this long after the claim was decided; the claim stays. */
export const CLAIM_DOCUMENT_RETENTION_DAYS = 365;
/** A delivery's last rider position is erased this long after it ended, a rider's own this long after they were last heard. */
export const POSITION_RETENTION_DAYS = 30;
/** NPC Circular 16-03: the Commission and the people affected are told within 72 hours of learning of a breach. */
export const BREACH_NOTICE_HOURS = 72;

/** The day the Terms of Service and the Privacy Notice last changed (Manila), shown on both. */
export const LEGAL_TEXTS_CHANGED = "2026-11-29";
