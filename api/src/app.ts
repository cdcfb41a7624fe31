import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { adminRoutes } from './features/admin/admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { reviewRoutes } from './features/reviews/reviews.routes';
import { createStaticRoutes } from './features/static/static.routes';
import { summariesRoutes } from './features/summaries/summaries.routes';
import { summaryJobRoutes } from './features/summaries/summary-jobs.routes';
import { systemRoutes } from './features/system/system.routes';
import type { AppDeps, AppEnv } from './lib/app-env';
import { apiBodyLimit } from './lib/body-limit';
import { handleError, handleNotFound } from './lib/error-handler';
import { dummyPasswordHash } from './lib/password';
import { securityHeaders } from './lib/security-headers';

/**
 * The whole HTTP app: request ids, security headers, CORS, body limits, the API routes
 * (each a chained sub-app, so `AppType` types `hc` calls) and the built front ends.
 * A new resource adds one `.route('/api/<resource>', <resource>Routes)` to the chain.
 */
export function createApp(deps: AppDeps) {
  const { config } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId({ limitLength: 128 }));
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(securityHeaders(config));
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
  app.use('/api/*', apiBodyLimit());
  app.onError(handleError);
  app.notFound(handleNotFound);

  const routes = app
    .route('/api/auth', authRoutes)
    .route('/api/summaries', summaryJobRoutes)
    .route('/api/summaries', summariesRoutes)
    .route('/api/admin', adminRoutes)
    .route('/api/reviews', reviewRoutes)
    .route('/api', systemRoutes);

  if (config.staticDir !== null) {
    app.route(
      '/',
      createStaticRoutes(config.staticDir, {
        onMissing: (folder) => console.warn(`Front-end build not found, not served: ${folder}`),
      }),
    );
  }

  // The first unknown-email login would otherwise pay for making the dummy hash.
  dummyPasswordHash(config.passwordHashCost).catch(() => undefined);

  return routes;
}

/** The app `createApp` returns. */
export type App = ReturnType<typeof createApp>;
