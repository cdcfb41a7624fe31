import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { compressionRatio, countWords } from '../../summarizer/summary-metrics';
import {
  createFakeSummarizer,
  FAKE_MODEL,
  FAKE_PROCESSING_MS,
  fakeSummaryOf,
} from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import type {
  SummaryDto,
  SummaryPaginationDto,
  SummaryStatisticsDto,
} from '../../domain/summary-response';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';

interface ListData {
  summaries: SummaryDto[];
  pagination: SummaryPaginationDto;
  statistics: SummaryStatisticsDto;
  total: number;
  totalPages: number;
}

const TEXT =
  'The committee met on Tuesday to review the budget. It approved new funding for the library. ' +
  'Members also discussed the timeline for the bridge repairs, which will start in spring.';

let t: TestApp;
let fake: FakeSummarizer;

beforeAll(async () => {
  fake = createFakeSummarizer();
  t = await createTestApp({ deps: { summarizer: fake } });
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.beforeAnswer = null;
});

function create(user: TestUser, body: unknown) {
  return t.request('/api/summaries', { method: 'POST', token: user.token, json: body });
}

async function createOk(
  user: TestUser,
  content = TEXT,
  customPrompt?: string | null,
): Promise<SummaryDto> {
  const res = await create(user, {
    content,
    ...(customPrompt === undefined ? {} : { customPrompt }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

async function list(
  user: TestUser,
  query = '',
): Promise<{ status: number; body: Envelope<ListData> }> {
  const res = await t.request(`/api/summaries${query}`, { token: user.token });
  return { status: res.status, body: (await res.json()) as Envelope<ListData> };
}

async function credits(user: TestUser): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  return row.credits;
}

async function expectError(
  res: Response,
  status: number,
  code: string,
  message: string,
  field?: string,
) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorEnvelope;
  expect(body).toMatchObject({ success: false, code, message });
  if (field !== undefined) expect(body.errors).toEqual([{ field, message }]);
}

describe('authentication', () => {
  it('answers 401 on every route without a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['POST', '/api/summaries'],
      ['GET', '/api/summaries'],
      ['GET', `/api/summaries/${id}`],
      ['DELETE', `/api/summaries/${id}`],
      ['POST', '/api/summaries/upload'],
      ['POST', `/api/summaries/${id}/regenerate`],
    ] as const) {
      const res = await t.request(path, {
        method,
        json: method === 'POST' ? { content: TEXT } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as ErrorEnvelope).code).toBe('UNAUTHORIZED');
    }
    expect(fake.calls).toHaveLength(0);
  });
});

describe('POST /api/summaries', () => {
  it('creates a summary for 1 credit: the API.md shape, the balance, and one ledger row', async () => {
    const user = await t.createUser({ credits: 5 });
    const res = await create(user, { content: `   ${TEXT}\n\n` });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Envelope<{ summary: SummaryDto; updatedCredits: number }>;
    const summaryText = fakeSummaryOf({ text: TEXT, customPrompt: null });
    const originalWordCount = countWords(TEXT);
    const summaryWordCount = countWords(summaryText);
    expect(body).toEqual({
      success: true,
      message: 'Summary created successfully',
      data: {
        updatedCredits: 4,
        summary: {
          id: expect.any(String),
          _id: body.data.summary.id,
          summarizedContent: summaryText,
          originalContent: TEXT,
          originalWordCount,
          summaryWordCount,
          compressionRatio: compressionRatio(originalWordCount, summaryWordCount),
          processingTime: FAKE_PROCESSING_MS,
          isFallback: false,
          aiModel: FAKE_MODEL,
          customPrompt: null,
          regenerationCount: 0,
          source: 'text',
          fileName: null,
          sourceUrl: null,
          sourceTitle: null,
          ocr: false,
          pageBreaks: [],
          sources: [],
          hiddenText: [],
          instructionLike: [],
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          reviewStatus: 'pending',
          reviewComments: null,
          reviewedBy: null,
          reviewedAt: null,
          length: 'medium',
          format: 'paragraph',
          keywords: [],
          sourceMap: [],
          unverified: [],
          version: 1,
          fallbackReason: null,
          // API.md round 3: no custom prompt.
          promptApplied: null,
          // API.md round 3: an English text, summarized in its own language (none asked).
          sourceLanguage: 'en',
          secondSourceLanguage: null,
          sections: [],
          language: 'en',
          requestedLanguage: null,
        },
      },
    });
    expect(body.data.summary.compressionRatio).toBe(
      Math.round(100 * (1 - summaryWordCount / originalWordCount)),
    );
    expect(fake.calls).toEqual([
      {
        text: TEXT,
        customPrompt: null,
        length: 'medium',
        format: 'paragraph',
        sourceLanguage: 'en',
      },
    ]);
    expect(await credits(user)).toBe(4);
    const ledger = await listCreditMovements(t.db, user.user.id);
    expect(
      ledger.map((row) => [row.reason, row.amount, row.balance_after, row.summary_id]),
    ).toEqual([
      ['signup', 5, 5, null],
      ['summary', -1, 4, body.data.summary.id],
    ]);
  });

  it('stores a custom prompt trimmed, and an empty or blank one as null', async () => {
    const user = await t.createUser({ credits: 5 });
    expect((await createOk(user, TEXT, '  focus on money  ')).customPrompt).toBe('focus on money');
    expect(fake.calls.at(-1)).toEqual({
      text: TEXT,
      customPrompt: 'focus on money',
      length: 'medium',
      format: 'paragraph',
      sourceLanguage: 'en',
    });
    expect((await createOk(user, TEXT, '   ')).customPrompt).toBeNull();
    expect((await createOk(user, TEXT, '')).customPrompt).toBeNull();
    expect((await createOk(user, TEXT, null)).customPrompt).toBeNull();
    expect((await createOk(user, TEXT, 'p'.repeat(500))).customPrompt).toHaveLength(500);
    await expectError(
      await create(user, { content: TEXT, customPrompt: 'p'.repeat(501) }),
      400,
      'VALIDATION_ERROR',
      'Custom prompt must be at most 500 characters',
      'customPrompt',
    );
    await expectError(
      await create(user, { content: TEXT, customPrompt: 42 }),
      400,
      'VALIDATION_ERROR',
      'Custom prompt must be text',
      'customPrompt',
    );
  });

  it('enforces 50..50,000 code points after trimming, with the exact messages', async () => {
    const user = await t.createUser({ credits: 10 });
    const cases: [string, number | 'ok'][] = [
      ['a'.repeat(49), 49],
      [`   ${'a'.repeat(49)}   \n`, 49],
      ['a'.repeat(50), 'ok'],
      ['😀'.repeat(49), 49], // 98 UTF-16 units, 49 characters
      [`${'😀'.repeat(49)}a`, 'ok'], // 99 UTF-16 units, 50 characters, one letter (issue 30)
      ['a'.repeat(50_000), 'ok'],
      [`${'a'.repeat(49_999)}😀`, 'ok'],
      ['a'.repeat(50_001), 50_001],
      ['😀'.repeat(50_001), 50_001],
    ];
    for (const [content, expected] of cases) {
      const res = await create(user, { content });
      if (expected === 'ok') {
        expect(res.status).toBe(201);
        continue;
      }
      const message =
        expected < 50
          ? `Content must be at least 50 characters (current: ${expected})`
          : `Content exceeds maximum 50,000 characters (current: ${expected})`;
      await expectError(res, 400, 'VALIDATION_ERROR', message, 'content');
    }
    expect(await credits(user)).toBe(10 - 4);
  });

  it('requires content as text', async () => {
    const user = await t.createUser();
    await expectError(
      await create(user, {}),
      400,
      'VALIDATION_ERROR',
      'Content is required',
      'content',
    );
    await expectError(
      await create(user, { content: null }),
      400,
      'VALIDATION_ERROR',
      'Content is required',
      'content',
    );
    await expectError(
      await create(user, { content: 12 }),
      400,
      'VALIDATION_ERROR',
      'Content must be text',
      'content',
    );
    const noJson = await t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      body: 'content',
    });
    await expectError(noJson, 400, 'VALIDATION_ERROR', 'Content is required');
    expect(fake.calls).toHaveLength(0);
    expect(await credits(user)).toBe(5);
  });

  it('refuses a NUL byte or a lone surrogate with 400, never 500', async () => {
    const user = await t.createUser();
    await expectError(
      await create(user, { content: `${TEXT}\u0000` }),
      400,
      'VALIDATION_ERROR',
      'Content contains invalid characters',
      'content',
    );
    // A lone surrogate can only arrive as a JSON escape.
    const raw = `{"content": "${TEXT} \\ud800 and more"}`;
    const res = await t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      headers: { 'Content-Type': 'application/json' },
      body: raw,
    });
    await expectError(
      res,
      400,
      'VALIDATION_ERROR',
      'Content contains invalid characters',
      'content',
    );
    expect(await credits(user)).toBe(5);
  });

  it('answers 402 with no credits, before running the summarizer', async () => {
    const user = await t.createUser({ credits: 0 });
    await expectError(
      await create(user, { content: TEXT }),
      402,
      'INSUFFICIENT_CREDITS',
      'Insufficient credits. Please contact support to recharge your account.',
    );
    expect(fake.calls).toHaveLength(0);
    expect(
      await t.db.selectFrom('summaries').selectAll().where('user_id', '=', user.user.id).execute(),
    ).toEqual([]);
  });

  it('answers 402 when the credit is gone by the time the summary is ready', async () => {
    const user = await t.createUser({ credits: 1 });
    fake.beforeAnswer = async () => {
      // Another request spends the last credit while this one is being summarized.
      await t.db.updateTable('users').set({ credits: 0 }).where('id', '=', user.user.id).execute();
    };
    await expectError(
      await create(user, { content: TEXT }),
      402,
      'INSUFFICIENT_CREDITS',
      'Insufficient credits. Please contact support to recharge your account.',
    );
    expect(
      await t.db.selectFrom('summaries').selectAll().where('user_id', '=', user.user.id).execute(),
    ).toEqual([]);
    expect(await listCreditMovements(t.db, user.user.id)).toHaveLength(1);
  });

  it('charges nothing when the summarizer fails: 503 SUMMARIZER_UNAVAILABLE, logged', async () => {
    const user = await t.createUser({ credits: 3 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.beforeAnswer = () => {
      throw new Error('provider exploded at /srv/secret/path.ts');
    };
    const res = await create(user, { content: TEXT });
    expect(res.status).toBe(503);
    const body = (await res.json()) as ErrorEnvelope;
    expect(body).toEqual({
      success: false,
      code: 'SUMMARIZER_UNAVAILABLE',
      message: 'Failed to create summary',
    });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/The summarizer failed/);
    expect(await credits(user)).toBe(3);
    expect(await listCreditMovements(t.db, user.user.id)).toHaveLength(1);
    expect(
      await t.db.selectFrom('summaries').selectAll().where('user_id', '=', user.user.id).execute(),
    ).toEqual([]);
  });

  it('works with the real (local) summarizer of the test config', async () => {
    const real = await createTestApp({ database: t.database });
    const user = await real.createUser();
    const res = await real.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: `${TEXT} ${TEXT.replaceAll('committee', 'council')}` },
    });
    expect(res.status).toBe(201);
    const { summary } = ((await res.json()) as Envelope<{ summary: SummaryDto }>).data;
    expect(summary).toMatchObject({
      isFallback: true,
      aiModel: LOCAL_SUMMARIZER_MODEL,
      reviewStatus: 'pending',
    });
    expect(summary.summarizedContent.length).toBeGreaterThan(0);
    expect(summary.summaryWordCount).toBe(countWords(summary.summarizedContent));
    await real.destroy();
  });
});

describe('GET /api/summaries', () => {
  let owner: TestUser;
  /** The owner's summary ids, newest first. */
  let newestFirst: string[];

  beforeAll(async () => {
    owner = await t.createUser();
    const other = await t.createUser();
    // 23 summaries over 20 distinct times (three pairs share one) so the id tie-break shows.
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 23 }, (_, index) => ({
      user_id: owner.user.id,
      original_content: `original ${index}`,
      summarized_content: `summary ${index}`,
      original_word_count: 100 + index,
      summary_word_count: 10,
      compression_ratio: index % 2 === 0 ? 90 : 80,
      processing_time: 5,
      ai_model: 'seed',
      created_at: new Date(base + Math.min(index, 19) * 60_000),
    }));
    await t.db.insertInto('summaries').values(rows).execute();
    await t.db
      .insertInto('summaries')
      .values({ ...rows[0]!, user_id: other.user.id, original_content: 'not yours' })
      .execute();
    const stored = await t.db
      .selectFrom('summaries')
      .select(['id', 'created_at'])
      .where('user_id', '=', owner.user.id)
      .execute();
    newestFirst = stored
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
  });

  it('lists own summaries, 10 per page by default, newest first, with totals', async () => {
    const { status, body } = await list(owner);
    expect(status).toBe(200);
    expect(body.data.summaries.map((summary) => summary.id)).toEqual(newestFirst.slice(0, 10));
    expect(body.data.summaries.every((summary) => summary.originalContent !== 'not yours')).toBe(
      true,
    );
    expect(body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalSummaries: 23,
      total: 23,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(body.data.total).toBe(23);
    expect(body.data.totalPages).toBe(3);
    const originalWords = Array.from({ length: 23 }, (_, index) => 100 + index).reduce(
      (a, b) => a + b,
      0,
    );
    expect(body.data.statistics).toEqual({
      totalSummaries: 23,
      totalOriginalWords: originalWords,
      totalSummaryWords: 230,
      averageCompressionRatio: Math.round((12 * 90 + 11 * 80) / 23),
      wordsReduced: originalWords - 230,
    });
  });

  it('pages without overlap or gaps, ties broken by id', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const { body } = await list(owner, `?page=${page}&limit=5`);
      seen.push(...body.data.summaries.map((summary) => summary.id));
      expect(body.data.pagination).toMatchObject({
        currentPage: page,
        totalPages: 5,
        hasNextPage: page < 5,
        hasPrevPage: page > 1,
      });
    }
    expect(seen).toEqual(newestFirst);
  });

  it('answers a page beyond the last with an empty list and the right totals', async () => {
    const { status, body } = await list(owner, '?page=4&limit=10');
    expect(status).toBe(200);
    expect(body.data.summaries).toEqual([]);
    expect(body.data.pagination).toEqual({
      currentPage: 4,
      totalPages: 3,
      totalSummaries: 23,
      total: 23,
      hasNextPage: false,
      hasPrevPage: true,
    });
    expect(body.data.statistics.totalSummaries).toBe(23);
    const huge = await list(owner, '?page=900719925474099');
    expect(huge.status).toBe(200);
    expect(huge.body.data.summaries).toEqual([]);
  });

  it('takes a limit of 1 to 100', async () => {
    expect((await list(owner, '?limit=100')).body.data.summaries).toHaveLength(23);
    expect(
      (await list(owner, '?limit=1')).body.data.summaries.map((summary) => summary.id),
    ).toEqual([newestFirst[0]]);
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=-1', '?limit=2.5']) {
      const res = await t.request(`/api/summaries${query}`, { token: owner.token });
      await expectError(
        res,
        400,
        'VALIDATION_ERROR',
        'Limit must be a whole number from 1 to 100',
        'limit',
      );
    }
    for (const query of ['?page=0', '?page=x', '?page=1e3', '?page=99999999999999999999']) {
      const res = await t.request(`/api/summaries${query}`, { token: owner.token });
      await expectError(
        res,
        400,
        'VALIDATION_ERROR',
        'Page must be a whole number of 1 or more',
        'page',
      );
    }
  });

  it('gives a user with no summaries zeros and no pages', async () => {
    const { body } = await list(await t.createUser());
    expect(body.data).toEqual({
      summaries: [],
      pagination: {
        currentPage: 1,
        totalPages: 0,
        totalSummaries: 0,
        total: 0,
        hasNextPage: false,
        hasPrevPage: false,
      },
      statistics: {
        totalSummaries: 0,
        totalOriginalWords: 0,
        totalSummaryWords: 0,
        averageCompressionRatio: 0,
        wordsReduced: 0,
      },
      total: 0,
      totalPages: 0,
    });
  });
});

describe('GET and DELETE /api/summaries/:id', () => {
  it('returns the own summary, with its reviewer', async () => {
    const user = await t.createUser();
    const reviewer = await t.createUser({ role: 'reviewer', name: 'Rita Reviewer' });
    const created = await createOk(user);
    const reviewedAt = new Date('2026-03-04T05:06:07.000Z');
    await t.db
      .updateTable('summaries')
      .set({
        review_status: 'approved',
        review_comments: 'Fine',
        reviewed_by: reviewer.user.id,
        reviewed_at: reviewedAt,
      })
      .where('id', '=', created.id)
      .execute();
    const res = await t.request(`/api/summaries/${created.id}`, { token: user.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ summary: SummaryDto }>;
    expect(body).toEqual({
      success: true,
      data: {
        summary: {
          ...created,
          reviewStatus: 'approved',
          reviewComments: 'Fine',
          reviewedBy: { id: reviewer.user.id, name: 'Rita Reviewer' },
          reviewedAt: reviewedAt.toISOString(),
          // Only GET /:id says whether the owner shares it (issue 28).
          share: null,
        },
      },
    });
  });

  it("answers 404 for someone else's summary, a missing one and a malformed id, on every route", async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const summary = await createOk(owner);
    fake.calls.length = 0;
    const ids = [
      summary.id,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      `${summary.id}x`,
      '1',
    ];
    for (const id of ids) {
      const token = stranger.token;
      for (const res of [
        await t.request(`/api/summaries/${encodeURIComponent(id)}`, { token }),
        await t.request(`/api/summaries/${encodeURIComponent(id)}`, { method: 'DELETE', token }),
        await t.request(`/api/summaries/${encodeURIComponent(id)}/regenerate`, {
          method: 'POST',
          token,
          json: {},
        }),
      ]) {
        await expectError(res, 404, 'NOT_FOUND', 'Summary not found');
      }
    }
    expect(fake.calls).toHaveLength(0);
    const still = await t.request(`/api/summaries/${summary.id}`, { token: owner.token });
    expect(still.status).toBe(200);
    expect(await credits(stranger)).toBe(5);
  });

  it('deletes the own summary: 200 with a body, then 404; the ledger row stays, unlinked, and nothing is refunded', async () => {
    const user = await t.createUser();
    const summary = await createOk(user);
    const res = await t.request(`/api/summaries/${summary.id}`, {
      method: 'DELETE',
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { id: summary.id },
      message: 'Summary deleted successfully',
    });
    await expectError(
      await t.request(`/api/summaries/${summary.id}`, { token: user.token }),
      404,
      'NOT_FOUND',
      'Summary not found',
    );
    await expectError(
      await t.request(`/api/summaries/${summary.id}`, { method: 'DELETE', token: user.token }),
      404,
      'NOT_FOUND',
      'Summary not found',
    );
    const ledger = await listCreditMovements(t.db, user.user.id);
    expect(ledger.map((row) => [row.reason, row.amount, row.summary_id])).toEqual([
      ['signup', 5, null],
      ['summary', -1, null],
    ]);
    expect(await credits(user)).toBe(4);
    expect((await list(user)).body.data.total).toBe(0);
  });
});

describe('POST /api/summaries/:id/regenerate', () => {
  it('is free, counts up, stores the prompt and puts the review back to pending', async () => {
    const user = await t.createUser({ credits: 1 });
    const reviewer = await t.createUser({ role: 'reviewer', name: 'Rex' });
    const created = await createOk(user);
    expect(await credits(user)).toBe(0);
    await t.db
      .updateTable('summaries')
      .set({
        review_status: 'rejected',
        review_comments: 'Too long',
        reviewed_by: reviewer.user.id,
        reviewed_at: new Date(),
      })
      .where('id', '=', created.id)
      .execute();

    const regenerate = (body: unknown) =>
      t.request(`/api/summaries/${created.id}/regenerate`, {
        method: 'POST',
        token: user.token,
        json: body,
      });

    const first = await regenerate({ customPrompt: '  only the dates  ' });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as Envelope<{
      summary: SummaryDto;
      statistics: SummaryStatisticsDto;
    }>;
    const expectedText = fakeSummaryOf({ text: TEXT, customPrompt: 'only the dates' });
    expect(firstBody.message).toBe('Summary regenerated successfully');
    expect(firstBody.data.summary).toEqual({
      ...created,
      summarizedContent: expectedText,
      summaryWordCount: countWords(expectedText),
      compressionRatio: compressionRatio(created.originalWordCount, countWords(expectedText)),
      customPrompt: 'only the dates',
      // A summarizer that does not say (as Gemini) follows the prompt.
      promptApplied: true,
      regenerationCount: 1,
      version: 2,
      // New text needs a new review: the old verdict is cleared (it stays in review_events).
      reviewStatus: 'pending',
      reviewComments: null,
      reviewedBy: null,
      reviewedAt: null,
      updatedAt: expect.any(String),
    });
    expect(Date.parse(firstBody.data.summary.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt),
    );
    expect(fake.calls.at(-1)).toEqual({
      text: TEXT,
      customPrompt: 'only the dates',
      length: 'medium',
      format: 'paragraph',
      sourceLanguage: 'en',
    });
    expect(firstBody.data.statistics).toEqual((await list(user)).body.data.statistics);
    expect(firstBody.data.statistics.totalSummaries).toBe(1);

    const second = await regenerate({ customPrompt: null });
    const secondBody = (await second.json()) as Envelope<{ summary: SummaryDto }>;
    expect(secondBody.data.summary).toMatchObject({
      regenerationCount: 2,
      customPrompt: null,
      summarizedContent: fakeSummaryOf({ text: TEXT, customPrompt: null }),
    });
    const third = await t.request(`/api/summaries/${created.id}/regenerate`, {
      method: 'POST',
      token: user.token,
    });
    expect(third.status).toBe(200);
    expect(
      ((await third.json()) as Envelope<{ summary: SummaryDto }>).data.summary.regenerationCount,
    ).toBe(3);

    expect(await credits(user)).toBe(0);
    expect(await listCreditMovements(t.db, user.user.id)).toHaveLength(2);
  });

  it('validates the custom prompt', async () => {
    const user = await t.createUser();
    const summary = await createOk(user);
    const res = await t.request(`/api/summaries/${summary.id}/regenerate`, {
      method: 'POST',
      token: user.token,
      json: { customPrompt: 'x'.repeat(501) },
    });
    await expectError(
      res,
      400,
      'VALIDATION_ERROR',
      'Custom prompt must be at most 500 characters',
      'customPrompt',
    );
  });

  it('leaves the summary as it was when the summarizer fails', async () => {
    const user = await t.createUser();
    const summary = await createOk(user);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.beforeAnswer = () => {
      throw new Error('down');
    };
    const res = await t.request(`/api/summaries/${summary.id}/regenerate`, {
      method: 'POST',
      token: user.token,
      json: { customPrompt: 'again' },
    });
    await expectError(res, 503, 'SUMMARIZER_UNAVAILABLE', 'Failed to regenerate summary');
    expect(logged).toHaveBeenCalledTimes(1);
    const after = await t.request(`/api/summaries/${summary.id}`, { token: user.token });
    expect(((await after.json()) as Envelope<{ summary: SummaryDto }>).data.summary).toEqual({
      ...summary,
      share: null,
    });
  });

  it('answers 404 when the summary is deleted while being regenerated', async () => {
    const user = await t.createUser();
    const summary = await createOk(user);
    fake.beforeAnswer = async () => {
      await t.db.deleteFrom('summaries').where('id', '=', summary.id).execute();
    };
    const res = await t.request(`/api/summaries/${summary.id}/regenerate`, {
      method: 'POST',
      token: user.token,
      json: {},
    });
    await expectError(res, 404, 'NOT_FOUND', 'Summary not found');
  });
});

describe('database rules', () => {
  it('deleting a user deletes their summaries and keeps the ledger, unlinked from both', async () => {
    const user = await t.createUser();
    const summary = await createOk(user);
    await t.db.deleteFrom('users').where('id', '=', user.user.id).execute();
    expect(
      await t.db.selectFrom('summaries').selectAll().where('id', '=', summary.id).execute(),
    ).toEqual([]);
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('reason', '=', 'summary')
      .where('user_id', 'is', null)
      .where('summary_id', 'is', null)
      .execute();
    expect(ledger.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the ledger append-only for everything but unlinking', async () => {
    const user = await t.createUser();
    const summary = await createOk(user);
    const other = await createOk(user);
    const query = t.db.updateTable('credit_ledger').where('summary_id', '=', summary.id);
    await expect(query.set({ summary_id: other.id }).execute()).rejects.toThrow(/append-only/);
    await expect(query.set({ amount: -5 }).execute()).rejects.toThrow(/append-only/);
  });

  it('refuses review statuses and sources outside the lists', async () => {
    const user = await t.createUser();
    const summary = await createOk(user);
    await expect(
      sql`update summaries set review_status = 'great' where id = ${summary.id}`.execute(t.db),
    ).rejects.toThrow(/check constraint/);
    await expect(
      sql`update summaries set source = 'html' where id = ${summary.id}`.execute(t.db),
    ).rejects.toThrow(/check constraint/);
  });
});
