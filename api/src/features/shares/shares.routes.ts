import { Hono } from 'hono';
import type { AppEnv, AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { sharedLinkHeaders } from '../../domain/summary-share';
import { summaryNotFound } from '../../domain/summary-response';
import { uuidParam } from '../../lib/validation';
import { shareTokenParam } from './shares.schemas';
import { readShared, shareNotFound, shareSummary, stopSharing } from './shares.service';

/**
 * POST and DELETE /api/summaries/:id/share: the owner starts (or reads) and stops the read-only
 * link of their summary. Mounted by app.ts inside the one authenticated router of
 * /api/summaries, whose requireAuth has set `c.var.user`.
 */
export const summaryShareRoutes = new Hono<AuthEnv>()
  .post('/:id/share', uuidParam('id', summaryNotFound), async (c) => {
    const share = await shareSummary(c.var.deps, c.var.user.id, c.req.param('id'));
    return c.json(successEnvelope({ share }), 201);
  })
  .delete('/:id/share', uuidParam('id', summaryNotFound), async (c) => {
    await stopSharing(c.var.deps, c.var.user.id, c.req.param('id'));
    return c.json(successEnvelope({ share: null }), 200);
  });

/** GET /api/shared/:token: anyone with the link reads the shared summary; no sign-in. */
export const sharedSummaryRoutes = new Hono<AppEnv>()
  .use(sharedLinkHeaders)
  .get('/:token', shareTokenParam(shareNotFound), async (c) => {
    const summary = await readShared(c.var.deps, c.req.param('token'));
    return c.json(successEnvelope({ summary }), 200);
  });
