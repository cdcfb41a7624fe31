import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Hidden text and passages addressed to an AI (issue 28, API.md round 3 `hiddenText` and
 * `instructionLike`): what the document hid from its readers (text, reason, page) and the
 * passages that give orders to a model (text, hidden), found when the summary was created and
 * fixed since, like its other source details. Only on summaries: versions keep the summary's
 * text, never its source. Existing rows were read without looking: none found.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('summaries')
    .addColumn('hidden_text', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('instruction_like', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('summaries')
    .dropColumn('instruction_like')
    .dropColumn('hidden_text')
    .execute();
}
