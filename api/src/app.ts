import { Hono } from 'hono';
import { cors } from 'hono/cors';
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
import { summaryCollectionRoutes } from './features/summaries/summary-collection.routes';
import { limitSummarizerCalls } from './features/summaries/summarizer-calls';
import { systemRoutes } from './features/system/system.routes';
import type { AppDeps, AppEnv, AuthEnv } from './app-env';
import { compressJson } from './middleware/compression';
import { handleError, handleNotFound } from './middleware/error-handler';
import { securityHeaders } from './middleware/security-headers';
import { requireAuth } from './middleware/auth';
import { settleUnreadBody } from './middleware/unread-body';
import { apiRequestBody } from './middleware/request-body';
import { requestFrame } from './middleware/request-frame';

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
  .route('/', summaryCollectionRoutes)
  .route('/', summariesRoutes);

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
