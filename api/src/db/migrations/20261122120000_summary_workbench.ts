import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The summary workbench (issue 10, API.md "Additions"):
 * - summaries get the length and format they were written for, the summarizer's keywords,
 *   source map and unverified terms (jsonb), the number of their current version and why the
 *   local summarizer answered instead of Gemini;
 * - summary_versions keeps every text a summary has had (creation, regeneration, restore,
 *   staff edit); existing summaries get their current text as version 1;
 * - full-text search over the original and the summary: a GIN expression index that
 *   GET /api/summaries?q= uses with the very same expression (SUMMARY_SEARCH_VECTOR). An
 *   expression index rather than a generated column keeps `select *` free of a tsvector.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('summaries')
    .addColumn('length', 'text', (col) =>
      col
        .notNull()
        .defaultTo('medium')
        .check(sql`length in ('short', 'medium', 'long')`),
    )
    .addColumn('format', 'text', (col) =>
      col
        .notNull()
        .defaultTo('paragraph')
        .check(sql`format in ('paragraph', 'bullets', 'tldr')`),
    )
    .addColumn('keywords', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('source_map', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('unverified', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`version >= 1`),
    )
    .addColumn('fallback_reason', 'text', (col) =>
      col.check(
        sql`fallback_reason in ('not_configured', 'rate_limited', 'unavailable', 'timeout', 'blocked', 'incomplete')`,
      ),
    )
    .execute();

  await db.schema
    .createTable('summary_versions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('summary_id', 'uuid', (col) =>
      col.notNull().references('summaries.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull().check(sql`version >= 1`))
    .addColumn('summarized_content', 'text', (col) => col.notNull())
    .addColumn('custom_prompt', 'text')
    .addColumn('length', 'text', (col) =>
      col.notNull().check(sql`length in ('short', 'medium', 'long')`),
    )
    .addColumn('format', 'text', (col) =>
      col.notNull().check(sql`format in ('paragraph', 'bullets', 'tldr')`),
    )
    .addColumn('ai_model', 'text', (col) => col.notNull())
    .addColumn('is_fallback', 'boolean', (col) => col.notNull())
    .addColumn('source_map', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('keywords', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('unverified', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('fallback_reason', 'text')
    .addColumn('edited_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('summary_versions_summary_id_version_key', ['summary_id', 'version'])
    .execute();
  await db.schema
    .createIndex('summary_versions_edited_by_idx')
    .on('summary_versions')
    .column('edited_by')
    .execute();

  // Every existing summary's current text is its version 1.
  await sql`
    insert into summary_versions
      (summary_id, version, summarized_content, custom_prompt, length, format, ai_model, is_fallback, created_at)
    select id, 1, summarized_content, custom_prompt, length, format, ai_model, is_fallback, updated_at
    from summaries
  `.execute(db);

  await sql`
    create index summaries_search_idx on summaries
    using gin (to_tsvector('english'::regconfig, original_content || ' ' || summarized_content))
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index summaries_search_idx`.execute(db);
  await db.schema.dropTable('summary_versions').execute();
  await db.schema
    .alterTable('summaries')
    .dropColumn('length')
    .dropColumn('format')
    .dropColumn('keywords')
    .dropColumn('source_map')
    .dropColumn('unverified')
    .dropColumn('version')
    .dropColumn('fallback_reason')
    .execute();
}
