import type { MiddlewareHandler } from 'hono';

/**
 * Makes `c.req.raw.signal` follow the client from the start of the request. @hono/node-server
 * creates a request's AbortController only when the signal is first read, and aborts it when the
 * connection closes early only if it exists by then: a signal first read after the client left
 * would never fire. Use it before any route that passes the signal on (a summarizer call, always
 * a POST).
 */
export function followClientAbort(): MiddlewareHandler {
  return (c, next) => {
    // Reading the signal builds the full web Request; GET and HEAD routes never call the
    // summarizer, so they skip it (issue 13: a measurable share of every list request).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') void c.req.raw.signal;
    return next();
  };
}
