import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp, TestUser } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { migrateDown, migrateToLatest } from './migrator';

/*
 * Issue 13, decision 0015: the per-user totals a trigger keeps equal a recount of the summaries
 * after creations, deletions (by the owner, by staff, with the account), regenerations,
 * restores and staff edits, all running at once.
 */

interface Totals {
  userId: string;
  summaries: number;
  originalWords: number;
  summaryWords: number;
  compressionRatioSum: number;
}

const TEXTS = [
  'The council met on Monday to discuss the budget for next year. It agreed to fund the library ' +
    'and to repair two bridges before the winter. Residents asked for more buses on weekends.',
  'Gardens across the city bloom in spring. Volunteers plant roses and tulips in every park. ' +
    'The mayor thanked them and promised new benches and water fountains for the summer.',
  'The team shipped a new release on Friday. It fixes three crashes and makes the search faster. ' +
    'Users can now export their notes as documents and share them with colleagues by email.',
];

async function recount(t: TestApp): Promise<Totals[]> {
  const { rows } = await sql<Totals>`
    select user_id as "userId", count(*)::float8 as summaries,
           sum(original_word_count)::float8 as "originalWords",
           sum(summary_word_count)::float8 as "summaryWords",
           sum(compression_ratio)::float8 as "compressionRatioSum"
    from summaries group by user_id order by user_id`.execute(t.db);
  return rows;
}

async function kept(t: TestApp): Promise<Totals[]> {
  const { rows } = await sql<Totals>`
    select user_id as "userId", summaries::float8 as summaries,
           original_words::float8 as "originalWords", summary_words::float8 as "summaryWords",
           compression_ratio_sum::float8 as "compressionRatioSum"
    from user_summary_totals where summaries > 0 order by user_id`.execute(t.db);
  return rows;
}

describe('user summary totals', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let editor: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser({ credits: 1000 });
    other = await t.createUser({ credits: 1000 });
    editor = await t.createUser({ role: 'editor' });
    admin = await t.createUser({ role: 'admin' });
  });

  afterAll(async () => {
    await t.destroy();
  });

  async function create(user: TestUser, index: number): Promise<string> {
    const res = await t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: TEXTS[index % TEXTS.length], length: index % 2 === 0 ? 'short' : 'long' },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { summary: { id: string } } }).data.summary.id;
  }

  async function expectStatus(res: Promise<Response>, status: number, what: string) {
    expect((await res).status, what).toBe(status);
  }

  it('equal a recount after every kind of write, run concurrently', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 12; i += 1) mine.push(await create(owner, i));
    const theirs = [await create(other, 0), await create(other, 1), await create(other, 2)];
    // A version 2 to restore from later.
    for (const id of mine.slice(6, 8)) {
      await expectStatus(
        t.request(`/api/summaries/${id}/regenerate`, {
          method: 'POST',
          token: owner.token,
          json: { customPrompt: null, length: 'long', format: 'bullets' },
        }),
        200,
        'regenerate',
      );
    }
    const [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11] = mine as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const token = owner.token;
    const writes: Promise<unknown>[] = [
      // creations
      ...[0, 1, 2, 3, 4].map((i) => create(owner, i)),
      ...[0, 1].map((i) => create(other, i)),
      // deletions by the owner and by staff
      expectStatus(t.request(`/api/summaries/${a0}`, { method: 'DELETE', token }), 200, 'delete'),
      expectStatus(t.request(`/api/summaries/${a1}`, { method: 'DELETE', token }), 200, 'delete'),
      expectStatus(
        t.request(`/api/admin/summaries/${a2}`, { method: 'DELETE', token: editor.token }),
        200,
        'staff delete',
      ),
      // regenerations
      ...[a3, a4, a5].map((id, i) =>
        expectStatus(
          t.request(`/api/summaries/${id}/regenerate`, {
            method: 'POST',
            token,
            json: { customPrompt: null, length: i % 2 === 0 ? 'long' : 'short', format: 'tldr' },
          }),
          200,
          'regenerate',
        ),
      ),
      // restores of version 1
      ...[a6, a7].map((id) =>
        expectStatus(
          t.request(`/api/summaries/${id}/versions/1/restore`, { method: 'POST', token }),
          200,
          'restore',
        ),
      ),
      // staff edits, one of them on a summary regenerated at the same time
      ...[a8, a9, a3].map((id, i) =>
        expectStatus(
          t.request(`/api/admin/summaries/${id}`, {
            method: 'PUT',
            token: i === 0 ? editor.token : admin.token,
            json: { summarizedContent: 'Short edit. '.repeat(i + 1) },
          }),
          200,
          'staff edit',
        ),
      ),
      // the same summary edited and deleted at once: either order is fine
      t.request(`/api/admin/summaries/${a10}`, {
        method: 'PUT',
        token: editor.token,
        json: { summarizedContent: 'A much longer edited summary of the text, in many words.' },
      }),
      t.request(`/api/summaries/${a10}`, { method: 'DELETE', token }),
      expectStatus(
        t.request(`/api/admin/summaries/${theirs[0] ?? ''}`, {
          method: 'PUT',
          token: admin.token,
          json: { summarizedContent: 'Edited by the admin.' },
        }),
        200,
        'staff edit',
      ),
    ];
    await Promise.all(writes);
    void a11;

    const counted = await recount(t);
    expect(counted.length).toBe(2);
    expect(await kept(t)).toEqual(counted);

    // GET /api/summaries answers the kept totals.
    const res = await t.request('/api/summaries', { token: owner.token });
    const body = (await res.json()) as {
      data: { statistics: { totalSummaries: number; totalOriginalWords: number } };
    };
    const ownerCount = counted.find((row) => row.userId === owner.user.id);
    expect(body.data.statistics.totalSummaries).toBe(ownerCount?.summaries);
    expect(body.data.statistics.totalOriginalWords).toBe(ownerCount?.originalWords);

    // Deleting the account takes its totals row with it.
    await expectStatus(
      t.request(`/api/admin/users/${other.user.id}`, { method: 'DELETE', token: admin.token }),
      200,
      'delete user',
    );
    const rows = await t.db.selectFrom('user_summary_totals').select('user_id').execute();
    expect(rows.map((row) => row.user_id)).not.toContain(other.user.id);
    expect(await kept(t)).toEqual(await recount(t));
  });

  it('answers zeros for a user without summaries', async () => {
    const fresh = await t.createUser();
    const res = await t.request('/api/summaries', { token: fresh.token });
    const body = (await res.json()) as { data: { statistics: { totalSummaries: number } } };
    expect(body.data.statistics.totalSummaries).toBe(0);
  });
});

describe('the user summary totals migration', () => {
  it('backfills the totals of the summaries already there', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await migrateDown(db);
      const { rows } = await sql<{ id: string }>`
        insert into users (name, email, password_hash) values ('Old User', 'old@example.com', 'x')
        returning id`.execute(db);
      const userId = rows[0]?.id ?? '';
      await sql`
        insert into summaries (user_id, original_content, summarized_content, original_word_count,
          summary_word_count, compression_ratio, processing_time, ai_model)
        select ${userId}, 'Original text.', 'Summary.', 100 + n, 10 + n, 90 - n, 5, 'm'
        from generate_series(1, 25) as n`.execute(db);
      await migrateToLatest(db);
      const totals = await sql<Totals>`
        select summaries::float8 as summaries, original_words::float8 as "originalWords",
               summary_words::float8 as "summaryWords",
               compression_ratio_sum::float8 as "compressionRatioSum"
        from user_summary_totals where user_id = ${userId}`.execute(db);
      // 1..25 sum to 325.
      expect(totals.rows[0]).toEqual({
        summaries: 25,
        originalWords: 2500 + 325,
        summaryWords: 250 + 325,
        compressionRatioSum: 2250 - 325,
      });
    } finally {
      await database.destroy();
    }
  });
});
