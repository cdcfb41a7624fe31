import { isUtf8 } from 'node:buffer';
import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error';
import { requestHeader } from './request-header';

export const INVALID_UTF8_MESSAGE = 'The request body must be valid UTF-8';

/**
 * Refuses a JSON body that is not valid UTF-8 with 400 VALIDATION_ERROR. JSON parsing would
 * otherwise replace each bad byte with U+FFFD and store text the client never sent. The bytes
 * read here are kept by Hono, so the route's own JSON parsing reads them again for free.
 */
export function strictJsonEncoding(): MiddlewareHandler {
  return async (c, next) => {
    const type = requestHeader(c, 'content-type') ?? '';
    if (/^application\/(.+\+)?json\b/i.test(type.trim())) {
      const bytes = await c.req.arrayBuffer();
      if (!isUtf8(bytes)) {
        throw new AppError(400, 'VALIDATION_ERROR', INVALID_UTF8_MESSAGE, [
          { field: 'body', message: INVALID_UTF8_MESSAGE },
        ]);
      }
    }
    await next();
  };
}
