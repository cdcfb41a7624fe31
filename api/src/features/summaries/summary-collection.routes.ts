import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { toSummaryDto } from '../../domain/summary-response';
import { validate } from '../../lib/validation';
import type { SummaryRequester } from './summaries.service';
import { combineSummaries } from './summary-collection.service';
import { combineSummariesSchema, compareSummariesSchema } from './summary-collection.schemas';
import { compareSummaries } from './summary-compare';
import { limitSummarizerCalls } from './summarizer-calls';

function cancellableRequester(c: Context<AuthEnv>): SummaryRequester {
  return { user: c.get('user'), requestId: c.get('requestId'), signal: c.req.raw.signal };
}

/**
 * Several of one's own summaries at once (issue 29): POST /combine makes one summary of them
 * (1 credit), POST /compare sets them side by side (free; it runs the sentence retrieval, so it
 * counts under fair use too). Mounted by app.ts inside the one authenticated router of
 * /api/summaries: no authentication of its own.
 */
export const summaryCollectionRoutes = new Hono<AuthEnv>()
  .post('/combine', limitSummarizerCalls, validate('json', combineSummariesSchema), async (c) => {
    const created = await combineSummaries(
      c.var.deps,
      cancellableRequester(c),
      c.req.valid('json'),
    );
    return c.json(
      successEnvelope(
        { summary: toSummaryDto(created.summary), updatedCredits: created.updatedCredits },
        'Summaries combined successfully',
      ),
      201,
    );
  })
  .post('/compare', limitSummarizerCalls, validate('json', compareSummariesSchema), async (c) => {
    const comparison = await compareSummaries(
      c.var.deps,
      cancellableRequester(c),
      c.req.valid('json'),
    );
    return c.json(successEnvelope({ comparison }), 200);
  });
