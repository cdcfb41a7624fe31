import type { Kysely } from 'kysely';

/*
 * Whether a summary's custom prompt was acted on (issue 25, API.md round 3 `promptApplied`):
 * null without a prompt, false when the local summarizer could not act on it (it selects
 * sentences; it cannot rewrite, translate or answer a topic the text never mentions). Kept
 * with every version, since a restore brings a version's text back with what it says of it.
 * Existing rows get null: nothing was recorded when they were written.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('summaries').addColumn('prompt_applied', 'boolean').execute();
  await db.schema.alterTable('summary_versions').addColumn('prompt_applied', 'boolean').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('summary_versions').dropColumn('prompt_applied').execute();
  await db.schema.alterTable('summaries').dropColumn('prompt_applied').execute();
}
