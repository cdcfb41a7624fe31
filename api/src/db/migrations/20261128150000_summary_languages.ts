import type { Kysely } from 'kysely';

/*
 * Languages (issue 30, API.md round 3 `sourceLanguage` and `language`, decision 0038). On a
 * summary: the document's language as detected when it was created (ISO 639-1, `und` when it
 * could not be told) and a second one when the document mixes two in close parts; on the
 * summary and each version: the language its text is written in, and the language the reader
 * asked for (null: the document's own). A version keeps its own, since a regeneration may ask
 * for another language and a restore brings that version's text back in its language.
 * Existing rows were never detected: `und`, nothing asked.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('summaries')
    .addColumn('source_language', 'text', (column) => column.notNull().defaultTo('und'))
    .addColumn('second_source_language', 'text')
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('und'))
    .addColumn('requested_language', 'text')
    .execute();
  await db.schema
    .alterTable('summary_versions')
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('und'))
    .addColumn('requested_language', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('summary_versions')
    .dropColumn('requested_language')
    .dropColumn('language')
    .execute();
  await db.schema
    .alterTable('summaries')
    .dropColumn('requested_language')
    .dropColumn('language')
    .dropColumn('second_source_language')
    .dropColumn('source_language')
    .execute();
}
