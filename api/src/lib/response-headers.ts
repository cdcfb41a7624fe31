import { ServerResponse } from 'node:http';
import type { Context, Env } from 'hono';
import type { NodeBindings } from './node-bindings';

/** Header names and values, set in this order. */
export type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * The Node response behind `c` when the request came through the Node server; undefined when
 * the app is called in process (app.request in tests).
 */
export function nodeResponse<E extends Env>(c: Context<E>): ServerResponse | undefined {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
  return outgoing instanceof ServerResponse ? outgoing : undefined;
}

/**
 * Runs the rest of the request with `headers` on its answer, whatever the route answers (a
 * route's own header of the same name wins). Through the Node server they are written on the
 * Node response before the route runs, and Node sends them with the route's: no web Headers
 * are built and no promise waits for the route (issue 13: security headers set on `c.res`
 * after every route were a measurable share of a list request's CPU). In process they are set
 * on `c.res` once the route has answered.
 */
export function answerWithHeaders<E extends Env>(
  c: Context<E>,
  next: () => Promise<void>,
  headers: HeaderList,
): Promise<void> {
  const outgoing = nodeResponse(c);
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  return next().then(() => {
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });
}
