import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv } from '../app-env';
import { runWithRequestId } from '../lib/logger';
import { requestHeader } from '../lib/request-header';
import { nodeResponse } from '../lib/response-headers';

/** Longest X-Request-Id taken from a client; longer ones, or any other character, get a new id. */
const REQUEST_ID_MAX_LENGTH = 128;
const NOT_IN_REQUEST_ID = /[^\w\-=]/;

/**
 * What every request gets, in one middleware (issue 13: one layer instead of two, and no web
 * Headers built to read one header): its id (the client's X-Request-Id when it is at most 128
 * word characters, `-` or `=`, else a new UUID), echoed in X-Request-Id; `deps`; a log context
 * that puts the id on every line logged while it runs; then its metrics and its access log line.
 */
export function requestFrame(deps: AppDeps): MiddlewareHandler<AppEnv> {
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
