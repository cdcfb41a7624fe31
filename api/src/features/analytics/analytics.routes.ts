import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { validate } from '../../lib/validation';
import { requireAuth } from '../../middleware/auth';
import { summaryAnalyticsQuerySchema } from './analytics.schemas';
import { summaryAnalytics } from './analytics.service';

/**
 * /api/analytics: small aggregates for the dashboard. `GET /summaries?tz=Europe/Paris` gives the
 * signed-in user's totals and their summaries per day for the last 14 days, days counted in
 * `tz` (default UTC), so the chart's "today" is the reader's.
 */
export const analyticsRoutes = new Hono<AuthEnv>()
  .use(requireAuth)
  .get('/summaries', validate('query', summaryAnalyticsQuerySchema), async (c) => {
    const { tz } = c.req.valid('query');
    const analytics = await summaryAnalytics(c.var.deps, c.var.user.id, { timeZone: tz });
    c.header('Cache-Control', 'private, no-cache');
    return c.json(successEnvelope(analytics), 200);
  });
