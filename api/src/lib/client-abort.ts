import type { MiddlewareHandler } from 'hono';

/**
 * Makes `c.req.raw.signal` follow the client from the start of the request. @hono/node-server
 * creates a request's AbortController only when the signal is first read, and aborts it when the
 * connection closes early only if it exists by then: a signal first read after the client left
 * would never fire. Use it before any route that passes the signal on (a summarizer call).
 */
export function followClientAbort(): MiddlewareHandler {
  return async (c, next) => {
    void c.req.raw.signal;
    await next();
  };
}
