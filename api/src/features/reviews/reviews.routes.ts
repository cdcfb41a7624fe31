import {
  summaryNotFound,
  toStaffSummaryDto,
  toSummaryPaginationDto,
} from '../../domain/summary-response';
import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { uuidParam, validate } from '../../lib/validation';
import { requireAuth, requireRole } from '../../middleware/auth';
import { reviewListQuerySchema, submitReviewSchema } from './reviews.schemas';
import {
  getReviewHistory,
  getReviewStatistics,
  listReviewQueue,
  submitReview,
} from './reviews.service';

/** /api/reviews: reviewers and admins review everyone's summaries. */
export const reviewRoutes = new Hono<AuthEnv>()
  .use(requireAuth, requireRole('reviewer', 'admin'))
  .get('/stats', async (c) => {
    const statistics = await getReviewStatistics(c.var.deps, c.var.user);
    return c.json(successEnvelope(statistics), 200);
  })
  .get('/pending', validate('query', reviewListQuerySchema), async (c) => {
    const queue = await listReviewQueue(c.var.deps, c.req.valid('query'));
    return c.json(
      {
        success: true as const,
        data: queue.summaries.map(toStaffSummaryDto),
        statistics: queue.statistics,
        pagination: toSummaryPaginationDto(queue.page, queue.limit, queue.total),
      },
      200,
    );
  })
  .post(
    '/:id/submit',
    validate('json', submitReviewSchema),
    uuidParam('id', summaryNotFound),
    async (c) => {
      const summary = await submitReview(
        c.var.deps,
        c.var.user,
        c.req.param('id'),
        c.req.valid('json'),
      );
      return c.json(
        successEnvelope({ summary: toStaffSummaryDto(summary) }, 'Review submitted successfully'),
        200,
      );
    },
  )
  .get('/:id/history', uuidParam('id', summaryNotFound), async (c) => {
    const history = await getReviewHistory(c.var.deps, c.req.param('id'));
    return c.json(successEnvelope(history), 200);
  });
