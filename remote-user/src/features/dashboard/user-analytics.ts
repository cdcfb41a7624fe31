import { getSummaryPage } from '../../lib/summaries/summaries-api';
import type { Summary, SummaryStatistics } from '../../lib/summaries/summary';

/** The usage chart covers this many calendar days, today included. */
export const USAGE_DAYS = 14;
/** GET /api/summaries pages of this size are read for the chart (the API's maximum). */
export const ANALYTICS_PAGE_SIZE = 100;
/** At most this many pages are read: a bound on one dashboard visit's cost. */
export const ANALYTICS_MAX_PAGES = 10;

export interface DailyUsage {
  /** Local calendar day, `2026-03-10`. */
  day: string;
  date: Date;
  count: number;
}

export interface UserAnalytics {
  statistics: SummaryStatistics;
  usage: DailyUsage[];
}

function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Midnight (local time) of the first day the chart shows. */
export function usageStart(now: Date, days: number = USAGE_DAYS): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
}

/** Summaries per local calendar day for the `days` days ending today, oldest first. */
export function dailyUsage(
  summaries: ReadonlyArray<Pick<Summary, 'createdAt'>>,
  now: Date,
  days: number = USAGE_DAYS,
): DailyUsage[] {
  const start = usageStart(now, days);
  const result: DailyUsage[] = [];
  const byDay = new Map<string, DailyUsage>();
  for (let offset = 0; offset < days; offset += 1) {
    const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + offset);
    const entry = { day: dayKey(date), date, count: 0 };
    result.push(entry);
    byDay.set(entry.day, entry);
  }
  for (const summary of summaries) {
    const created = new Date(summary.createdAt);
    if (Number.isNaN(created.getTime())) continue;
    const entry = byDay.get(dayKey(created));
    if (entry) entry.count += 1;
  }
  return result;
}

/**
 * The person's totals (from the list's statistics) and summaries per day for the last 14 days,
 * reading GET /api/summaries?limit=100 pages (newest first) until they reach older summaries.
 */
export async function loadUserAnalytics(now: Date, signal?: AbortSignal): Promise<UserAnalytics> {
  const start = usageStart(now);
  const recent: Summary[] = [];
  let statistics: SummaryStatistics | null = null;
  for (let page = 1; page <= ANALYTICS_MAX_PAGES; page += 1) {
    const data = await getSummaryPage(page, ANALYTICS_PAGE_SIZE, signal);
    statistics ??= data.statistics;
    recent.push(...data.summaries);
    const oldest = data.summaries[data.summaries.length - 1];
    if (!data.pagination.hasNextPage || !oldest || new Date(oldest.createdAt) < start) break;
  }
  return {
    statistics: statistics ?? {
      totalSummaries: 0,
      totalOriginalWords: 0,
      totalSummaryWords: 0,
      averageCompressionRatio: 0,
      wordsReduced: 0,
    },
    usage: dailyUsage(recent, now),
  };
}
