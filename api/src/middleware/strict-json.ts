import { isUtf8 } from 'node:buffer';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../lib/app-error';
import { requestHeader } from '../lib/request-header';

const JSON_BODY = /^application\/(.+\+)?json\b/i;

export const INVALID_UTF8_MESSAGE = 'The request body must be valid UTF-8';

async function requireUtf8Body(c: Context): Promise<void> {
  if (!isUtf8(await c.req.arrayBuffer())) {
    throw new AppError(400, 'VALIDATION_ERROR', INVALID_UTF8_MESSAGE, [
      { field: 'body', message: INVALID_UTF8_MESSAGE },
    ]);
  }
}

/**
 * Refuses a JSON body that is not valid UTF-8 with 400 VALIDATION_ERROR. JSON parsing would
 * otherwise replace each bad byte with U+FFFD and store text the client never sent. The bytes
 * read here are kept by Hono, so the route's own JSON parsing reads them again for free.
 */
export function strictJsonEncoding(): MiddlewareHandler {
  return (c, next) => {
    const type = requestHeader(c, 'content-type');
    // Most requests (every GET) have no body and pass straight on, with no promise of their own.
    if (type === undefined || !JSON_BODY.test(type.trim())) return next();
    return requireUtf8Body(c).then(next);
  };
}
