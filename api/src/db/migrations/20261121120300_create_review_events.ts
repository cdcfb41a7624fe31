import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The review history: one row per review submitted. A summary keeps only its latest review
 * (review_status, review_comments, reviewed_by, reviewed_at); this table keeps them all.
 * reviewer_id is ON DELETE SET NULL and reviewer_name is copied at review time, so the
 * history still names its reviewer after that account is deleted. Rows go with their summary.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('summary_id', 'uuid', (col) =>
      col.notNull().references('summaries.id').onDelete('cascade'),
    )
    .addColumn('reviewer_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewer_name', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) =>
      col.notNull().check(sql`action in ('approved', 'rejected', 'needs_revision')`),
    )
    .addColumn('comments', 'text')
    // clock_timestamp, not now(): the history is ordered by it, also within one transaction.
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`clock_timestamp()`),
    )
    .execute();
  await db.schema
    .createIndex('review_events_summary_id_created_at_idx')
    .on('review_events')
    .columns(['summary_id', 'created_at'])
    .execute();
  // For "my reviews" counts, and so deleting a reviewer finds their rows without a scan.
  await db.schema
    .createIndex('review_events_reviewer_id_idx')
    .on('review_events')
    .column('reviewer_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('review_events').execute();
}
