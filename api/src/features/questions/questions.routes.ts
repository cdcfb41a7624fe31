import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { summaryNotFound } from '../../domain/summary-response';
import { uuidParam, validate } from '../../lib/validation';
import { askQuestionSchema } from './questions.schemas';
import { askQuestion, listSummaryQuestions } from './questions.service';

/**
 * POST and GET /api/summaries/:id/questions (issue 29): the owner asks a question of the
 * summary's original, and reads the questions asked so far, oldest first. Mounted by app.ts
 * inside the one authenticated router of /api/summaries (requireAuth has set `c.var.user`).
 * `limitSummarizerCalls` is the fair-use middleware of every summarizer call (features never
 * import each other, so app.ts hands it over): a question runs the summarizer too.
 */
export function createSummaryQuestionRoutes(limitSummarizerCalls: MiddlewareHandler<AuthEnv>) {
  return new Hono<AuthEnv>()
    .post(
      '/:id/questions',
      uuidParam('id', summaryNotFound),
      limitSummarizerCalls,
      validate('json', askQuestionSchema),
      async (c) => {
        const answer = await askQuestion(
          c.var.deps,
          { userId: c.var.user.id, requestId: c.get('requestId'), signal: c.req.raw.signal },
          c.req.param('id'),
          c.req.valid('json').question,
        );
        return c.json(successEnvelope({ answer }), 201);
      },
    )
    .get('/:id/questions', uuidParam('id', summaryNotFound), async (c) => {
      const answers = await listSummaryQuestions(c.var.deps, c.var.user.id, c.req.param('id'));
      return c.json(successEnvelope({ answers }), 200);
    });
}
