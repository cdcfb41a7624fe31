import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaginationDto } from '../../lib/page-query';
import type { StaffSummaryDto, SummaryPaginationDto } from '../../domain/summary-response';
import type { UserResponse } from '../../domain/user-response';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import type { AdminUserStatistics } from './admin-users.service';
import {
  ROLE_FILTER_MESSAGE,
  STATUS_FILTER_MESSAGE,
  USER_ID_FILTER_MESSAGE,
} from './admin.schemas';

/*
 * Issue 13: the staff lists at scale (API.md "Additions"): admin users, everyone's summaries
 * and the review queue paginated, searched and filtered on the server, with real totals.
 * 130 users and 240 summaries are written with SQL, so every page size can be tried at its limit.
 */

interface UsersData {
  users: UserResponse[];
  statistics: AdminUserStatistics;
  pagination: PaginationDto;
}
interface StatusCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  needs_revision: number;
}
interface SummariesData {
  summaries: StaffSummaryDto[];
  pagination: SummaryPaginationDto;
  statistics: StatusCounts;
}
interface ReviewList {
  success: true;
  data: StaffSummaryDto[];
  statistics: StatusCounts;
  pagination: SummaryPaginationDto;
}

const BULK_USERS = 120;
const BULK_SUMMARIES = 240;

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reviewer: TestUser;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin', credits: 7 });
  editor = await t.createUser({ role: 'editor', name: 'Eddie Editor', credits: 3 });
  reviewer = await t.createUser({ role: 'reviewer', name: 'Rita Reviewer', credits: 2 });
  author = await t.createUser({ name: 'Zelda Quill', email: 'zelda.quill@example.org' });
  // 120 more users: every fourth an editor, the rest users; names "Bulk User 001".. and a
  // creation time a minute apart, so the order is known.
  await sql`
    insert into users (name, email, password_hash, role, credits, created_at, updated_at)
    select 'Bulk User ' || lpad(n::text, 3, '0'), 'bulk' || n || '@example.com', 'x',
           case when n % 4 = 0 then 'editor' else 'user' end, n,
           timestamptz '2026-01-01' + n * interval '1 minute',
           timestamptz '2026-01-01' + n * interval '1 minute'
    from generate_series(1, ${BULK_USERS}) as n
  `.execute(t.db);
  // 240 summaries by the author: the 60 first are about gardens, the rest about budgets;
  // one in three is approved, the others pending.
  await sql`
    insert into summaries (user_id, original_content, summarized_content, original_word_count,
      summary_word_count, compression_ratio, processing_time, ai_model, review_status,
      created_at, updated_at)
    select ${author.user.id},
           case when n <= 60 then 'The gardens of the city bloom in spring. Volunteers plant roses.'
                else 'The council reviewed the budget. Spending on roads will rise next year.' end,
           case when n <= 60 then 'Gardens bloom.' else 'Budget reviewed.' end,
           11, 2, 82, 5, 'test-model',
           case when n % 3 = 0 then 'approved' else 'pending' end,
           timestamptz '2026-02-01' + n * interval '1 minute',
           timestamptz '2026-02-01' + n * interval '1 minute'
    from generate_series(1, ${BULK_SUMMARIES}) as n
  `.execute(t.db);
});

afterAll(async () => {
  await t.destroy();
});

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  return (await res.json()) as T;
}

async function expectValidation(res: Response, field: string, message: string) {
  const body = await json<ErrorEnvelope>(res, 400);
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  expect(body.errors).toEqual([{ field, message }]);
}

async function users(query = ''): Promise<UsersData> {
  const res = await t.request(`/api/admin/users${query}`, { token: admin.token });
  return (await json<Envelope<UsersData>>(res)).data;
}

async function allSummaries(query = '', as: TestUser = editor): Promise<SummariesData> {
  const res = await t.request(`/api/admin/summaries${query}`, { token: as.token });
  return (await json<Envelope<SummariesData>>(res)).data;
}

async function reviewList(query = ''): Promise<ReviewList> {
  const res = await t.request(`/api/reviews/pending${query}`, { token: reviewer.token });
  return json<ReviewList>(res);
}

async function countRows(table: 'users' | 'summaries', where = sql`true`): Promise<number> {
  const row = await sql<{
    count: number;
  }>`select count(*)::int as count from ${sql.table(table)} where ${where}`.execute(t.db);
  return row.rows[0]?.count ?? 0;
}

describe('GET /api/admin/users', () => {
  it('answers its first page of 50 without a page, and counts every user in statistics', async () => {
    const total = await countRows('users');
    expect(total).toBe(BULK_USERS + 4);
    const data = await users();
    expect(data.users).toHaveLength(50);
    expect(data.pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(total / 50),
      total,
      limit: 50,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const credits = await sql<{
      sum: number;
    }>`select sum(credits)::int as sum from users`.execute(t.db);
    expect(data.statistics).toEqual({
      totalUsers: total,
      totalCredits: credits.rows[0]?.sum,
      roleDistribution: {
        user: await countRows('users', sql`role = 'user'`),
        editor: await countRows('users', sql`role = 'editor'`),
        reviewer: 1,
        admin: 1,
      },
    });
    // Newest first: the four named users were created now, the bulk ones in January.
    const times = data.users.map((user) => Date.parse(user.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages at the largest limit (100) without overlap, and past the end answers nothing', async () => {
    const total = await countRows('users');
    const first = await users('?page=1&limit=100');
    const second = await users('?page=2&limit=100');
    expect(first.users).toHaveLength(100);
    expect(second.users).toHaveLength(total - 100);
    expect(second.pagination).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPrevPage: true,
    });
    const ids = new Set([...first.users, ...second.users].map((user) => user.id));
    expect(ids.size).toBe(total);
    const past = await users('?page=3&limit=100');
    expect(past.users).toEqual([]);
    expect(past.pagination.total).toBe(total);
    expect((await users('?limit=1')).users).toHaveLength(1);
  });

  it('searches the name or the email, in any case, as typed', async () => {
    const byName = await users('?q=zELDa');
    expect(byName.users.map((user) => user.id)).toEqual([author.user.id]);
    expect(byName.pagination.total).toBe(1);
    const byEmail = await users('?q=quill%40example.ORG');
    expect(byEmail.users.map((user) => user.id)).toEqual([author.user.id]);
    // "Bulk User 01" is in 010..019: 10 users; and `%` is a character, not a wildcard.
    expect((await users('?q=Bulk%20User%2001')).pagination.total).toBe(10);
    expect((await users('?q=%25')).pagination.total).toBe(0);
    // The statistics still count everyone.
    expect(byName.statistics.totalUsers).toBe(await countRows('users'));
  });

  it('filters by role, with the search', async () => {
    const editors = await users('?role=editor&limit=100');
    expect(editors.users.every((user) => user.role === 'editor')).toBe(true);
    expect(editors.pagination.total).toBe(await countRows('users', sql`role = 'editor'`));
    const bulkEditors = await users('?role=editor&q=bulk');
    expect(bulkEditors.pagination.total).toBe(BULK_USERS / 4);
    expect((await users('?role=admin')).users.map((user) => user.id)).toEqual([admin.user.id]);
  });

  it('treats an empty or blank search and an empty role as no filter', async () => {
    const total = await countRows('users');
    expect((await users('?q=')).pagination.total).toBe(total);
    expect((await users('?q=%20%20')).pagination.total).toBe(total);
    expect((await users('?role=')).pagination.total).toBe(total);
  });

  it('refuses a bad role, page or limit with a clear message', async () => {
    const get = (query: string) => t.request(`/api/admin/users${query}`, { token: admin.token });
    await expectValidation(await get('?role=owner'), 'role', ROLE_FILTER_MESSAGE);
    expect(ROLE_FILTER_MESSAGE).toBe('Role must be one of: user, editor, reviewer, admin');
    await expectValidation(
      await get('?limit=101'),
      'limit',
      'Limit must be a whole number from 1 to 100',
    );
    await expectValidation(
      await get('?limit=0'),
      'limit',
      'Limit must be a whole number from 1 to 100',
    );
    await expectValidation(
      await get('?page=0'),
      'page',
      'Page must be a whole number of 1 or more',
    );
    await expectValidation(
      await get(`?q=${'a'.repeat(201)}`),
      'q',
      'Search must be at most 200 characters',
    );
  });
});

describe('GET /api/admin/summaries', () => {
  it('gives the real total and everyone counted by status, whatever the page', async () => {
    const total = await countRows('summaries');
    const data = await allSummaries('?limit=100');
    expect(data.summaries).toHaveLength(100);
    expect(data.pagination).toMatchObject({ total, totalSummaries: total, totalPages: 3 });
    expect(data.statistics).toEqual({
      total,
      pending: await countRows('summaries', sql`review_status = 'pending'`),
      approved: await countRows('summaries', sql`review_status = 'approved'`),
      rejected: 0,
      needs_revision: 0,
    });
    const last = await allSummaries('?page=3&limit=100');
    expect(last.summaries).toHaveLength(total - 200);
    // Without page or limit: the first 50.
    expect((await allSummaries()).summaries).toHaveLength(50);
  });

  it('searches the text, filters by review status and by author, together', async () => {
    const gardens = await allSummaries('?q=gardens&limit=100');
    expect(gardens.pagination.total).toBe(60);
    expect(
      gardens.summaries.every((summary) => summary.summarizedContent === 'Gardens bloom.'),
    ).toBe(true);
    // Stemmed like the history search: "budgets" finds "budget".
    expect((await allSummaries('?q=budgets')).pagination.total).toBe(180);
    const approved = await allSummaries('?status=approved&limit=100');
    expect(approved.pagination.total).toBe(BULK_SUMMARIES / 3);
    expect(approved.summaries.every((summary) => summary.reviewStatus === 'approved')).toBe(true);
    expect((await allSummaries('?status=approved&q=gardens')).pagination.total).toBe(20);
    const mine = await allSummaries(`?userId=${author.user.id}&status=pending`);
    expect(mine.pagination.total).toBe((BULK_SUMMARIES * 2) / 3);
    expect(mine.summaries.every((summary) => summary.user.id === author.user.id)).toBe(true);
    expect((await allSummaries(`?userId=${admin.user.id}`)).pagination.total).toBe(0);
    // The statistics count everyone's, whatever the filter.
    expect(mine.statistics.total).toBe(await countRows('summaries'));
  });

  it('treats empty filters as none', async () => {
    const total = await countRows('summaries');
    expect((await allSummaries('?q=&status=&userId=')).pagination.total).toBe(total);
  });

  it('refuses a bad status or author with a clear message', async () => {
    const get = (query: string) =>
      t.request(`/api/admin/summaries${query}`, { token: admin.token });
    await expectValidation(await get('?status=done'), 'status', STATUS_FILTER_MESSAGE);
    expect(STATUS_FILTER_MESSAGE).toBe(
      'Status must be one of: pending, approved, rejected, needs_revision',
    );
    await expectValidation(await get('?userId=42'), 'userId', USER_ID_FILTER_MESSAGE);
    await expectValidation(
      await get('?limit=101'),
      'limit',
      'Limit must be a whole number from 1 to 100',
    );
  });
});

describe('GET /api/reviews/pending', () => {
  it('answers its first page of 100 with pagination beside statistics', async () => {
    const pending = await countRows('summaries', sql`review_status = 'pending'`);
    const list = await reviewList();
    expect(list.data).toHaveLength(100);
    expect(list.data.every((summary) => summary.reviewStatus === 'pending')).toBe(true);
    expect(list.pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(pending / 100),
      totalSummaries: pending,
      total: pending,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(list.statistics.pending).toBe(pending);
    expect(list.statistics.total).toBe(await countRows('summaries'));
  });

  it('pages through every pending summary once, newest first', async () => {
    const pending = await countRows('summaries', sql`review_status = 'pending'`);
    const seen: string[] = [];
    let times: number[] = [];
    for (let page = 1; page <= Math.ceil(pending / 100); page += 1) {
      const list = await reviewList(`?page=${page}&limit=100`);
      seen.push(...list.data.map((summary) => summary.id));
      times = [...times, ...list.data.map((summary) => Date.parse(summary.createdAt))];
    }
    expect(new Set(seen).size).toBe(pending);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page3 = await reviewList('?page=3&limit=10');
    expect(page3.data.map((summary) => summary.id)).toEqual(seen.slice(20, 30));
  });

  it('searches, with status all or pending, and treats an empty search as none', async () => {
    const all = await reviewList('?status=all&q=gardens');
    expect(all.pagination.total).toBe(60);
    const pendingGardens = await reviewList('?q=gardens');
    expect(pendingGardens.pagination.total).toBe(40);
    const pending = await countRows('summaries', sql`review_status = 'pending'`);
    expect((await reviewList('?q=')).pagination.total).toBe(pending);
    expect((await reviewList('?status=all&limit=1')).pagination.total).toBe(
      await countRows('summaries'),
    );
  });

  it('refuses a bad status, page or limit', async () => {
    const get = (query: string) =>
      t.request(`/api/reviews/pending${query}`, { token: reviewer.token });
    await expectValidation(
      await get('?status=approved'),
      'status',
      'Status must be pending or all',
    );
    await expectValidation(
      await get('?limit=101'),
      'limit',
      'Limit must be a whole number from 1 to 100',
    );
    await expectValidation(
      await get('?page=0'),
      'page',
      'Page must be a whole number of 1 or more',
    );
  });
});
