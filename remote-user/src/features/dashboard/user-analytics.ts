import { api, request } from 'common/api-client';
import { readerTimeZone } from 'common/time-zone';
import type { SummaryStatistics } from '../../lib/summaries/summary';

export const ANALYTICS_FALLBACK = 'Failed to load your analytics';

export interface DailyUsage {
  /** Calendar day in the reader's time zone, `2026-03-10`. */
  day: string;
  /** Local midnight of that day, for formatting. */
  date: Date;
  count: number;
}

export interface UserAnalytics {
  statistics: SummaryStatistics;
  usage: DailyUsage[];
}

/** `2026-03-10` as local midnight of that day. */
function localDate(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * GET /api/analytics/summaries: the person's totals and summaries per day for the last 14 days,
 * counted by the database in the reader's time zone (one small answer, not a list of summaries).
 */
export async function loadUserAnalytics(signal?: AbortSignal): Promise<UserAnalytics> {
  const body = await request(
    () =>
      api.analytics.summaries.$get(
        { query: { tz: readerTimeZone() } },
        signal ? { init: { signal } } : undefined,
      ),
    ANALYTICS_FALLBACK,
  );
  const { statistics, days } = body.data;
  return {
    statistics,
    usage: days.map(({ day, count }) => ({ day, date: localDate(day), count })),
  };
}
