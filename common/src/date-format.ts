/**
 * The product's one way of writing dates (docs/glossary.md "Dates"). Every screen and every file
 * gets its dates from here; `date-format-usage.test.ts` fails when another module formats one.
 *
 * - Screens: `formatWhen`, relative for the last week as SPEC.md /history words it (`Today`,
 *   `Yesterday`, `3 days ago`), then the short absolute date (`Nov 27, 2026`); the full moment
 *   (`formatFullDateTime`, `November 27, 2026 at 7:59 AM`) goes in the `<time>`'s title.
 * - Charts: `formatChartDay` (`Nov 27`) and `formatLongDay` (`Friday, November 27`).
 * - Files (downloads, exports): `formatFileDate` (`2026-11-27`) and `formatFileDateTime`
 *   (`2026-11-27 07:59`), ISO 8601.
 *
 * All of them read the calendar in the reader's time zone (the browser's, the one
 * `common/time-zone` remembers for the server's day counts). They are written by hand, as en-US
 * writes them (`Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })` for the relative words,
 * `Intl.DateTimeFormat('en-US')` for the rest; the tests compare them): the first Intl formatter
 * of a page loads the ICU data, a long task of its own on a phone that Lighthouse counts as
 * blocking.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A relative date is written for moments less than this many calendar days ago. */
export const RELATIVE_DAYS = 7;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export type DateInput = string | number | Date;

/** The moment, or null when it is not one. */
function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

function shortMonth(date: Date): string {
  return (MONTH_NAMES[date.getMonth()] ?? '').slice(0, 3);
}

/** `8:04 AM`. */
function clockTime(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${two(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** Midnight of the date's local calendar day, as a UTC day number (immune to DST shifts). */
function localDayNumber(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;
}

/** `Nov 27, 2026`: a date beyond the last week; '' for a date that is not one. */
export function formatAbsoluteDate(value: DateInput): string {
  const date = toDate(value);
  return date ? `${shortMonth(date)} ${date.getDate()}, ${date.getFullYear()}` : '';
}

/**
 * A date on a screen: `Today`, `Yesterday` or `N days ago` for the last 7 calendar days (a
 * moment slightly in the future counts as today), else `Nov 27, 2026`; '' for a date that is
 * not one. Capitalised: it stands alone (a card's date, a table cell).
 */
export function formatWhen(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = localDayNumber(now) - localDayNumber(date);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < RELATIVE_DAYS) return `${days} days ago`;
  return formatAbsoluteDate(date);
}

/** `November 27, 2026 at 7:59 AM`: the full moment, for a `<time>`'s title; '' when none. */
export function formatFullDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const month = MONTH_NAMES[date.getMonth()] ?? '';
  return `${month} ${date.getDate()}, ${date.getFullYear()} at ${clockTime(date)}`;
}

/** `Nov 27`: a chart's axis label. */
export function formatChartDay(value: DateInput): string {
  const date = toDate(value);
  return date ? `${shortMonth(date)} ${date.getDate()}` : '';
}

/** `Friday, November 27`: a chart's day in a sentence. */
export function formatLongDay(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${WEEKDAYS[date.getDay()] ?? ''}, ${MONTH_NAMES[date.getMonth()] ?? ''} ${date.getDate()}`;
}

/** `2026-11-27`: a date in a file's name or content (the reader's calendar day); '' when none. */
export function formatFileDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** `2026-11-27 07:59`: a moment in a file's content (24-hour, the reader's time); '' when none. */
export function formatFileDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatFileDate(date)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
