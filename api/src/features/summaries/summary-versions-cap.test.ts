import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryVersionDto } from '../../domain/summary-response';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * Issue 24, item 2 (API.md "Additions, round 3"): a summary keeps its version 1, every staff
 * edit and its latest 50 versions, older ones dropped oldest first in the transaction that
 * writes a new one; GET /api/summaries/:id/versions is paginated (page, limit default 20, with
 * `pagination`), for the owner and for staff. PGlite by default, Postgres with TEST_DATABASE_URL.
 */

const TEXT =
  'The committee met on Tuesday to review the budget. It approved new funding for the library. ' +
  'Members also discussed the timeline for the bridge repairs, which will start in spring.';

interface VersionsPage {
  versions: SummaryVersionDto[];
  pagination: {
    currentPage: number;
    totalPages: number;
    totalSummaries: number;
    total: number;
    hasNextPage: boolean;
    hasPrevPage: boolean;
  };
}

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let summaryId: string;

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: createFakeSummarizer() } });
  owner = await t.createUser({ credits: 1 });
  editor = await t.createUser({ role: 'editor' });
  const created = await t.request('/api/summaries', {
    method: 'POST',
    token: owner.token,
    json: { content: TEXT },
  });
  expect(created.status).toBe(201);
  summaryId = ((await created.json()) as { data: { summary: { id: string } } }).data.summary.id;
  // Version 2: a regeneration; version 3: an editor's edit; then regenerations up to 62.
  for (let version = 2; version <= 62; version += 1) {
    const res =
      version === 3
        ? await t.request(`/api/admin/summaries/${summaryId}`, {
            method: 'PUT',
            token: editor.token,
            json: { summarizedContent: 'The committee reviewed the budget (edited).' },
          })
        : await t.request(`/api/summaries/${summaryId}/regenerate`, {
            method: 'POST',
            token: owner.token,
            json: { customPrompt: `take ${version}` },
          });
    expect(res.status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await t.destroy();
});

async function versionsPage(user: TestUser, query = ''): Promise<VersionsPage> {
  const res = await t.request(`/api/summaries/${summaryId}/versions${query}`, {
    token: user.token,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<VersionsPage>).data;
}

describe('a summary keeps its first version, every staff edit and its latest 50', () => {
  it('62 versions written: 1, the edit (3) and 13..62 are stored, older ones dropped', async () => {
    const rows = await t.db
      .selectFrom('summary_versions')
      .select(['version', 'edited_by'])
      .where('summary_id', '=', summaryId)
      .orderBy('version')
      .execute();
    expect(rows.map((row) => row.version)).toEqual([
      1,
      3,
      ...Array.from({ length: 50 }, (_, index) => 13 + index),
    ]);
    expect(rows.find((row) => row.version === 3)?.edited_by).toBe(editor.user.id);
    const summary = await t.db
      .selectFrom('summaries')
      .select(['version', 'regeneration_count'])
      .where('id', '=', summaryId)
      .executeTakeFirstOrThrow();
    expect(summary).toEqual({ version: 62, regeneration_count: 60 });
  });

  it('a dropped version cannot be restored (404); a kept one can', async () => {
    const dropped = await t.request(`/api/summaries/${summaryId}/versions/5/restore`, {
      method: 'POST',
      token: owner.token,
    });
    expect(dropped.status).toBe(404);
    expect(((await dropped.json()) as ErrorEnvelope).code).toBe('NOT_FOUND');
    const kept = await t.request(`/api/summaries/${summaryId}/versions/1/restore`, {
      method: 'POST',
      token: owner.token,
    });
    expect(kept.status).toBe(200);
    // Version 63 is the restored text; version 13 left the latest 50.
    const page = await versionsPage(owner, '?limit=100');
    expect(page.versions.map((version) => version.version)).toEqual([
      ...Array.from({ length: 50 }, (_, index) => 63 - index),
      3,
      1,
    ]);
  });
});

describe('GET /api/summaries/:id/versions is paginated', () => {
  it('20 a page by default, newest first, with the pager', async () => {
    const page = await versionsPage(owner);
    expect(page.versions.map((version) => version.version)).toEqual(
      Array.from({ length: 20 }, (_, index) => 63 - index),
    );
    expect(page.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalSummaries: 52,
      total: 52,
      hasNextPage: true,
      hasPrevPage: false,
    });
  });

  it('the last page holds the oldest kept versions, the staff edit and version 1', async () => {
    const page = await versionsPage(editor, '?page=3');
    expect(page.versions.map((version) => version.version)).toEqual([
      23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 3, 1,
    ]);
    expect(page.versions.at(-2)?.editedBy).toEqual({ id: editor.user.id, name: editor.user.name });
    expect(page.pagination).toMatchObject({
      currentPage: 3,
      hasNextPage: false,
      hasPrevPage: true,
    });
    const past = await versionsPage(owner, '?page=9&limit=10');
    expect(past.versions).toEqual([]);
    expect(past.pagination).toMatchObject({ currentPage: 9, totalPages: 6, total: 52 });
  });

  it('a bad page or limit is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
    ] as const) {
      const res = await t.request(`/api/summaries/${summaryId}/versions${query}`, {
        token: owner.token,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorEnvelope;
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors?.map((error) => error.field)).toEqual([field]);
    }
  });

  it('someone else still gets 404', async () => {
    const stranger = await t.createUser();
    const res = await t.request(`/api/summaries/${summaryId}/versions?page=2`, {
      token: stranger.token,
    });
    expect(res.status).toBe(404);
  });
});
