import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../config';
import { pgliteOf } from './database';
import type { Database, DbExecutor } from './database';
import type { Logger } from '../lib/logger';
import { JOB_QUEUES } from './schema';
import type { JobQueueName } from './schema';

/** The queues of ARCHITECTURE.md "Jobs", named in the schema (the jobs' `queue` column). */
export { JOB_QUEUES };
export type { JobQueueName };

/** pg-boss's own states of a job. */
export type QueueJobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** A job as a worker receives it. */
export interface QueuedJob<T> {
  id: string;
  data: T;
  /** Attempts already failed before this one (0 on the first run). */
  retryCount: number;
  retryLimit: number;
}

export interface JobQueueStopOptions {
  /** Wait for active jobs to finish (up to `timeoutMs`) before handing the rest back. */
  graceful: boolean;
  timeoutMs: number;
}

/**
 * pg-boss on the app's own database. Every statement goes through the app's Kysely
 * connection (the `pg` pool, or the one PGlite connection), so a job can be queued inside
 * the transaction that pays for it, and PGlite needs no second connection.
 */
export interface JobQueue {
  /** Starts pg-boss once (creating its schema and the queues); later calls share that start. */
  start(): Promise<void>;
  /** Queues a job with this id, inside `executor` (a transaction: the job exists only if it commits). */
  send(executor: DbExecutor, queue: JobQueueName, id: string, data: object): Promise<void>;
  /** pg-boss's state of the job, or null when it has none (unknown, or archived and gone). */
  getState(queue: JobQueueName, id: string): Promise<QueueJobState | null>;
  /**
   * Runs `handler` for the queue's jobs, `concurrency` at a time in this process. A handler
   * that throws fails the attempt: pg-boss retries it with backoff while retries remain.
   */
  work<T>(
    queue: JobQueueName,
    concurrency: number,
    handler: (job: QueuedJob<T>) => Promise<void>,
  ): Promise<void>;
  /**
   * Sets when an active job's next retry comes, for a handler about to fail its attempt:
   * `seconds` after the failure, or with `backoff` that delay doubled per attempt (with jitter),
   * the queue's usual rule.
   */
  setRetryDelay(
    queue: JobQueueName,
    id: string,
    retry: { seconds: number; backoff: boolean },
  ): Promise<void>;
  /** Stops fetching; active jobs finish or, after the time-out, are handed back to the queue. */
  stop(options: JobQueueStopOptions): Promise<void>;
}

/** The `db` pg-boss runs its SQL through, on `executor`. */
function bossDb(db: Database, executor: DbExecutor): PgBoss.Db {
  const pglite = pgliteOf(db);
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // Schema set-up sends several statements in one text with no values: pg runs those
      // through its simple protocol, PGlite only through exec (on the held connection).
      if (pglite && values.length === 0 && executor === db) {
        const results = await db.connection().execute(() => pglite.exec(text));
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await executor.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** A job queue over `db`; nothing runs until `start()` (or the first send). */
export function createJobQueue(db: Database, config: JobsConfig, logger: Logger): JobQueue {
  const boss = new PgBoss({
    db: bossDb(db, db),
    schema: config.schema,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
  });
  // pg-boss reports its own failures (a poll or its upkeep that met a database outage) here
  // and tries again on its next turn; the process carries on.
  boss.on('error', (error: Error) => logger.warn({ err: error }, 'Job queue error'));
  let starting: Promise<void> | null = null;
  let stopped = false;

  const jobOptions = {
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: config.expireInSeconds,
  };

  const queue: JobQueue = {
    start() {
      starting ??= (async () => {
        await boss.start();
        for (const name of JOB_QUEUES) await boss.createQueue(name, { name, ...jobOptions });
      })();
      return starting;
    },
    async send(executor, name, id, data) {
      await queue.start();
      const sent = await boss.send(name, data, { ...jobOptions, id, db: bossDb(db, executor) });
      if (sent === null) throw new Error(`The job queue refused job ${id}`);
    },
    async getState(name, id) {
      await queue.start();
      const job = await boss.getJobById(name, id);
      return job ? job.state : null;
    },
    async work<T>(
      name: JobQueueName,
      concurrency: number,
      handler: (job: QueuedJob<T>) => Promise<void>,
    ) {
      await queue.start();
      for (let index = 0; index < concurrency; index += 1) {
        await boss.work<T>(
          name,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: config.pollingIntervalSeconds,
          },
          async ([job]) => {
            if (!job) return;
            await handler({
              id: job.id,
              data: job.data,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            });
          },
        );
      }
    },
    async setRetryDelay(name, id, retry) {
      // pg-boss computes the retry's start from the job's own retry_delay and retry_backoff
      // when the attempt fails; it offers no call to change them on an active job.
      await sql`
        update ${sql.table(`${config.schema}.job`)}
        set retry_delay = ${Math.max(0, Math.round(retry.seconds))}, retry_backoff = ${retry.backoff}
        where name = ${name} and id = ${id} and state = 'active'
      `.execute(db);
    },
    async stop(options) {
      if (stopped || starting === null) return;
      stopped = true;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: options.graceful, timeout: options.timeoutMs, close: false });
    },
  };
  return queue;
}
