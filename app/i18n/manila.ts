/**
 * Calendar periods in Asia/Manila (UTC+8, no daylight saving; docs/guide/what-is-true.md#time). Timestamps are
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

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * The Manila wall clock of an instant. The formats below are en-PH's, written without Intl
 * (decision 0196: a page's first Intl date formatter costs it 60-90 ms); Manila keeps no daylight
 * saving, so the offset is all there is. An invalid date throws, as Intl's `format` does.
 */
function manilaWallClock(at: number | Date | string) {
  const time = new Date(at).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const local = new Date(time + MANILA_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

const shortDate = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${MONTHS[month]!.slice(0, 3)} ${day}, ${year}`;

/** "Nov 21, 2026" in Manila time. */
export const formatManilaDate = (at: number | Date | string): string => shortDate(manilaWallClock(at));

/** "Nov 21, 2026" of a Manila day as stored ("2026-11-21"), as every page writes dates. */
export const formatManilaDay = (day: string): string => formatManilaDate(`${day}T12:00:00+08:00`);

/** "Nov 21, 2026, 3:05 PM" in Manila time, whatever the viewer's or server's zone. */
export function formatManilaDateTime(at: number | Date | string): string {
  const clock = manilaWallClock(at);
  return `${shortDate(clock)}, ${clock.hour % 12 || 12}:${twoDigits(clock.minute)} ${clock.hour < 12 ? "AM" : "PM"}`;
}

/** "March 2026" in Manila time. */
export function formatManilaMonth(at: number | Date | string): string {
  const { year, month } = manilaWallClock(at);
  return `${MONTHS[month]} ${year}`;
}

/** "14:32" in Manila time. */
export function formatManilaClock(at: number | Date | string): string {
  const { hour, minute } = manilaWallClock(at);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}
