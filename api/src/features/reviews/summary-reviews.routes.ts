import { Hono } from 'hono';
import { findOwnSummary } from '../../db/summaries.repository';
import { AppError } from '../../lib/app-error';
import type { AuthEnv } from '../../lib/app-env';
import { SUMMARY_NOT_FOUND_MESSAGE } from '../../lib/summary-response';
import { toReviewHistoryDto } from './review-response';
import { listReviewEvents } from './reviews.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/summaries/:id/reviews: the author sees every review of their own summary, in the
 * shape of GET /api/reviews/:id/history. Someone else's summary is 404, as an unknown one.
 * Mounted by app.ts inside the one authenticated router of /api/summaries, whose requireAuth
 * has set `c.var.user`.
 */
export const summaryReviewsRoutes = new Hono<AuthEnv>().get('/:id/reviews', async (c) => {
  const id = c.req.param('id');
  const summary = UUID_PATTERN.test(id)
    ? await findOwnSummary(c.var.deps.db, c.var.user.id, id)
    : undefined;
  if (!summary) throw new AppError(404, 'NOT_FOUND', SUMMARY_NOT_FOUND_MESSAGE);
  const events = await listReviewEvents(c.var.deps.db, id);
  return c.json({ success: true as const, data: toReviewHistoryDto(summary, events) }, 200);
});
