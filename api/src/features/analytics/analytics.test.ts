import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { summaryAnalytics, USAGE_DAYS } from './analytics.service';
import type { SummaryAnalytics } from './analytics.service';

let t: TestApp;
let reader: TestUser;
let other: TestUser;

async function insertSummary(
  userId: string,
  createdAt: string,
  words: { original: number; summary: number; ratio: number } = {
    original: 100,
    summary: 20,
    ratio: 80,
  },
): Promise<void> {
  await t.db
    .insertInto('summaries')
    .values({
      user_id: userId,
      original_content: 'A long text about the harbour and its ships.',
      summarized_content: 'The harbour.',
      original_word_count: words.original,
      summary_word_count: words.summary,
      compression_ratio: words.ratio,
      processing_time: 5,
      ai_model: 'test-model',
      created_at: createdAt,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  reader = await t.createUser({ name: 'Rosa Reader' });
  other = await t.createUser({ name: 'Otto Other' });
  // Around midnight in Paris (UTC+1 in March before the clocks change on the 29th).
  await insertSummary(reader.user.id, '2026-03-20T23:30:00Z'); // 21 March in Paris, 20 in UTC
  await insertSummary(reader.user.id, '2026-03-20T22:30:00Z'); // 20 March in both
  await insertSummary(reader.user.id, '2026-03-20T10:00:00Z', {
    original: 300,
    summary: 30,
    ratio: 90,
  });
  await insertSummary(reader.user.id, '2026-03-08T12:00:00Z'); // the chart's first day
  await insertSummary(reader.user.id, '2026-03-07T12:00:00Z'); // one day too old for the chart
  await insertSummary(other.user.id, '2026-03-20T12:00:00Z');
});

afterAll(async () => {
  await t.destroy();
});

// 05:00 UTC on 21 March: 06:00 in Paris (UTC+1), still 22:00 on the 20th in Los Angeles (UTC-7).
const now = new Date('2026-03-21T05:00:00Z');

function counts(analytics: SummaryAnalytics): Record<string, number> {
  return Object.fromEntries(
    analytics.days.filter((day) => day.count > 0).map((day) => [day.day, day.count]),
  );
}

describe('summaryAnalytics', () => {
  it('counts the last 14 days in UTC, oldest first, empty days included', async () => {
    const analytics = await summaryAnalytics(t.deps, reader.user.id, { timeZone: 'UTC', now });
    expect(analytics.days).toHaveLength(USAGE_DAYS);
    expect(analytics.days[0]?.day).toBe('2026-03-08');
    expect(analytics.days.at(-1)?.day).toBe('2026-03-21');
    expect(counts(analytics)).toEqual({ '2026-03-08': 1, '2026-03-20': 3 });
    expect(analytics.timeZone).toBe('UTC');
  });

  it('counts calendar days where the reader is', async () => {
    const paris = await summaryAnalytics(t.deps, reader.user.id, {
      timeZone: 'Europe/Paris',
      now,
    });
    expect(paris.days.at(-1)?.day).toBe('2026-03-21');
    expect(counts(paris)).toEqual({ '2026-03-08': 1, '2026-03-20': 2, '2026-03-21': 1 });

    // In Los Angeles it is still the 20th: the chart ends a day earlier.
    const losAngeles = await summaryAnalytics(t.deps, reader.user.id, {
      timeZone: 'America/Los_Angeles',
      now,
    });
    expect(losAngeles.days[0]?.day).toBe('2026-03-07');
    expect(losAngeles.days.at(-1)?.day).toBe('2026-03-20');
    expect(counts(losAngeles)).toEqual({ '2026-03-07': 1, '2026-03-08': 1, '2026-03-20': 3 });
  });

  it('adds up all of the user’s summaries, and only theirs', async () => {
    const analytics = await summaryAnalytics(t.deps, reader.user.id, { timeZone: 'UTC', now });
    expect(analytics.statistics).toEqual({
      totalSummaries: 5,
      totalOriginalWords: 700,
      totalSummaryWords: 110,
      averageCompressionRatio: 82,
      wordsReduced: 590,
    });
    const empty = await t.createUser({ name: 'Nora New' });
    const none = await summaryAnalytics(t.deps, empty.user.id, { timeZone: 'UTC', now });
    expect(none.statistics.totalSummaries).toBe(0);
    expect(none.days.every((day) => day.count === 0)).toBe(true);
  });
});

describe('GET /api/analytics/summaries', () => {
  it('answers the signed-in user’s analytics for today in their time zone', async () => {
    const res = await t.request('/api/analytics/summaries?tz=Asia/Tokyo', { token: reader.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<SummaryAnalytics>;
    expect(body.success).toBe(true);
    expect(body.data.timeZone).toBe('Asia/Tokyo');
    expect(body.data.days).toHaveLength(USAGE_DAYS);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect(body.data.days.at(-1)?.day).toBe(today);
    expect(body.data.statistics.totalSummaries).toBe(5);
  });

  it('counts in UTC without tz', async () => {
    const res = await t.request('/api/analytics/summaries', { token: other.token });
    const body = (await res.json()) as Envelope<SummaryAnalytics>;
    expect(body.data.timeZone).toBe('UTC');
    expect(body.data.statistics.totalSummaries).toBe(1);
  });

  it.each(['Mars/Olympus_Mons', "UTC'; drop table summaries; --", 'x'.repeat(65)])(
    'refuses the time zone %s with 400',
    async (tz) => {
      const res = await t.request(`/api/analytics/summaries?tz=${encodeURIComponent(tz)}`, {
        token: reader.token,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorEnvelope;
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors?.[0]?.field).toBe('tz');
    },
  );

  it('needs a session', async () => {
    expect((await t.request('/api/analytics/summaries')).status).toBe(401);
  });
});
