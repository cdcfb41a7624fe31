import type { Context, MiddlewareHandler } from 'hono';
import { apiBodyLimit } from './body-limit';
import { strictJsonEncoding } from './strict-json';

/**
 * Makes `c.req.raw.signal` follow the client from the start of the request. @hono/node-server
 * creates a request's AbortController only when the signal is first read, and aborts it when the
 * connection closes early only if it exists by then: a signal first read after the client left
 * would never fire (a summarizer call would run on for nobody). Reading it builds the full web
 * Request, so only requests with a body do it: GET and HEAD routes never call the summarizer.
 */
function followClientAbort(c: Context): void {
  void c.req.raw.signal;
}

/**
 * What an /api request with a body goes through before any route, in one middleware: its abort
 * signal made to follow the client, the body limits (body-limit.ts), then strict UTF-8 JSON
 * (strict-json.ts). GET and HEAD, which have no body, pass on at once (issue 13: as three
 * middleware these were three more steps, each with its promises, on every list request).
 */
export function apiRequestBody(): MiddlewareHandler {
  const limit = apiBodyLimit();
  const strict = strictJsonEncoding();
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    followClientAbort(c);
    return limit(c, async () => {
      await strict(c, next);
    });
  };
}
