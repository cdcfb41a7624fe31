import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Background summaries (issue 5). summary_jobs tracks each queued job's owner, paid credit and
 * outcome; its id is the queue's job id. The job's end (completed or failed) is recorded once:
 * status leaves 'pending' in the same transaction as the summary insert or the refund.
 * job_uploads holds an uploaded file's bytes until its job ends (no shared disk needed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('summary_jobs')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('queue', 'text', (col) =>
      col.notNull().check(sql`queue in ('text-summary', 'file-processing')`),
    )
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'completed', 'failed')`),
    )
    .addColumn('progress', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('debit_ledger_id', 'uuid', (col) =>
      col.references('credit_ledger.id').onDelete('set null'),
    )
    .addColumn('summary_id', 'uuid', (col) => col.references('summaries.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index summary_jobs_pending_idx on summary_jobs (created_at) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('summary_jobs_user_id_idx')
    .on('summary_jobs')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('job_uploads')
    .addColumn('job_id', 'uuid', (col) =>
      col.primaryKey().references('summary_jobs.id').onDelete('cascade'),
    )
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_uploads').execute();
  await db.schema.dropTable('summary_jobs').execute();
}
