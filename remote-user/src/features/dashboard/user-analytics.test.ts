import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { jsonResponse, storeSession, stubFetch } from 'common/testing';
import {
  makeStatistics,
  makeSummary,
  makeSummaryPage,
  ok,
} from '../../lib/summaries/summary-fixtures';
import { dailyUsage, loadUserAnalytics, usageStart } from './user-analytics';
import { describeUsage } from './usage-chart';

// Local times: the chart counts calendar days where the reader is.
const now = new Date(2026, 2, 20, 15, 30);
const at = (day: number, hour = 12) => new Date(2026, 2, day, hour).toISOString();

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dailyUsage', () => {
  it('counts summaries per local day for the last 14 days, oldest first', () => {
    const usage = dailyUsage(
      [
        { createdAt: at(20, 9) },
        { createdAt: at(20, 0) },
        { createdAt: at(19, 23) },
        { createdAt: at(7) },
        { createdAt: at(6, 23) },
        { createdAt: 'not a date' },
      ],
      now,
    );
    expect(usage).toHaveLength(14);
    expect(usage[0]?.day).toBe('2026-03-07');
    expect(usage[13]?.day).toBe('2026-03-20');
    expect(usage.map((day) => day.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(usageStart(now)).toEqual(new Date(2026, 2, 7));
  });

  it('describes the chart in words', () => {
    expect(describeUsage(dailyUsage([], now))).toBe('No summaries in the last 14 days.');
    expect(
      describeUsage(
        dailyUsage([{ createdAt: at(18) }, { createdAt: at(18) }, { createdAt: at(20) }], now),
      ),
    ).toBe(
      '3 summaries in the last 14 days; the busiest day was Wednesday, March 18 with 2 summaries.',
    );
  });
});

describe('loadUserAnalytics', () => {
  it('reads pages of 100 until it passes the first day of the chart', async () => {
    storeSession();
    const recent = Array.from({ length: 100 }, (_, index) =>
      makeSummary({ id: `r${index}`, createdAt: at(20 - (index % 10)) }),
    );
    const older = [
      makeSummary({ id: 'x', createdAt: at(12) }),
      makeSummary({ id: 'y', createdAt: at(1) }),
    ];
    const paths: string[] = [];
    stubFetch((request) => {
      paths.push(request.path);
      const page = new URL(request.path, 'http://localhost').searchParams.get('page');
      const data =
        page === '1'
          ? makeSummaryPage(recent, { page: 1, limit: 100, total: 302 })
          : makeSummaryPage(older, { page: 2, limit: 100, total: 302 });
      return jsonResponse(ok({ ...data, statistics: makeStatistics({ totalSummaries: 302 }) }));
    });
    const analytics = await loadUserAnalytics(now);
    expect(paths).toEqual(['/api/summaries?page=1&limit=100', '/api/summaries?page=2&limit=100']);
    expect(analytics.statistics.totalSummaries).toBe(302);
    expect(analytics.usage.reduce((sum, day) => sum + day.count, 0)).toBe(101);
  });
});
