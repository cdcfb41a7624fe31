import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/** Unread bodies up to this size are read and dropped so the connection can be kept. */
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
/** Longest wait for the rest of an unread body before giving up on the connection. */
const DRAIN_TIMEOUT_MS = 5_000;

/** Reads and drops the rest of `incoming`; false when it is too long or too slow. */
function drain(incoming: IncomingMessage): Promise<boolean> {
  if (incoming.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      if (!drained) incoming.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_DRAIN_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onError);
    incoming.resume();
  });
}

/** After the answer to a request with a body: the body read and dropped, or `Connection: close`. */
async function settle(c: Context, incoming: IncomingMessage): Promise<void> {
  if (incoming.readableEnded) return;
  const declared = Number(incoming.headers['content-length'] ?? Number.NaN);
  // readableFlowing stays null until something reads the body.
  const untouched = incoming.readableFlowing === null;
  if (untouched && declared <= MAX_DRAIN_BYTES && (await drain(incoming))) return;
  c.res.headers.set('Connection', 'close');
}

/**
 * For answers given before the request body was read (a 401, 404 or 413 to a large upload):
 * the rest of the body is read and dropped before answering, so the keep-alive connection
 * stays in step for the client's next request. A body that is too long or too slow for that,
 * or that a handler began to read and left, gets `Connection: close` instead: the client
 * then opens a new connection rather than meeting a reset one.
 */
export function settleUnreadBody(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    // No Node request behind it when the app is called in process (app.request in tests).
    const incoming = (c.env as AppEnv['Bindings'] | undefined)?.incoming;
    // GET and HEAD pass straight on, with no promise of their own (issue 13).
    if (!(incoming instanceof IncomingMessage)) return next();
    if (incoming.method === 'GET' || incoming.method === 'HEAD') return next();
    return next().then(() => settle(c, incoming));
  };
}
