import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewStatus } from '../../db/schema';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { compressionRatio, countWords } from '../../summarizer/summary-metrics';
import type {
  StaffSummaryDto,
  SummaryDto,
  SummaryPaginationDto,
} from '../../domain/summary-response';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';

interface ListData {
  summaries: StaffSummaryDto[];
  pagination: SummaryPaginationDto;
}

const ORIGINAL =
  'The committee met on Tuesday to review the budget. It approved new funding for the library. ' +
  'Members also discussed the timeline for the bridge repairs, which will start in spring.';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let reviewer: TestUser;
let author: TestUser;
/** Each inserted summary is a minute older than the one before, so the order is known. */
let clock = Date.parse('2026-06-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
  editor = await t.createUser({ role: 'editor', name: 'Eddie Editor' });
  reviewer = await t.createUser({ role: 'reviewer', name: 'Rita Reviewer' });
  author = await t.createUser({ name: 'Uma Author' });
});

afterAll(async () => {
  await t.destroy();
});

async function insertSummary(
  userId: string,
  fields: { reviewStatus?: ReviewStatus; summarizedContent?: string; createdAt?: Date } = {},
): Promise<string> {
  clock -= 60_000;
  const createdAt = fields.createdAt ?? new Date(clock);
  const summarizedContent = fields.summarizedContent ?? 'The committee approved library funding.';
  const reviewed = fields.reviewStatus !== undefined && fields.reviewStatus !== 'pending';
  const row = await t.db
    .insertInto('summaries')
    .values({
      user_id: userId,
      original_content: ORIGINAL,
      summarized_content: summarizedContent,
      original_word_count: countWords(ORIGINAL),
      summary_word_count: countWords(summarizedContent),
      compression_ratio: compressionRatio(countWords(ORIGINAL), countWords(summarizedContent)),
      processing_time: 12,
      ai_model: 'test-model',
      review_status: fields.reviewStatus ?? 'pending',
      review_comments: reviewed ? 'Looks fine' : null,
      reviewed_by: reviewed ? reviewer.user.id : null,
      reviewed_at: reviewed ? new Date(clock + 1_000) : null,
      created_at: createdAt,
      updated_at: createdAt,
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

function list(user: TestUser, query = '') {
  return t.request(`/api/admin/summaries${query}`, { token: user.token });
}

function edit(user: TestUser, id: string, body: unknown) {
  return t.request(`/api/admin/summaries/${id}`, { method: 'PUT', token: user.token, json: body });
}

function remove(user: TestUser, id: string) {
  return t.request(`/api/admin/summaries/${id}`, { method: 'DELETE', token: user.token });
}

async function auditRows(targetId: string) {
  return t.db.selectFrom('audit_events').selectAll().where('target_id', '=', targetId).execute();
}

async function storedSummary(id: string) {
  return t.db.selectFrom('summaries').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('access', () => {
  const routes = (id: string) =>
    [
      ['GET', '/api/admin/summaries', undefined],
      ['PUT', `/api/admin/summaries/${id}`, { summarizedContent: 'New text.' }],
      ['DELETE', `/api/admin/summaries/${id}`, undefined],
    ] as const;

  it('answers 401 without a token', async () => {
    const id = await insertSummary(author.user.id);
    for (const [method, path, json] of routes(id)) {
      await expectError(
        await t.request(path, { method, json }),
        401,
        'UNAUTHORIZED',
        'Please sign in to continue',
      );
    }
  });

  it('answers 403 to a user and a reviewer, and changes nothing', async () => {
    const id = await insertSummary(author.user.id);
    for (const staff of [author, reviewer]) {
      for (const [method, path, json] of routes(id)) {
        await expectError(
          await t.request(path, { method, json, token: staff.token }),
          403,
          'FORBIDDEN',
          "You don't have permission to perform this action",
        );
      }
    }
    expect((await storedSummary(id))?.summarized_content).toBe(
      'The committee approved library funding.',
    );
  });

  it('lets an editor and an admin use every route', async () => {
    for (const staff of [editor, admin]) {
      const id = await insertSummary(author.user.id);
      expect((await list(staff)).status).toBe(200);
      expect((await edit(staff, id, { summarizedContent: 'Edited text.' })).status).toBe(200);
      expect((await remove(staff, id)).status).toBe(200);
    }
  });

  it('answers 403 to an editor on the users routes', async () => {
    const res = await t.request('/api/admin/users', { token: editor.token });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/admin/summaries', () => {
  it("lists everyone's summaries newest first, each with its author", async () => {
    const other = await t.createUser({ role: 'reviewer', name: 'Otto Other' });
    // Inserted first but created last: newest first means by creation time, not insertion.
    const createdLast = await insertSummary(author.user.id, {
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    const byOther = await insertSummary(other.user.id);

    const res = await list(editor, '?limit=100');
    expect(res.status).toBe(200);
    const { summaries, pagination } = ((await res.json()) as Envelope<ListData>).data;
    const total = (await t.db.selectFrom('summaries').select('id').execute()).length;
    expect(summaries).toHaveLength(total);
    const times = summaries.map((summary) => Date.parse(summary.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(summaries[0]?.id).toBe(createdLast);

    const listed = summaries.find((summary) => summary.id === byOther);
    expect(listed).toMatchObject({
      id: byOther,
      _id: byOther,
      originalContent: ORIGINAL,
      reviewStatus: 'pending',
      reviewedBy: null,
      user: { id: other.user.id, name: 'Otto Other', email: other.user.email, role: 'reviewer' },
    });
    expect(Object.keys(listed?.user ?? {}).sort()).toEqual(['email', 'id', 'name', 'role']);
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalSummaries: total,
      total,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it('pages with a default limit of 50', async () => {
    const total = (await t.db.selectFrom('summaries').select('id').execute()).length;
    const first = ((await (await list(admin)).json()) as Envelope<ListData>).data;
    expect(first.pagination.totalPages).toBe(Math.ceil(total / 50));

    const page1 = ((await (await list(admin, '?page=1&limit=2')).json()) as Envelope<ListData>)
      .data;
    const page2 = ((await (await list(admin, '?page=2&limit=2')).json()) as Envelope<ListData>)
      .data;
    expect(page1.summaries).toHaveLength(2);
    expect(page2.pagination).toMatchObject({
      currentPage: 2,
      totalPages: Math.ceil(total / 2),
      hasPrevPage: true,
    });
    const ids = [...page1.summaries, ...page2.summaries].map((summary) => summary.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(first.summaries.slice(0, ids.length).map((summary) => summary.id));

    const past = ((await (await list(admin, '?page=999')).json()) as Envelope<ListData>).data;
    expect(past.summaries).toEqual([]);
    expect(past.pagination).toMatchObject({ currentPage: 999, hasNextPage: false });
  });

  it.each([
    ['?limit=0', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?limit=ten', 'limit', 'Limit must be a whole number from 1 to 100'],
    ['?page=0', 'page', 'Page must be a whole number of 1 or more'],
    ['?page=-1', 'page', 'Page must be a whole number of 1 or more'],
  ])('refuses %s with 400', async (query, field, message) => {
    await expectError(await list(admin, query), 400, 'VALIDATION_ERROR', message, field);
  });

  it('accepts limit=100', async () => {
    expect((await list(editor, '?limit=100')).status).toBe(200);
  });
});

describe('staff listings carry what the author sees (issue 26)', () => {
  it('GET /api/admin/summaries and GET /api/reviews/pending send the source checks, the Quick Summary reason and the file name', async () => {
    const id = await insertSummary(author.user.id, {
      summarizedContent: '- The committee approved library funding.\n- It sold the bridge in 2031.',
    });
    const sourceMap = [
      { text: '- The committee approved library funding.', sources: [{ start: 52, end: 91 }] },
      { text: '- It sold the bridge in 2031.', sources: [] },
    ];
    await t.db
      .updateTable('summaries')
      .set({
        format: 'bullets',
        source_map: JSON.stringify(sourceMap),
        keywords: JSON.stringify(['library', 'budget']),
        unverified: JSON.stringify(['2031']),
        is_fallback: true,
        fallback_reason: 'rate_limited',
      })
      .where('id', '=', id)
      .execute();
    const expected = {
      id,
      format: 'bullets',
      sourceMap,
      keywords: ['library', 'budget'],
      unverified: ['2031'],
      isFallback: true,
      fallbackReason: 'rate_limited',
      fileName: null,
      source: 'text',
      user: { id: author.user.id, name: 'Uma Author' },
    };

    const adminList = ((await (await list(editor, '?limit=100')).json()) as Envelope<ListData>).data
      .summaries;
    expect(adminList.find((summary) => summary.id === id)).toMatchObject(expected);

    const pending = await t.request('/api/reviews/pending?limit=100', { token: reviewer.token });
    expect(pending.status).toBe(200);
    const queue = ((await pending.json()) as Envelope<StaffSummaryDto[]>).data;
    expect(queue.find((summary) => summary.id === id)).toMatchObject(expected);
  });
});

describe('PUT /api/admin/summaries/:id', () => {
  it('replaces the text, recounts, sends it back to review and audits', async () => {
    const id = await insertSummary(author.user.id, { reviewStatus: 'approved' });
    await t.db
      .insertInto('review_events')
      .values({
        summary_id: id,
        reviewer_id: reviewer.user.id,
        reviewer_name: 'Rita Reviewer',
        action: 'approved',
        comments: 'Looks fine',
      })
      .execute();
    const before = await storedSummary(id);
    const content = '  The committee approved funding for the library and bridge repairs.  ';

    const res = await edit(editor, id, { summarizedContent: content });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ summary: StaffSummaryDto }>;
    expect(body.message).toBe('Summary updated successfully');
    const words = countWords(content);
    expect(body.data.summary).toMatchObject({
      id,
      summarizedContent: content.trim(),
      originalContent: ORIGINAL,
      originalWordCount: countWords(ORIGINAL),
      summaryWordCount: words,
      compressionRatio: compressionRatio(countWords(ORIGINAL), words),
      reviewStatus: 'pending',
      reviewComments: null,
      reviewedBy: null,
      reviewedAt: null,
      user: { id: author.user.id, name: 'Uma Author', role: 'user' },
    });
    expect(Date.parse(body.data.summary.updatedAt)).toBeGreaterThan(
      before?.updated_at.getTime() ?? Infinity,
    );

    const stored = await storedSummary(id);
    expect(stored).toMatchObject({
      summarized_content: content.trim(),
      summary_word_count: words,
      review_status: 'pending',
      review_comments: null,
      reviewed_by: null,
      reviewed_at: null,
      // What the edit must not touch.
      original_content: ORIGINAL,
      regeneration_count: before?.regeneration_count,
      ai_model: 'test-model',
    });
    // The review history is kept.
    const history = await t.db
      .selectFrom('review_events')
      .select('action')
      .where('summary_id', '=', id)
      .execute();
    expect(history).toEqual([{ action: 'approved' }]);
    expect(await auditRows(id)).toEqual([
      expect.objectContaining({
        actor_id: editor.user.id,
        action: 'summary.edited',
        target_type: 'summary',
        details: {
          userId: author.user.id,
          summaryWordCount: words,
          compressionRatio: compressionRatio(countWords(ORIGINAL), words),
          version: 2,
        },
      }),
    ]);

    // The author sees the edited text in their own listing too.
    const own = await t.request(`/api/summaries/${id}`, { token: author.token });
    expect(own.status).toBe(200);
    const summary = ((await own.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    expect(summary).toMatchObject({ summarizedContent: content.trim(), reviewStatus: 'pending' });
  });

  it('accepts one character and exactly 50,000 characters', async () => {
    const id = await insertSummary(author.user.id);
    expect((await edit(admin, id, { summarizedContent: 'x' })).status).toBe(200);
    const longest = '😀'.repeat(50_000); // code points, not UTF-16 units
    const res = await edit(admin, id, { summarizedContent: longest });
    expect(res.status).toBe(200);
    expect((await storedSummary(id))?.summarized_content).toBe(longest);
  });

  it.each([
    ['missing', {}, 'Summary content is required'],
    ['null', { summarizedContent: null }, 'Summary content is required'],
    ['empty', { summarizedContent: '' }, 'Summary content is required'],
    ['blank', { summarizedContent: ' \n\t ' }, 'Summary content is required'],
    ['not text', { summarizedContent: 42 }, 'Summary content must be text'],
    [
      'over 50,000 characters',
      { summarizedContent: ` ${'a'.repeat(50_001)} ` },
      'Summary content exceeds maximum 50,000 characters (current: 50001)',
    ],
    [
      'a NUL character',
      { summarizedContent: 'a\u0000b' },
      'Summary content contains invalid characters',
    ],
  ])('refuses %s with 400 and changes nothing', async (_, json, message) => {
    const id = await insertSummary(author.user.id);
    await expectError(
      await edit(editor, id, json),
      400,
      'VALIDATION_ERROR',
      message,
      'summarizedContent',
    );
    expect((await storedSummary(id))?.summarized_content).toBe(
      'The committee approved library funding.',
    );
    expect(await auditRows(id)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'abc']) {
      await expectError(
        await edit(editor, id, { summarizedContent: 'New text.' }),
        404,
        'NOT_FOUND',
        'Summary not found',
      );
    }
  });
});

describe('DELETE /api/admin/summaries/:id', () => {
  it("deletes anyone's summary with its review history, and audits", async () => {
    const id = await insertSummary(author.user.id, { reviewStatus: 'rejected' });
    await t.db
      .insertInto('review_events')
      .values({
        summary_id: id,
        reviewer_id: reviewer.user.id,
        reviewer_name: 'Rita Reviewer',
        action: 'rejected',
        comments: 'Off topic',
      })
      .execute();

    const res = await remove(editor, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { id },
      message: 'Summary deleted successfully',
    });
    expect(await storedSummary(id)).toBeUndefined();
    const events = await t.db
      .selectFrom('review_events')
      .select('id')
      .where('summary_id', '=', id)
      .execute();
    expect(events).toEqual([]);
    expect(await auditRows(id)).toEqual([
      expect.objectContaining({
        actor_id: editor.user.id,
        action: 'summary.deleted',
        target_type: 'summary',
        details: { userId: author.user.id },
      }),
    ]);
    await expectError(await remove(editor, id), 404, 'NOT_FOUND', 'Summary not found');
  });

  it('lets an admin delete a summary too, and answers 404 for unknown or malformed ids', async () => {
    const id = await insertSummary(editor.user.id);
    expect((await remove(admin, id)).status).toBe(200);
    for (const unknown of [UNKNOWN_ID, 'zzz']) {
      await expectError(await remove(admin, unknown), 404, 'NOT_FOUND', 'Summary not found');
    }
  });
});
