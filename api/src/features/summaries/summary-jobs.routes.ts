import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { JOB_QUEUES } from '../../db/job-queue';
import { toSummaryDto } from '../../domain/summary-response';
import { uuidParam, validate } from '../../lib/validation';
import { createAsyncSummarySchema } from './summaries.schemas';
import { requireSummaryCredit, uploadForm } from './upload-form';
import { enqueueSummary, getSummaryJobStatus, jobNotFound } from './summary-jobs.service';
import type { SummaryJobStatus } from './summary-jobs.service';
import { limitSummarizerCalls } from './summarizer-calls';
import { SUMMARY_QUEUES } from './summary-input';

const QUEUE_MESSAGE = `Queue must be one of: ${JOB_QUEUES.join(', ')}`;

export const jobStatusQuerySchema = z.object({
  queue: z.enum(JOB_QUEUES, { error: QUEUE_MESSAGE }).optional().default(SUMMARY_QUEUES.file),
});

function toJobStatusDto(status: SummaryJobStatus) {
  return {
    jobId: status.jobId,
    queue: status.queue,
    state: status.state,
    progress: status.progress,
    ...(status.summary ? { summary: toSummaryDto(status.summary) } : {}),
    ...(status.error !== undefined ? { error: status.error } : {}),
    createdAt: status.createdAt.toISOString(),
    ...(status.finishedAt ? { finishedAt: status.finishedAt.toISOString() } : {}),
  };
}

/**
 * Background summaries under /api/summaries: queue text or a file (202, the credit taken now),
 * and the owner's view of a job (404 for anyone else). Mounted by app.ts inside the one
 * authenticated router of /api/summaries: these routes add no authentication of their own.
 */
export const summaryJobRoutes = new Hono<AuthEnv>()
  .post('/async', limitSummarizerCalls, validate('json', createAsyncSummarySchema), async (c) => {
    const queued = await enqueueSummary(
      c.var.deps,
      { user: c.var.user, requestId: c.var.requestId },
      c.req.valid('json'),
    );
    return c.json(successEnvelope(queued, 'Summary queued successfully'), 202);
  })
  .post('/upload/async', requireSummaryCredit, limitSummarizerCalls, uploadForm(), async (c) => {
    const { file, ...options } = c.req.valid('form');
    const queued = await enqueueSummary(
      c.var.deps,
      { user: c.var.user, requestId: c.var.requestId },
      { ...options, kind: 'file', file },
    );
    return c.json(successEnvelope(queued, 'File queued for processing'), 202);
  })
  .get(
    '/job/:jobId',
    validate('query', jobStatusQuerySchema),
    uuidParam('jobId', jobNotFound),
    async (c) => {
      const status = await getSummaryJobStatus(
        c.var.deps,
        { user: c.var.user, requestId: c.var.requestId },
        c.req.valid('query').queue,
        c.req.param('jobId'),
      );
      return c.json(successEnvelope(toJobStatusDto(status)), 200);
    },
  );
