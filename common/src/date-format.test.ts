import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatAbsoluteDate,
  formatChartDay,
  formatFileDate,
  formatFileDateTime,
  formatFullDateTime,
  formatLongDay,
  formatWhen,
} from './date-format';

/** Node reads `TZ` again whenever it is set: each test picks the reader's time zone. */
const originalZone = process.env.TZ;
function useTimeZone(zone: string): void {
  process.env.TZ = zone;
}

beforeEach(() => useTimeZone('UTC'));
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

/** What en-US says, capitalised as a date standing alone. */
function intlRelative(days: number): string {
  const text = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }).format(-days, 'day');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

describe('formatWhen, the one screen format', () => {
  const now = new Date('2026-11-27T08:04:00Z');

  it('is relative for the last 7 calendar days, in Intl.RelativeTimeFormat’s words', () => {
    expect(formatWhen('2026-11-27T00:00:00Z', now)).toBe('Today');
    expect(formatWhen('2026-11-26T23:59:00Z', now)).toBe('Yesterday');
    expect(formatWhen('2026-11-25T08:04:00Z', now)).toBe('2 days ago');
    for (let days = 0; days < 7; days += 1) {
      expect(formatWhen(new Date(now.getTime() - days * 86_400_000), now)).toBe(intlRelative(days));
    }
  });

  it('turns absolute at 7 days: `Nov 20, 2026`', () => {
    expect(formatWhen('2026-11-21T23:59:00Z', now)).toBe('6 days ago');
    expect(formatWhen('2026-11-20T23:59:00Z', now)).toBe('Nov 20, 2026');
    expect(formatWhen('2025-01-15T12:00:00Z', now)).toBe('Jan 15, 2025');
  });

  it('counts a moment slightly in the future as today, and a bad date as nothing', () => {
    expect(formatWhen('2026-11-27T09:00:00Z', now)).toBe('Today');
    expect(formatWhen('not a date', now)).toBe('');
    expect(formatWhen('', now)).toBe('');
  });

  it('counts calendar days in the reader’s time zone', () => {
    // 02:30 UTC on the 27th: still the 26th in Los Angeles, already the 27th in Tokyo.
    const moment = '2026-11-27T02:30:00Z';
    const later = new Date('2026-11-27T20:00:00Z'); // the 27th in Los Angeles, the 28th in Tokyo
    useTimeZone('America/Los_Angeles');
    expect(formatWhen(moment, later)).toBe('Yesterday');
    expect(formatFullDateTime(moment)).toBe('November 26, 2026 at 6:30 PM');
    expect(formatFileDate(moment)).toBe('2026-11-26');
    useTimeZone('Asia/Tokyo');
    expect(formatWhen(moment, later)).toBe('Yesterday');
    expect(formatFullDateTime(moment)).toBe('November 27, 2026 at 11:30 AM');
    expect(formatFileDate(moment)).toBe('2026-11-27');
    useTimeZone('UTC');
    expect(formatWhen(moment, later)).toBe('Today');
  });

  it('turns absolute after 7 days in the reader’s zone, not UTC’s', () => {
    useTimeZone('Pacific/Auckland'); // UTC+13 in November
    const now = new Date('2026-11-27T12:00:00Z'); // Nov 28, 01:00 in Auckland
    expect(formatWhen('2026-11-20T12:00:00Z', now)).toBe('Nov 21, 2026');
    expect(formatWhen('2026-11-21T12:00:00Z', now)).toBe('6 days ago');
  });
});

describe('the other forms of the one module', () => {
  it('writes absolute dates, full date-times and chart days as en-US does', () => {
    const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
    const chartDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    const longDay = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    const full = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, month + 9, (month * 5) % 24, month * 4);
      expect(formatAbsoluteDate(date)).toBe(shortDate.format(date));
      expect(formatChartDay(date)).toBe(chartDay.format(date));
      expect(formatLongDay(date)).toBe(longDay.format(date));
      // ICU writes `at` or `,` between the date and the time, by version.
      expect(formatFullDateTime(date)).toBe(full.format(date).replace(/, (\d+:)/u, ' at $1'));
    }
  });

  it('writes the full date and time with midnight and noon as 12', () => {
    expect(formatFullDateTime('2026-11-27T00:05:00Z')).toBe('November 27, 2026 at 12:05 AM');
    expect(formatFullDateTime('2026-11-27T12:00:00Z')).toBe('November 27, 2026 at 12:00 PM');
    expect(formatFullDateTime('2026-11-27T07:59:00Z')).toBe('November 27, 2026 at 7:59 AM');
  });

  it('writes files’ dates in ISO 8601', () => {
    expect(formatFileDate('2026-03-04T09:07:00Z')).toBe('2026-03-04');
    expect(formatFileDateTime('2026-03-04T09:07:00Z')).toBe('2026-03-04 09:07');
    expect(formatFileDate('nope')).toBe('');
    expect(formatFileDateTime('nope')).toBe('');
  });
});
