import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { routePath } from 'hono/route';
import { adminRoutes } from './features/admin/admin.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { authRoutes } from './features/auth/auth.routes';
import { adminCreditRequestsRoutes, creditsRoutes } from './features/credits/credits.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createSummaryQuestionRoutes } from './features/questions/questions.routes';
import { reviewRoutes } from './features/reviews/reviews.routes';
import { sharedSummaryRoutes, summaryShareRoutes } from './features/shares/shares.routes';
import { createStaticRoutes, readShellPages } from './features/static/static.routes';
import { summaryReviewsRoutes } from './features/reviews/summary-reviews.routes';
import { ownSummariesListRoutes, summariesRoutes } from './features/summaries/summaries.routes';
import { summaryJobRoutes } from './features/summaries/summary-jobs.routes';
import { limitSummarizerCalls } from './features/summaries/summarizer-calls';
import { systemRoutes } from './features/system/system.routes';
import type { AppDeps, AppEnv, AuthEnv } from './lib/app-env';
import { compressJson } from './lib/compression';
import { handleError, handleNotFound } from './lib/error-handler';
import { runWithRequestId } from './lib/logger';
import { securityHeaders } from './lib/security-headers';
import { requireAuth } from './middleware/auth';
import { settleUnreadBody } from './lib/unread-body';
import { apiRequestBody } from './lib/request-body';
import { requestHeader } from './lib/request-header';
import { nodeResponse } from './lib/response-headers';

/**
 * /api/summaries: one router, one requireAuth. The jobs' routes, the author's review history
 * and the summaries themselves add no middleware of their own, so the user is loaded once per
 * request (issue 13: three sub-apps on the prefix each ran requireAuth). The list comes first:
 * it reads its user with its page and answers, so requireAuth never runs for it. Mount nothing
 * else on /api/summaries: a second sub-app there would run its middleware on every request of
 * the prefix.
 */
const authenticatedSummariesRoutes = new Hono<AuthEnv>()
  .route('/', ownSummariesListRoutes)
  .use(requireAuth)
  .route('/', summaryJobRoutes)
  .route('/', summaryReviewsRoutes)
  .route('/', summaryShareRoutes)
  .route('/', createSummaryQuestionRoutes(limitSummarizerCalls))
  .route('/', summariesRoutes);

/** Longest X-Request-Id taken from a client; longer ones, or any other character, get a new id. */
const REQUEST_ID_MAX_LENGTH = 128;
const NOT_IN_REQUEST_ID = /[^\w\-=]/;

/**
 * What every request gets, in one middleware (issue 13: one layer instead of two, and no web
 * Headers built to read one header): its id (the client's X-Request-Id when it is at most 128
 * word characters, `-` or `=`, else a new UUID), echoed in X-Request-Id; `deps`; a log context
 * that puts the id on every line logged while it runs; then its metrics and its access log line.
 */
function requestFrame(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { logger, metrics } = deps;
  return (c, next) => {
    let id = requestHeader(c, 'x-request-id');
    if (!id || id.length > REQUEST_ID_MAX_LENGTH || NOT_IN_REQUEST_ID.test(id)) id = randomUUID();
    c.set('requestId', id);
    c.set('deps', deps);
    const outgoing = nodeResponse(c);
    if (outgoing) outgoing.setHeader('X-Request-Id', id);
    else c.header('X-Request-Id', id);
    return runWithRequestId(id, async () => {
      const started = performance.now();
      await next();
      const seconds = (performance.now() - started) / 1000;
      const status = c.res.status;
      // The last matched pattern (`/api/summaries/:id`, or `/api/*` when no route matched),
      // never the raw path, so the label has few values.
      metrics.recordRequest(c.req.method, routePath(c, -1), status, seconds);
      logger.info(
        { method: c.req.method, path: c.req.path, status, ms: Math.round(seconds * 1000) },
        'request',
      );
    });
  };
}

/**
 * The whole HTTP app: unread bodies settled, request ids, request logs and metrics,
 * security headers, CORS, body limits and strict UTF-8 JSON, the API routes
 * (each a chained sub-app, so `AppType` types `hc` calls) and the built front ends.
 * A new resource adds one `.route('/api/<resource>', <resource>Routes)` to the chain.
 */
export function createApp(deps: AppDeps) {
  const { config } = deps;
  const app = new Hono<AppEnv>();
  // The shell's prerendered pages: which document answers which path, and the hashes of their
  // inline scripts, which the Content-Security-Policy must allow.
  const shellPages = config.staticDir === null ? null : readShellPages(config.staticDir);

  app.use(settleUnreadBody());
  app.use(requestFrame(deps));
  app.use(securityHeaders(config, shellPages?.scriptHashes ?? []));
  // JSON answers over 1 KB go out compressed; the front ends' files are compressed at build time.
  app.use('/api/*', compressJson());
  if (config.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: config.corsOrigins,
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowHeaders: ['Authorization', 'Content-Type'],
        exposeHeaders: ['Retry-After', 'X-Request-Id'],
        maxAge: 600,
      }),
    );
  }
  app.use('/api/*', apiRequestBody());
  app.onError(handleError);
  app.notFound(handleNotFound);

  const routes = app
    .route('/api/auth', authRoutes)
    .route('/api/summaries', authenticatedSummariesRoutes)
    .route('/api/admin/credit-requests', adminCreditRequestsRoutes)
    .route('/api/admin/audit', auditRoutes)
    .route('/api/admin', adminRoutes)
    .route('/api/reviews', reviewRoutes)
    .route('/api/analytics', analyticsRoutes)
    .route('/api/credits', creditsRoutes)
    .route('/api/notifications', notificationsRoutes)
    .route('/api/shared', sharedSummaryRoutes)
    .route('/api', systemRoutes);

  if (config.staticDir !== null) {
    app.route(
      '/',
      createStaticRoutes(config.staticDir, {
        shellPages,
        onMissing: (folder) => deps.logger.warn(`Front-end build not found, not served: ${folder}`),
      }),
    );
  }

  // The first unknown-email login would otherwise pay for making the dummy hash.
  deps.passwords.warmUp().catch(() => undefined);

  return routes;
}

/** The app `createApp` returns. */
export type App = ReturnType<typeof createApp>;
