import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/** Unread bodies up to this size are read and dropped after the answer, so the connection can be kept. */
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
/** Longest wait for the rest of an unread body before closing the connection. */
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Reads and drops the rest of `incoming` after its answer, without holding the answer back: up
 * to MAX_DRAIN_BYTES within DRAIN_TIMEOUT_MS, then the connection is closed. Whatever read the
 * body until now (a web stream of it, a form reader that refused it) is done with it, so its
 * listeners go; the client, still sending, reads the answer instead of meeting a reset socket
 * (Node's fetch then sees the 401, 402 or 413 rather than EPIPE).
 */
function drainAfterAnswer(incoming: IncomingMessage): void {
  let bytes = 0;
  const finish = (drained: boolean) => {
    clearTimeout(timer);
    incoming.off('data', onData);
    incoming.off('end', onEnd);
    incoming.off('error', onError);
    if (!drained) incoming.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_DRAIN_BYTES) finish(false);
  };
  const onEnd = () => finish(true);
  const onError = () => finish(false);
  const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
  incoming.removeAllListeners('data');
  incoming.on('data', onData);
  incoming.once('end', onEnd);
  incoming.once('error', onError);
  incoming.resume();
}

/** After the answer to a request with a body: the rest of the body drained, or `Connection: close`. */
function settle(c: Context, incoming: IncomingMessage): void {
  if (incoming.readableEnded || incoming.destroyed) return;
  // A route that gave the connection up (a body it began to read and refused) says so itself.
  if (c.res.headers.get('Connection')?.toLowerCase() === 'close') return;
  const declared = Number(incoming.headers['content-length'] ?? Number.NaN);
  if (declared > MAX_DRAIN_BYTES) {
    c.res.headers.set('Connection', 'close');
    return;
  }
  drainAfterAnswer(incoming);
}

/**
 * For answers given before the request body was read to its end (a 401, 402, 404 or 413 to a
 * large upload, a form refused at its second file): the answer goes out at once, and the rest of
 * the body is read and dropped after it, up to 16 MB within 5 s, so the keep-alive connection
 * stays in step for the client's next request and a client still sending reads the answer. A
 * body declared longer than that gets `Connection: close` instead, and one that turns out longer
 * or slower has its connection closed once the bound is reached. A route that gives the
 * connection up itself (`closeAfterAnswer`) is left to close it.
 *
 * @hono/node-server's own clean-up (drain for 500 ms, then close) is off (http-server.ts): it
 * would cut this bounded drain short, and the client would meet EPIPE.
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

/**
 * Marks the answer `Connection: close`: for a body that a reader began and left mid-way (the
 * JSON limit on a chunked body), which is not drained after the answer.
 */
export function closeAfterAnswer(c: Context): void {
  c.header('Connection', 'close');
}
