import { sumOwnSummaries } from '../../db/summaries.repository';
import type { AppDeps } from '../../app-env';
import { toSummaryStatisticsDto } from '../../domain/summary-response';
import type { SummaryStatisticsDto } from '../../domain/summary-response';
import { countSummariesPerDay } from './analytics.repository';
import type { DailySummaryCount } from './analytics.repository';

/** The dashboard's chart covers this many calendar days, today included. */
export const USAGE_DAYS = 14;

export interface SummaryAnalytics {
  /** The user's summaries added up, all time (API.md "Statistics"). */
  statistics: SummaryStatisticsDto;
  /** The time zone the days are counted in. */
  timeZone: string;
  /** Summaries per day for the last USAGE_DAYS days in that zone, oldest first. */
  days: DailySummaryCount[];
}

/**
 * What the dashboard shows of a user's own summaries: totals and per-day counts, computed by
 * the database (one aggregate and one grouped count) rather than from a list of summaries.
 */
export async function summaryAnalytics(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
): Promise<SummaryAnalytics> {
  const [totals, days] = await Promise.all([
    sumOwnSummaries(deps.db, userId),
    countSummariesPerDay(deps.db, userId, { timeZone, now, days: USAGE_DAYS }),
  ]);
  return { statistics: toSummaryStatisticsDto(totals), timeZone, days };
}
