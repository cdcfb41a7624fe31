import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Any source (issue 27, API.md round 3): a summary may come from a web address (`url`) or a
 * photo or scan (`image`), and keeps where its text came from: the address after redirects,
 * the page's or document's title, whether some of it was read by OCR, and where its pages
 * begin. Existing rows were pasted or read from a text layer: no address, no title, no OCR,
 * no page breaks recorded.
 */

const SOURCES_BEFORE = `'text', 'txt', 'docx', 'pdf'`;
const SOURCES_AFTER = `'text', 'txt', 'docx', 'pdf', 'url', 'image'`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table summaries drop constraint summaries_source_check`.execute(db);
  await sql`alter table summaries add constraint summaries_source_check check (source in (${sql.raw(SOURCES_AFTER)}))`.execute(
    db,
  );
  await db.schema
    .alterTable('summaries')
    .addColumn('source_url', 'text')
    .addColumn('source_title', 'text')
    .addColumn('ocr', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('page_breaks', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('summaries')
    .dropColumn('page_breaks')
    .dropColumn('ocr')
    .dropColumn('source_title')
    .dropColumn('source_url')
    .execute();
  await sql`alter table summaries drop constraint summaries_source_check`.execute(db);
  await sql`alter table summaries add constraint summaries_source_check check (source in (${sql.raw(SOURCES_BEFORE)}))`.execute(
    db,
  );
}
