import type { Language } from "./languages";

/**
 * "5 minutes ago", "1 day ago", "3 weeks ago" (Filipino: "1 araw ang nakalipas"): how long ago an
 * instant was, in the largest whole unit, in the reader's language. The one formatter every page
 * that shows a relative time uses (the bell, the admin's live deliveries, ...), so none counts
 * "1,574 mins ago". Intl.RelativeTimeFormat knows both languages' words and plurals.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const JUST_NOW: Record<Language, string> = { en: "Just now", fil: "Ngayon lang" };
const locale = (language: Language) => (language === "fil" ? "fil-PH" : "en-PH");

const formats = new Map<Language, Intl.RelativeTimeFormat>();
function formatOf(language: Language) {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.RelativeTimeFormat(locale(language), { numeric: "always" })));
  return format;
}

/** The largest unit that fits at least once, and how many of it (rounded down). */
function largestUnit(elapsedMs: number): { value: number; unit: Intl.RelativeTimeFormatUnit } | null {
  if (elapsedMs < MINUTE) return null;
  if (elapsedMs < HOUR) return { value: Math.floor(elapsedMs / MINUTE), unit: "minute" };
  if (elapsedMs < DAY) return { value: Math.floor(elapsedMs / HOUR), unit: "hour" };
  if (elapsedMs < WEEK) return { value: Math.floor(elapsedMs / DAY), unit: "day" };
  if (elapsedMs < MONTH) return { value: Math.floor(elapsedMs / WEEK), unit: "week" };
  if (elapsedMs < YEAR) return { value: Math.floor(elapsedMs / MONTH), unit: "month" };
  return { value: Math.floor(elapsedMs / YEAR), unit: "year" };
}

/** How long before `now` the instant `at` was; "Just now" under a minute (and for a clock slightly ahead). */
export function formatRelativeTime(
  language: Language,
  at: number | Date | string,
  now: number | Date = Date.now(),
): string {
  const elapsed = Number(now) - new Date(at).getTime();
  const largest = largestUnit(elapsed);
  if (!largest) return JUST_NOW[language];
  return formatOf(language).format(-largest.value, largest.unit);
}

/** How long until the instant `at` ("in 3 days", "sa loob ng 3 araw"), in the largest whole unit; "in 1 minute" under a minute. */
export function formatTimeUntil(
  language: Language,
  at: number | Date | string,
  now: number | Date = Date.now(),
): string {
  const largest = largestUnit(new Date(at).getTime() - Number(now)) ?? { value: 1, unit: "minute" };
  return formatOf(language).format(largest.value, largest.unit);
}
