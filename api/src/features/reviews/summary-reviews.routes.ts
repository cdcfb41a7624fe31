import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { summaryNotFound } from '../../domain/summary-response';
import { uuidParam } from '../../lib/validation';
import { getOwnReviewHistory } from './reviews.service';

/**
 * GET /api/summaries/:id/reviews: the author sees every review of their own summary, in the
 * shape of GET /api/reviews/:id/history. Someone else's summary is 404, as an unknown one.
 * Mounted by app.ts inside the one authenticated router of /api/summaries, whose requireAuth
 * has set `c.var.user`.
 */
export const summaryReviewsRoutes = new Hono<AuthEnv>().get(
  '/:id/reviews',
  uuidParam('id', summaryNotFound),
  async (c) => {
    const history = await getOwnReviewHistory(c.var.deps, c.var.user.id, c.req.param('id'));
    return c.json(successEnvelope(history), 200);
  },
);
