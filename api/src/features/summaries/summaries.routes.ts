import {
  summaryNotFound,
  toSummaryDto,
  toSummaryPaginationDto,
  toSummaryStatisticsDto,
  toSummaryVersionDto,
} from '../../domain/summary-response';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AuthEnv, BearerEnv } from '../../app-env';
import { admitUser, requireBearer } from '../../middleware/auth';
import { successEnvelope } from '../../lib/success-envelope';
import { INTERNAL_MESSAGE } from '../../middleware/error-handler';
import { uuidParam, validate } from '../../lib/validation';
import {
  createSummarySchema,
  exportSummaryQuerySchema,
  listSummariesQuerySchema,
  listVersionsQuerySchema,
  regenerateSummarySchema,
} from './summaries.schemas';
import { exportOwnSummary, listVersions, restoreVersion } from './summary-versions.service';
import {
  createSummary,
  deleteSummary,
  getSummaryWithShare,
  listSummaries,
  regenerateSummary,
} from './summaries.service';
import type { CreatedSummary, SummaryRequester } from './summaries.service';
import type { SummaryInput } from './summary-input';
import { streamNewSummary } from './summary-stream.service';
import { keepSummarizerCall, limitSummarizerCalls, releaseQuietly } from './summarizer-calls';
import { requireSummaryCredit, uploadForm } from './upload-form';
import type { SummaryCreationEvent } from './summary-stream.service';

/** The signed-in user and the request id. */
function requester(c: Context<AuthEnv>): SummaryRequester {
  return { user: c.get('user'), requestId: c.get('requestId') };
}

/**
 * The same with the request's abort signal (the client left), for the routes that call the
 * summarizer (POSTs, whose signal apiRequestBody made follow the client). Only those read
 * it: reading it builds the full web Request (issue 13).
 */
function cancellableRequester(c: Context<AuthEnv>): SummaryRequester {
  return { ...requester(c), signal: c.req.raw.signal };
}

/** A new summary and the balance after paying for it, as POST /, /upload and /stream answer. */
function toCreatedSummaryDto(created: CreatedSummary) {
  return { summary: toSummaryDto(created.summary), updatedCredits: created.updatedCredits };
}

/** How often a quiet event stream sends a comment, so proxies and clients keep it open. */
export const STREAM_KEEP_ALIVE_MS = 15_000;

/** A signal that fires when `signal` does, or when `abort` is called (the stream was cancelled). */
function linkedAbort(signal: AbortSignal): { signal: AbortSignal; abort: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return { signal: controller.signal, abort };
}

/** One event of POST /api/summaries/stream as API.md "Additions" names it. */
function toServerSentEvent(event: SummaryCreationEvent): { event: string; data: string } {
  switch (event.type) {
    case 'delta':
      return { event: 'delta', data: JSON.stringify({ text: event.text }) };
    case 'progress':
      return { event: 'progress', data: JSON.stringify(event.progress) };
    case 'reset':
      return { event: 'reset', data: JSON.stringify({ reason: event.reason }) };
    case 'done':
      return {
        event: 'done',
        data: JSON.stringify(toCreatedSummaryDto(event.created)),
      };
    case 'failed':
      return {
        event: 'error',
        data: JSON.stringify({
          code: event.error.code,
          message: event.error.message,
          ...(event.error.errors ? { errors: event.error.errors } : {}),
        }),
      };
  }
}

/**
 * POST /api/summaries/stream and /upload/stream: a new summary of `input` as server-sent events
 * (API.md "Additions"): `progress` while a file or a page is read, `delta`s, maybe `reset`, then
 * `done` or `error`. The credit check (402) and pasted text's rules answer with JSON before the
 * stream starts; the call's place (fair use) is held while the stream runs.
 */
async function streamedSummary(c: Context<AuthEnv>, input: SummaryInput): Promise<Response> {
  const cancel = linkedAbort(c.req.raw.signal);
  // Throws before the stream starts (0 credits, or all held: the usual 402 JSON).
  const { events, release } = await streamNewSummary(
    c.var.deps,
    { ...requester(c), signal: cancel.signal },
    input,
  );
  // The call's place is held while the stream runs, not only until this handler returns.
  const call = keepSummarizerCall(c);
  const response = streamSSE(c, async (stream) => {
    stream.onAbort(cancel.abort);
    const keepAlive = setInterval(
      () => void stream.write(': keep-alive\n\n'),
      STREAM_KEEP_ALIVE_MS,
    );
    try {
      for await (const event of events) await stream.writeSSE(toServerSentEvent(event));
    } catch (error) {
      // Not expected: the service reports its failures as events.
      c.var.deps.logger.error({ err: error }, 'The summary stream failed:');
      await stream.writeSSE({
        event: 'error',
        data: JSON.stringify({ code: 'INTERNAL', message: INTERNAL_MESSAGE }),
      });
    } finally {
      clearInterval(keepAlive);
      // A client gone before the end: the summarizer's work is stopped, nothing is charged.
      if (stream.aborted) cancel.abort();
      await release();
      if (call) await releaseQuietly(call, c.var.deps.logger);
    }
  });
  // No cache, proxy or compression may hold the events back.
  response.headers.set('Cache-Control', 'no-cache, no-transform');
  response.headers.set('X-Accel-Buffering', 'no');
  return response;
}

/**
 * GET /api/summaries: one page of the signed-in user's own summaries, with the pager and their
 * statistics. It authenticates on its own (issue 13): the token is checked first (401), then the
 * query (400), and the user is read in the same statement as the page and admitted only if they
 * still exist under the token's version (401), so the list costs one round trip. app.ts mounts
 * it before the router's requireAuth.
 */
export const ownSummariesListRoutes = new Hono<BearerEnv>().get(
  '/',
  requireBearer,
  validate('query', listSummariesQuerySchema),
  async (c) => {
    const claims = c.get('claims');
    const page = await listSummaries(
      c.get('deps'),
      claims.userId,
      c.req.valid('query'),
      (user) => void admitUser(c, claims, user),
    );
    const pagination = toSummaryPaginationDto(page.page, page.limit, page.matching);
    return c.json(
      successEnvelope({
        summaries: page.summaries.map(toSummaryDto),
        pagination,
        statistics: toSummaryStatisticsDto(page.totals),
        total: pagination.total,
        totalPages: pagination.totalPages,
      }),
      200,
    );
  },
);

/**
 * /api/summaries: a signed-in user's own summaries. Every `:id` route answers 404 for a
 * summary of someone else, exactly as for one that does not exist.
 *
 * No authentication of its own: app.ts mounts it inside the one authenticated router of
 * /api/summaries (requireAuth once per request, issue 13), beside the jobs' routes and the
 * author's review history.
 */
export const summariesRoutes = new Hono<AuthEnv>()
  .post('/', limitSummarizerCalls, validate('json', createSummarySchema), async (c) => {
    const created = await createSummary(c.var.deps, cancellableRequester(c), c.req.valid('json'));
    return c.json(
      successEnvelope(toCreatedSummaryDto(created), 'Summary created successfully'),
      201,
    );
  })
  .post('/stream', limitSummarizerCalls, validate('json', createSummarySchema), (c) =>
    streamedSummary(c, c.req.valid('json')),
  )
  .post('/upload/stream', requireSummaryCredit, limitSummarizerCalls, uploadForm(), (c) => {
    const { file, ...options } = c.req.valid('form');
    return streamedSummary(c, { ...options, kind: 'file', file });
  })
  .post('/upload', requireSummaryCredit, limitSummarizerCalls, uploadForm(), async (c) => {
    const { file, ...options } = c.req.valid('form');
    const created = await createSummary(c.var.deps, cancellableRequester(c), {
      ...options,
      kind: 'file',
      file,
    });
    return c.json(
      successEnvelope(toCreatedSummaryDto(created), 'Summary created successfully'),
      201,
    );
  })
  .get('/:id', uuidParam('id', summaryNotFound), async (c) => {
    const { summary, share } = await getSummaryWithShare(
      c.var.deps,
      requester(c),
      c.req.param('id'),
    );
    return c.json(successEnvelope({ summary: { ...toSummaryDto(summary), share } }), 200);
  })
  .delete('/:id', uuidParam('id', summaryNotFound), async (c) => {
    const id = c.req.param('id');
    await deleteSummary(c.var.deps, requester(c), id);
    return c.json(successEnvelope({ id }, 'Summary deleted successfully'), 200);
  })
  .post(
    '/:id/regenerate',
    limitSummarizerCalls,
    validate('json', regenerateSummarySchema),
    uuidParam('id', summaryNotFound),
    async (c) => {
      const { summary, totals } = await regenerateSummary(
        c.var.deps,
        cancellableRequester(c),
        c.req.param('id'),
        c.req.valid('json'),
      );
      return c.json(
        successEnvelope(
          { summary: toSummaryDto(summary), statistics: toSummaryStatisticsDto(totals) },
          'Summary regenerated successfully',
        ),
        200,
      );
    },
  )
  .get(
    '/:id/versions',
    validate('query', listVersionsQuerySchema),
    uuidParam('id', summaryNotFound),
    async (c) => {
      const page = await listVersions(
        c.var.deps,
        requester(c),
        c.req.param('id'),
        c.req.valid('query'),
      );
      return c.json(
        successEnvelope({
          versions: page.versions.map(toSummaryVersionDto),
          pagination: toSummaryPaginationDto(page.page, page.limit, page.total),
        }),
        200,
      );
    },
  )
  .post(
    '/:id/versions/:version/restore',
    limitSummarizerCalls,
    uuidParam('id', summaryNotFound),
    async (c) => {
      const summary = await restoreVersion(
        c.var.deps,
        requester(c),
        c.req.param('id'),
        c.req.param('version'),
      );
      return c.json(
        successEnvelope({ summary: toSummaryDto(summary) }, 'Version restored successfully'),
        200,
      );
    },
  )
  .get(
    '/:id/export',
    validate('query', exportSummaryQuerySchema),
    uuidParam('id', summaryNotFound),
    async (c) => {
      const file = await exportOwnSummary(
        c.var.deps,
        requester(c),
        c.req.param('id'),
        c.req.valid('query'),
      );
      return c.body(file.body, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': file.disposition,
        'Cache-Control': 'private, no-store',
      });
    },
  );
