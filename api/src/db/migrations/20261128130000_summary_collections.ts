import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Collections (issue 29, API.md round 3): a summary may combine several of its owner's
 * summaries (`source: 'collection'`). Its original text is their texts one after the other,
 * each under its title, and `sources` keeps each document's summary id, title and span in that
 * text ([{ summaryId, title, start, end }]). Every other summary has no sources (`[]`).
 */

const SOURCES_BEFORE = `'text', 'txt', 'docx', 'pdf', 'url', 'image'`;
const SOURCES_AFTER = `'text', 'txt', 'docx', 'pdf', 'url', 'image', 'collection'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table summaries drop constraint summaries_source_check`.execute(db);
  await sql`alter table summaries add constraint summaries_source_check check (source in (${sql.raw(SOURCES_AFTER)}))`.execute(
    db,
  );
  await db.schema
    .alterTable('summaries')
    .addColumn('sources', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('summaries').dropColumn('sources').execute();
  await sql`alter table summaries drop constraint summaries_source_check`.execute(db);
  await sql`alter table summaries add constraint summaries_source_check check (source in (${sql.raw(SOURCES_BEFORE)}))`.execute(
    db,
  );
}
