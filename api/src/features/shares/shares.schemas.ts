import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppError } from '../../lib/app-error';

/** Random bytes in a share token: 128 bits, the whole secret of a public link. */
export const SHARE_TOKEN_BYTES = 16;

/** A share token as issued: base64url of SHARE_TOKEN_BYTES bytes, no padding (22 characters). */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/**
 * Checks the `:token` of the path before any query: a token of the wrong length or alphabet
 * gets the same 404 as an unknown one, so the answer tells nothing about the format.
 */
export function shareTokenParam(notFound: () => AppError): MiddlewareHandler {
  return async (c, next) => {
    if (!shareTokenSchema.safeParse(c.req.param('token')).success) throw notFound();
    await next();
  };
}
