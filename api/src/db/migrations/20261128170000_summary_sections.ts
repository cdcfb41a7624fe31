import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Sections (issue 28, API.md round 3 `sections`): the source's headings and the spans of
 * original_content they head ([{ title, level, start, end }]), read once at creation with the
 * text, like page_breaks. Summaries made before keep `[]` (no sections known).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('summaries')
    .addColumn('sections', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('summaries').dropColumn('sections').execute();
}
