import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { SummaryJobQueue, SummaryJobRow } from '../../db/schema';

export interface NewSummaryJob {
  id: string;
  userId: string;
  queue: SummaryJobQueue;
  debitLedgerId: string;
}

export function insertSummaryJob(db: DbExecutor, job: NewSummaryJob): Promise<SummaryJobRow> {
  return db
    .insertInto('summary_jobs')
    .values({
      id: job.id,
      user_id: job.userId,
      queue: job.queue,
      debit_ledger_id: job.debitLedgerId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The job if `userId` owns it and it is on `queue`, else undefined. */
export function findOwnSummaryJob(
  db: DbExecutor,
  userId: string,
  queue: SummaryJobQueue,
  id: string,
): Promise<SummaryJobRow | undefined> {
  return db
    .selectFrom('summary_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('queue', '=', queue)
    .executeTakeFirst();
}

export function findSummaryJob(db: DbExecutor, id: string): Promise<SummaryJobRow | undefined> {
  return db.selectFrom('summary_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records the worker's progress of a job still pending. */
export async function setSummaryJobProgress(
  db: DbExecutor,
  id: string,
  progress: number,
): Promise<void> {
  await db
    .updateTable('summary_jobs')
    .set({ progress })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Ends a pending job as completed or failed; false when it had already ended (another worker,
 * or the sweeper, got there first). The row lock makes this the one place an outcome is decided.
 */
export async function finishSummaryJob(
  db: DbExecutor,
  id: string,
  outcome:
    | { status: 'completed'; summaryId: string }
    | { status: 'failed'; error: string; refunded: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('summary_jobs')
    .set(
      outcome.status === 'completed'
        ? {
            status: 'completed',
            progress: 100,
            summary_id: outcome.summaryId,
            finished_at: sql<Date>`now()`,
          }
        : {
            status: 'failed',
            error: outcome.error,
            finished_at: sql<Date>`now()`,
            refunded_at: outcome.refunded ? sql<Date>`now()` : null,
          },
    )
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findJobUpload(
  db: DbExecutor,
  jobId: string,
): Promise<{ file_name: string; content: Buffer | Uint8Array } | undefined> {
  return db
    .selectFrom('job_uploads')
    .select(['file_name', 'content'])
    .where('job_id', '=', jobId)
    .executeTakeFirst();
}

export async function deleteJobUpload(db: DbExecutor, jobId: string): Promise<void> {
  await db.deleteFrom('job_uploads').where('job_id', '=', jobId).execute();
}

/**
 * Pending jobs the queue no longer runs: its job ended (failed for good, cancelled, or
 * completed without a result) or is gone. `queueSchema` is pg-boss's schema (a checked
 * identifier from the config).
 */
export async function listLostSummaryJobs(
  db: DbExecutor,
  queueSchema: string,
  limit: number,
): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select summary_jobs.id from summary_jobs
    where summary_jobs.status = 'pending'
      and not exists (
        select 1 from ${sql.table(`${queueSchema}.job`)} as queue_job
        where queue_job.id = summary_jobs.id and queue_job.state in ('created', 'retry', 'active')
      )
    order by summary_jobs.created_at
    limit ${limit}
  `.execute(db);
  return result.rows.map((row) => row.id);
}
