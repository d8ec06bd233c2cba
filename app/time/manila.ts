/**
 * Calendar periods in Asia/Manila (UTC+8, no daylight saving; PRODUCT.md, Time). Timestamps are
 * stored in UTC; a period is a half-open range [start, end) of UTC milliseconds to range-scan.
 */
export const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Period {
  start: number;
  end: number;
}

/** The Manila calendar date of an instant, as YYYY-MM-DD. */
export function manilaDate(at: number | Date): string {
  return new Date(Number(at) + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Manila midnight (as UTC ms) of the day holding `at`. */
function manilaDayStart(at: number): number {
  return Math.floor((at + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS - MANILA_OFFSET_MS;
}

export function manilaToday(now: number | Date): Period {
  const start = manilaDayStart(Number(now));
  return { start, end: start + DAY_MS };
}

/** Monday 00:00 to the next Monday 00:00, Manila time. */
export function manilaWeek(now: number | Date): Period {
  const dayStart = manilaDayStart(Number(now));
  const weekday = new Date(dayStart + MANILA_OFFSET_MS).getUTCDay(); // 0 = Sunday
  const start = dayStart - ((weekday + 6) % 7) * DAY_MS;
  return { start, end: start + 7 * DAY_MS };
}

export function manilaMonth(now: number | Date): Period {
  const local = new Date(Number(now) + MANILA_OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - MANILA_OFFSET_MS;
  const end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - MANILA_OFFSET_MS;
  return { start, end };
}

const dateTimeFormat = new Intl.DateTimeFormat("en-PH", {
  timeZone: "Asia/Manila",
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const dateFormat = new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", year: "numeric", month: "short", day: "numeric" });

/** "Nov 21, 2026, 3:05 PM" in Manila time, whatever the viewer's or server's zone. */
export const formatManilaDateTime = (at: number | Date | string) => dateTimeFormat.format(new Date(at));
export const formatManilaDate = (at: number | Date | string) => dateFormat.format(new Date(at));
const monthFormat = new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", year: "numeric", month: "long" });
/** "March 2026" in Manila time. */
export const formatManilaMonth = (at: number | Date | string) => monthFormat.format(new Date(at));
