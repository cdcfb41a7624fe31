import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';
import { migrations } from './migration-list';
import { migrateDown, migrateToLatest } from './migrator';

/*
 * 20261122120000_summary_workbench: existing summaries become medium paragraphs with their
 * text as version 1, and the full-text index serves the search expression.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database.destroy();
});

describe('the summary workbench migration', () => {
  it('backfills version 1 of every existing summary', async () => {
    expect(Object.keys(migrations)).toContain('20261122120000_summary_workbench');
    await migrateToLatest(database.db);
    // Down to the migration before it (whatever came after it is undone first).
    const db = database.db;
    const versionsTable = async () =>
      (
        await sql<{
          name: string | null;
        }>`select to_regclass('summary_versions')::text as name`.execute(db)
      ).rows[0]?.name ?? null;
    while ((await versionsTable()) !== null) await migrateDown(db);
    const user = await db
      .insertInto('users')
      .values({ name: 'Old Timer', email: 'old@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await sql<{ id: string }>`
      insert into summaries (user_id, original_content, summarized_content, original_word_count,
        summary_word_count, compression_ratio, processing_time, is_fallback, ai_model, custom_prompt)
      values (${user.id}, 'The old original text about budgets.', 'Old summary.', 6, 2, 67, 5, true,
        'old-model', 'old prompt')
      returning id`.execute(db);
    const id = inserted.rows[0]?.id as string;

    await migrateToLatest(database.db);
    const summary = await db
      .selectFrom('summaries')
      .select([
        'length',
        'format',
        'keywords',
        'source_map',
        'unverified',
        'version',
        'fallback_reason',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(summary).toEqual({
      length: 'medium',
      format: 'paragraph',
      keywords: [],
      source_map: [],
      unverified: [],
      version: 1,
      fallback_reason: null,
    });
    const versions = await db
      .selectFrom('summary_versions')
      .select([
        'version',
        'summarized_content',
        'custom_prompt',
        'length',
        'format',
        'ai_model',
        'is_fallback',
        'edited_by',
      ])
      .where('summary_id', '=', id)
      .execute();
    expect(versions).toEqual([
      {
        version: 1,
        summarized_content: 'Old summary.',
        custom_prompt: 'old prompt',
        length: 'medium',
        format: 'paragraph',
        ai_model: 'old-model',
        is_fallback: true,
        edited_by: null,
      },
    ]);

    // One version number per summary; lengths and formats outside the contract are refused.
    await expect(
      sql`insert into summary_versions (summary_id, version, summarized_content, length, format, ai_model, is_fallback)
        values (${id}, 1, 'x', 'medium', 'paragraph', 'm', false)`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`update summaries set length = 'huge' where id = ${id}`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`update summaries set format = 'poem' where id = ${id}`.execute(db),
    ).rejects.toThrow();
  });

  it('has a GIN index on the search expression, which matches stemmed words', async () => {
    const index = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'summaries_search_idx'`.execute(
      database.db,
    );
    expect(index.rows[0]?.indexdef).toMatch(/USING gin \(to_tsvector\('english'::regconfig/);
    const matches = await sql<{ count: number }>`
      select count(*)::int as count from summaries
      where to_tsvector('english'::regconfig, original_content || ' ' || summarized_content)
        @@ websearch_to_tsquery('english'::regconfig, 'budget')`.execute(database.db);
    expect(matches.rows[0]?.count).toBe(1);
  });
});
