import type { AppDeps } from '../../app-env';
import { JOB_QUEUES } from '../../db/job-queue';
import type { JobQueueStopOptions } from '../../db/job-queue';
import { processSummaryJob, sweepLostSummaryJobs } from './summary-jobs.service';
import type { TextSummaryJobData } from './summary-jobs.service';

export interface SummaryWorkers {
  /** Stops taking jobs, lets active ones finish (or hands them back) and stops the queue. */
  stop(options: JobQueueStopOptions): Promise<void>;
}

/**
 * Runs `concurrency` workers per queue in this process, and a sweeper that refunds jobs the
 * queue gave up on without a result (see sweepLostSummaryJobs).
 */
export async function startSummaryWorkers(
  deps: AppDeps,
  concurrency: number,
): Promise<SummaryWorkers> {
  for (const queue of JOB_QUEUES) {
    await deps.jobs.work<Partial<TextSummaryJobData>>(queue, concurrency, (job) =>
      processSummaryJob(deps, queue, job),
    );
  }
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweeper = setInterval(() => {
    sweeping = sweepLostSummaryJobs(deps).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'Sweeping lost summary jobs failed');
    });
  }, deps.config.jobs.sweepIntervalSeconds * 1000);
  sweeper.unref();
  return {
    async stop(options) {
      clearInterval(sweeper);
      await sweeping;
      await deps.jobs.stop(options);
    },
  };
}
