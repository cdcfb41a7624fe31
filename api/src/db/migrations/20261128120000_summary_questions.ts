import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 29, "Ask the document" (API.md round 3): the questions the owner of a summary asked of
 * its original and the answers, each with the spans of the original it cites. Deleting the
 * summary (or its owner, which deletes the summary) deletes its questions. Listed oldest first:
 * the index serves GET /api/summaries/:id/questions. The hourly limit is counted in
 * rate_limit_hits, so deleting a summary gives no questions back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('summary_questions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('summary_id', 'uuid', (col) =>
      col.notNull().references('summaries.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (col) =>
      col.notNull().check(sql`char_length(question) between 3 and 500`),
    )
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('citations', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('unverified', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('ai_model', 'text', (col) => col.notNull())
    .addColumn('is_fallback', 'boolean', (col) => col.notNull())
    .addColumn('fallback_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('summary_questions_summary_created_idx')
    .on('summary_questions')
    .columns(['summary_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('summary_questions').execute();
}
