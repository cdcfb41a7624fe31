import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewStatus } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import type { StaffSummaryDto, SummaryDto } from '../../domain/summary-response';
import type { ReviewHistoryDto, ReviewStatisticsDto } from './review-response';
import type { ReviewStatusCounts } from '../../db/staff-summaries.repository';
import {
  REJECTION_REASON_MESSAGE,
  REVIEW_ACTION_MESSAGE,
  REVIEW_COMMENTS_TOO_LONG_MESSAGE,
} from './reviews.schemas';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';

interface PendingBody {
  success: true;
  data: StaffSummaryDto[];
  statistics: ReviewStatusCounts;
}

const ORIGINAL =
  'The committee met on Tuesday to review the budget. It approved new funding for the library.';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let author: TestUser;
let clock = Date.parse('2026-06-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
  reviewer = await t.createUser({ role: 'reviewer', name: 'Rita Reviewer' });
  author = await t.createUser({ name: 'Uma Author' });
});

afterAll(async () => {
  await t.destroy();
});

/** Inserts a summary, each a minute older than the one before (so newest-first order is known). */
async function insertSummary(
  app: TestApp,
  userId: string,
  reviewStatus: ReviewStatus = 'pending',
): Promise<string> {
  clock -= 60_000;
  const row = await app.db
    .insertInto('summaries')
    .values({
      user_id: userId,
      original_content: ORIGINAL,
      summarized_content: 'The committee approved library funding.',
      original_word_count: 16,
      summary_word_count: 5,
      compression_ratio: 69,
      processing_time: 12,
      ai_model: 'test-model',
      review_status: reviewStatus,
      created_at: new Date(clock),
      updated_at: new Date(clock),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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

function submit(user: TestUser, id: string, body: unknown) {
  return t.request(`/api/reviews/${id}/submit`, { method: 'POST', token: user.token, json: body });
}

async function submitOk(user: TestUser, id: string, body: unknown): Promise<StaffSummaryDto> {
  const res = await submit(user, id, body);
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<{ summary: StaffSummaryDto }>).data.summary;
}

async function history(user: TestUser, id: string): Promise<ReviewHistoryDto> {
  const res = await t.request(`/api/reviews/${id}/history`, { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<ReviewHistoryDto>).data;
}

async function stats(user: TestUser): Promise<ReviewStatisticsDto> {
  const res = await t.request('/api/reviews/stats', { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<ReviewStatisticsDto>).data;
}

async function pending(user: TestUser, query = ''): Promise<PendingBody> {
  const res = await t.request(`/api/reviews/pending${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as PendingBody;
}

/** Every summary counted by status straight from the database. */
async function countedInDatabase(app: TestApp = t): Promise<ReviewStatusCounts> {
  const rows = await app.db.selectFrom('summaries').select('review_status').execute();
  const counts = { total: rows.length, pending: 0, approved: 0, rejected: 0, needs_revision: 0 };
  for (const row of rows) counts[row.review_status] += 1;
  return counts;
}

describe('access', () => {
  const routes = (id: string) =>
    [
      ['GET', '/api/reviews/stats', undefined],
      ['GET', '/api/reviews/pending', undefined],
      ['POST', `/api/reviews/${id}/submit`, { action: 'approved' }],
      ['GET', `/api/reviews/${id}/history`, undefined],
    ] as const;

  it('answers 401 without a token', async () => {
    const id = await insertSummary(t, author.user.id);
    for (const [method, path, json] of routes(id)) {
      await expectError(
        await t.request(path, { method, json }),
        401,
        'UNAUTHORIZED',
        'Please sign in to continue',
      );
    }
  });

  it.each(['user', 'editor'] as const)('answers 403 to a %s and changes nothing', async (role) => {
    const outsider = await t.createUser({ role });
    const id = await insertSummary(t, author.user.id);
    for (const [method, path, json] of routes(id)) {
      await expectError(
        await t.request(path, { method, json, token: outsider.token }),
        403,
        'FORBIDDEN',
        "You don't have permission to perform this action",
      );
    }
    const stored = await t.db
      .selectFrom('summaries')
      .select('review_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.review_status).toBe('pending');
  });

  it('lets a reviewer and an admin use every route', async () => {
    for (const staff of [reviewer, admin]) {
      const id = await insertSummary(t, author.user.id);
      for (const [method, path, json] of routes(id)) {
        const res = await t.request(path, { method, json, token: staff.token });
        expect(res.status, `${staff.user.role} ${method} ${path}`).toBe(200);
      }
    }
  });

  it('answers 403 to a reviewer on the admin routes', async () => {
    for (const path of ['/api/admin/users', '/api/admin/summaries']) {
      const res = await t.request(path, { token: reviewer.token });
      expect(res.status).toBe(403);
    }
  });
});

describe('POST /api/reviews/:id/submit', () => {
  it('approves without comments: status, reviewer and date set, history appended, audited', async () => {
    const id = await insertSummary(t, author.user.id);
    const res = await submit(reviewer, id, { action: 'approved', comments: '   ' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ summary: StaffSummaryDto }>;
    expect(body.message).toBe('Review submitted successfully');
    const { summary } = body.data;
    expect(summary).toMatchObject({
      id,
      reviewStatus: 'approved',
      reviewComments: null,
      reviewedBy: { id: reviewer.user.id, name: 'Rita Reviewer' },
      user: { id: author.user.id, name: 'Uma Author', email: author.user.email, role: 'user' },
    });
    expect(Date.now() - Date.parse(summary.reviewedAt ?? '')).toBeLessThan(60_000);

    const events = await t.db
      .selectFrom('review_events')
      .selectAll()
      .where('summary_id', '=', id)
      .execute();
    expect(events).toEqual([
      expect.objectContaining({
        reviewer_id: reviewer.user.id,
        reviewer_name: 'Rita Reviewer',
        action: 'approved',
        comments: null,
      }),
    ]);
    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: reviewer.user.id,
        action: 'summary.reviewed',
        target_type: 'summary',
        details: { action: 'approved', reviewEventId: events[0]?.id },
      }),
    ]);
  });

  it('rejects with a reason and requests a revision with optional comments', async () => {
    const id = await insertSummary(t, author.user.id);
    expect(
      await submitOk(admin, id, { action: 'rejected', comments: '  Off topic.  ' }),
    ).toMatchObject({
      reviewStatus: 'rejected',
      reviewComments: 'Off topic.',
      reviewedBy: { id: admin.user.id, name: 'Ada Admin' },
    });
    expect(await submitOk(reviewer, id, { action: 'needs_revision' })).toMatchObject({
      reviewStatus: 'needs_revision',
      reviewComments: null,
      reviewedBy: { id: reviewer.user.id, name: 'Rita Reviewer' },
    });
    // The author sees the latest review on their own summary.
    const own = await t.request(`/api/summaries/${id}`, { token: author.token });
    expect(own.status).toBe(200);
    expect(((await own.json()) as Envelope<{ summary: SummaryDto }>).data.summary).toMatchObject({
      reviewStatus: 'needs_revision',
      reviewedBy: { id: reviewer.user.id, name: 'Rita Reviewer' },
    });
  });

  it.each([
    ['no comments', { action: 'rejected' }],
    ['null comments', { action: 'rejected', comments: null }],
    ['empty comments', { action: 'rejected', comments: '' }],
    ['blank comments', { action: 'rejected', comments: ' \n ' }],
  ])('refuses a rejection with %s (400) and writes nothing', async (_, json) => {
    const id = await insertSummary(t, author.user.id);
    await expectError(
      await submit(reviewer, id, json),
      400,
      'VALIDATION_ERROR',
      REJECTION_REASON_MESSAGE,
      'comments',
    );
    const events = await t.db
      .selectFrom('review_events')
      .select('id')
      .where('summary_id', '=', id)
      .execute();
    expect(events).toEqual([]);
  });

  it.each([
    ['an unknown action', { action: 'approve' }, 'action', REVIEW_ACTION_MESSAGE],
    ['the pending action', { action: 'pending' }, 'action', REVIEW_ACTION_MESSAGE],
    ['no action', { comments: 'Nice' }, 'action', REVIEW_ACTION_MESSAGE],
    [
      'comments over 2,000 characters',
      { action: 'approved', comments: 'a'.repeat(2_001) },
      'comments',
      REVIEW_COMMENTS_TOO_LONG_MESSAGE,
    ],
    [
      'comments that are not text',
      { action: 'approved', comments: 5 },
      'comments',
      'Comments must be text',
    ],
  ])('refuses %s with 400', async (_, json, field, message) => {
    const id = await insertSummary(t, author.user.id);
    await expectError(await submit(reviewer, id, json), 400, 'VALIDATION_ERROR', message, field);
  });

  it('accepts comments of exactly 2,000 characters', async () => {
    const id = await insertSummary(t, author.user.id);
    const comments = 'é'.repeat(2_000);
    expect((await submitOk(reviewer, id, { action: 'rejected', comments })).reviewComments).toBe(
      comments,
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'x1']) {
      await expectError(
        await submit(reviewer, id, { action: 'approved' }),
        404,
        'NOT_FOUND',
        'Summary not found',
      );
    }
  });
});

describe('GET /api/reviews/:id/history', () => {
  it('lists every review oldest first, and keeps a deleted reviewer by name', async () => {
    const id = await insertSummary(t, author.user.id);
    expect(await history(reviewer, id)).toEqual({
      currentStatus: 'pending',
      currentComments: null,
      reviewedBy: null,
      reviewedAt: null,
      history: [],
    });

    const leaving = await t.createUser({ role: 'reviewer', name: 'Lee Leaving' });
    await submitOk(leaving, id, { action: 'rejected', comments: 'Too long' });
    await submitOk(reviewer, id, { action: 'needs_revision', comments: 'Shorten it' });
    const latest = await submitOk(leaving, id, { action: 'approved', comments: 'Good now' });

    const before = await history(admin, id);
    expect(before).toMatchObject({
      currentStatus: 'approved',
      currentComments: 'Good now',
      reviewedBy: { id: leaving.user.id, name: 'Lee Leaving' },
      reviewedAt: latest.reviewedAt,
    });
    expect(before.history.map((entry) => [entry.action, entry.reviewer, entry.comments])).toEqual([
      ['rejected', { id: leaving.user.id, name: 'Lee Leaving' }, 'Too long'],
      ['needs_revision', { id: reviewer.user.id, name: 'Rita Reviewer' }, 'Shorten it'],
      ['approved', { id: leaving.user.id, name: 'Lee Leaving' }, 'Good now'],
    ]);
    const times = before.history.map((entry) => Date.parse(entry.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The reviewer's account goes; the history still names them.
    expect(
      (
        await t.request(`/api/admin/users/${leaving.user.id}`, {
          method: 'DELETE',
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const after = await history(reviewer, id);
    expect(after).toMatchObject({
      currentStatus: 'approved',
      currentComments: 'Good now',
      reviewedBy: null,
      reviewedAt: latest.reviewedAt,
    });
    expect(after.history.map((entry) => entry.reviewer)).toEqual([
      { id: null, name: 'Lee Leaving' },
      { id: reviewer.user.id, name: 'Rita Reviewer' },
      { id: null, name: 'Lee Leaving' },
    ]);
    expect(after.history.map((entry) => entry.timestamp)).toEqual(
      before.history.map((entry) => entry.timestamp),
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'nope']) {
      await expectError(
        await t.request(`/api/reviews/${id}/history`, { token: reviewer.token }),
        404,
        'NOT_FOUND',
        'Summary not found',
      );
    }
  });
});

describe('GET /api/reviews/stats and /pending', () => {
  it('counts every summary by status and the reviewer’s own reviews by action', async () => {
    const counter = await t.createUser({ role: 'reviewer', name: 'Cora Counter' });
    expect((await stats(counter)).myReviews).toEqual({
      total: 0,
      approved: 0,
      rejected: 0,
      needs_revision: 0,
    });
    const first = await insertSummary(t, author.user.id);
    const second = await insertSummary(t, author.user.id);
    await insertSummary(t, author.user.id, 'approved');
    await submitOk(counter, first, { action: 'approved' });
    await submitOk(counter, first, { action: 'rejected', comments: 'On second thought, no' });
    await submitOk(counter, second, { action: 'needs_revision' });
    await submitOk(counter, second, { action: 'needs_revision' });
    await submitOk(reviewer, second, { action: 'approved' });

    const own = await stats(counter);
    expect(own.myReviews).toEqual({ total: 4, approved: 1, rejected: 1, needs_revision: 2 });
    expect(own.overall).toEqual(await countedInDatabase());
    expect(own.overall.total).toBe(
      own.overall.pending +
        own.overall.approved +
        own.overall.rejected +
        own.overall.needs_revision,
    );
    // Another reviewer's own counts are theirs alone.
    const others = await t.db
      .selectFrom('review_events')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('reviewer_id', '=', reviewer.user.id)
      .executeTakeFirstOrThrow();
    expect((await stats(reviewer)).myReviews.total).toBe(others.count);
  });

  it('lists pending summaries newest first by default, all with status=all', async () => {
    const waiting = await insertSummary(t, author.user.id);
    const done = await insertSummary(t, author.user.id, 'rejected');

    const queue = await pending(reviewer);
    expect(queue.success).toBe(true);
    expect(queue.data.every((summary) => summary.reviewStatus === 'pending')).toBe(true);
    expect(queue.data.map((summary) => summary.id)).toContain(waiting);
    expect(queue.data.map((summary) => summary.id)).not.toContain(done);
    const counts = await countedInDatabase();
    expect(queue.data).toHaveLength(counts.pending);
    expect(queue.statistics).toEqual(counts);
    const times = queue.data.map((summary) => Date.parse(summary.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(queue.data[0]).toMatchObject({
      user: { id: author.user.id, name: 'Uma Author', email: author.user.email, role: 'user' },
    });

    const everything = await pending(admin, '?status=all&limit=100');
    expect(everything.data).toHaveLength(Math.min(100, counts.total));
    expect(everything.data.map((summary) => summary.id)).toContain(done);
    expect((await pending(reviewer, '?status=pending')).data).toEqual(queue.data);

    const one = await pending(reviewer, '?status=all&limit=1');
    expect(one.data).toHaveLength(1);
    expect(one.data[0]?.id).toBe(everything.data[0]?.id);
  });

  it('answers with at most 100 by default', async () => {
    const before = (await countedInDatabase()).total;
    for (let index = before; index < 101; index += 1) await insertSummary(t, author.user.id);
    expect((await pending(reviewer, '?status=all')).data).toHaveLength(100);
  });

  it.each([
    ['?status=approved', 'status', 'Status must be pending or all'],
    ['?limit=0', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?limit=1.5', 'limit', 'Limit must be a whole number from 1 to 100'],
  ])('refuses %s with 400', async (query, field, message) => {
    await expectError(
      await t.request(`/api/reviews/pending${query}`, { token: reviewer.token }),
      400,
      'VALIDATION_ERROR',
      message,
      field,
    );
  });
});

describe('an unknown stored review status', () => {
  let legacy: TestApp;

  beforeAll(async () => {
    legacy = await createTestApp();
    // Data from before the CHECK constraint (an import, an old version) may hold any status.
    await sql`alter table summaries drop constraint summaries_review_status_check`.execute(
      legacy.db,
    );
  });

  afterAll(async () => {
    await legacy.destroy();
  });

  it('shows as pending in every response', async () => {
    const staff = await legacy.createUser({ role: 'admin' });
    const owner = await legacy.createUser();
    const id = await insertSummary(legacy, owner.user.id);
    await insertSummary(legacy, owner.user.id, 'approved');
    await sql`update summaries set review_status = 'escalated' where id = ${id}`.execute(legacy.db);

    const get = async <T>(path: string, token: string) => {
      const res = await legacy.request(path, { token });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    const queue = await get<PendingBody>('/api/reviews/pending', staff.token);
    expect(queue.data.map((summary) => [summary.id, summary.reviewStatus])).toEqual([
      [id, 'pending'],
    ]);
    expect(queue.statistics).toEqual({
      total: 2,
      pending: 1,
      approved: 1,
      rejected: 0,
      needs_revision: 0,
    });
    const all = await get<PendingBody>('/api/reviews/pending?status=all', staff.token);
    expect(all.data.find((summary) => summary.id === id)?.reviewStatus).toBe('pending');
    const overview = await get<Envelope<ReviewStatisticsDto>>('/api/reviews/stats', staff.token);
    expect(overview.data.overall.pending).toBe(1);
    const record = await get<Envelope<ReviewHistoryDto>>(`/api/reviews/${id}/history`, staff.token);
    expect(record.data.currentStatus).toBe('pending');
    const listing = await get<Envelope<{ summaries: StaffSummaryDto[] }>>(
      '/api/admin/summaries',
      staff.token,
    );
    expect(listing.data.summaries.find((summary) => summary.id === id)?.reviewStatus).toBe(
      'pending',
    );
    const own = await get<Envelope<{ summary: SummaryDto }>>(`/api/summaries/${id}`, owner.token);
    expect(own.data.summary.reviewStatus).toBe('pending');
  });
});
