import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { jsonResponse, storeSession, stubFetch } from 'common/testing';
import { makeStatistics, ok } from '../../testing/summary-fixtures';
import { readerTimeZone } from 'common/time-zone';
import { loadUserAnalytics } from './user-analytics';
import { describeUsage } from './usage-chart';

/** The API's answer: 14 days ending 2026-03-20, with the given counts by day. */
function analyticsBody(counts: Record<string, number> = {}) {
  const days = Array.from({ length: 14 }, (_, index) => {
    const day = `2026-03-${String(7 + index).padStart(2, '0')}`;
    return { day, count: counts[day] ?? 0 };
  });
  return ok({ statistics: makeStatistics({ totalSummaries: 302 }), timeZone: 'UTC', days });
}

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadUserAnalytics', () => {
  it('asks the aggregate route once, in the reader’s time zone', async () => {
    storeSession();
    const paths: string[] = [];
    stubFetch((request) => {
      paths.push(request.path);
      return jsonResponse(analyticsBody({ '2026-03-18': 2, '2026-03-20': 1 }));
    });
    const analytics = await loadUserAnalytics();
    expect(paths).toEqual([`/api/analytics/summaries?tz=${encodeURIComponent(readerTimeZone())}`]);
    expect(analytics.statistics.totalSummaries).toBe(302);
    expect(analytics.usage).toHaveLength(14);
    expect(analytics.usage[0]).toMatchObject({ day: '2026-03-07', count: 0 });
    expect(analytics.usage[0]?.date).toEqual(new Date(2026, 2, 7));
    expect(analytics.usage.at(-1)).toMatchObject({ day: '2026-03-20', count: 1 });
  });

  it('fails with the analytics message when the API does', async () => {
    storeSession();
    stubFetch(() => jsonResponse({ success: false, code: 'INTERNAL', message: '' }, 500));
    await expect(loadUserAnalytics()).rejects.toThrow('Failed to load your analytics');
  });
});

describe('describeUsage', () => {
  it('describes the chart in words', async () => {
    storeSession();
    stubFetch(() => jsonResponse(analyticsBody()));
    expect(describeUsage((await loadUserAnalytics()).usage)).toBe(
      'No summaries in the last 14 days.',
    );
    stubFetch(() => jsonResponse(analyticsBody({ '2026-03-18': 2, '2026-03-20': 1 })));
    expect(describeUsage((await loadUserAnalytics()).usage)).toBe(
      '3 summaries in the last 14 days; the busiest day was Wednesday, March 18 with 2 summaries.',
    );
  });
});
