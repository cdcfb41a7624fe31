import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './app-error';
import { MAX_FILE_BYTES, MAX_JSON_BYTES } from './product-constants';

/** Room for the multipart boundaries and part headers around a file of MAX_FILE_BYTES. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Rejects a JSON (or any non-multipart) body over 1 MB with 413 PAYLOAD_TOO_LARGE. */
export function jsonBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_JSON_BYTES,
    onError: () => {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body must be at most 1 MB');
    },
  });
}

/**
 * Rejects a multipart upload whose body is over 10 MB (plus the multipart framing) with
 * 413 PAYLOAD_TOO_LARGE before it is buffered. The route still checks the file's own size
 * against MAX_FILE_BYTES, since the body limit includes the framing.
 */
export function uploadBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'File exceeds the 10MB limit');
    },
  });
}

/** True for a `multipart/form-data` request. */
export function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data\b/i.test(contentType?.trim() ?? '');
}

/**
 * The limit for every /api request: multipart bodies get the upload limit, everything
 * else the JSON limit, so no route can be reached with an unbounded body.
 */
export function apiBodyLimit(): MiddlewareHandler {
  const json = jsonBodyLimit();
  const upload = uploadBodyLimit();
  return (c, next) => {
    // @hono/node-server gives a GET or HEAD no body, and asking for it builds the full web
    // Request and its AbortController on every such request (issue 13).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return isMultipart(c.req.header('Content-Type')) ? upload(c, next) : json(c, next);
  };
}
