import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * PDF uploads (issue 10): summaries.source may be 'pdf'. The column's check constraint was
 * created unnamed in 20261121120200_create_summaries, so Postgres (and PGlite) named it
 * summaries_source_check. down() narrows it back; it fails while a 'pdf' summary exists,
 * rather than relabel or delete anyone's summary.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table summaries drop constraint summaries_source_check`.execute(db);
  await sql`alter table summaries add constraint summaries_source_check check (source in ('text', 'txt', 'docx', 'pdf'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table summaries drop constraint summaries_source_check`.execute(db);
  await sql`alter table summaries add constraint summaries_source_check check (source in ('text', 'txt', 'docx'))`.execute(
    db,
  );
}
