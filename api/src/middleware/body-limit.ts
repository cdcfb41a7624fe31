import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../lib/app-error';
import { MAX_FILE_BYTES, MAX_JSON_BYTES } from '../lib/product-constants';
import { closeAfterAnswer } from './unread-body';

/** Room for the multipart boundaries and part headers around a file of MAX_FILE_BYTES. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Rejects a JSON (or any non-multipart) body over 1 MB with 413 PAYLOAD_TOO_LARGE. */
export function jsonBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_JSON_BYTES,
    onError: (c) => {
      // A body without Content-Length was read up to the limit and left: not worth draining.
      if (c.req.header('Content-Length') === undefined) closeAfterAnswer(c);
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body must be at most 1 MB');
    },
  });
}

function uploadTooLarge(): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', 'File exceeds the 10MB limit');
}

/**
 * `body` counted as it is read, failing with 413 past `maxBytes`, and nothing buffered. The
 * source is never cancelled (that would reset a connection the client is still sending on):
 * its reader is let go, and settleUnreadBody drains the rest after the answer.
 */
function countedBody(body: ReadableStream<Uint8Array>, maxBytes: number) {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= body.getReader();
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      size += value.byteLength;
      if (size > maxBytes) {
        reader.releaseLock();
        controller.error(uploadTooLarge());
        return;
      }
      controller.enqueue(value);
    },
    cancel() {
      reader?.releaseLock();
    },
  });
}

/**
 * Rejects a multipart upload over 10 MB (plus the multipart framing) with 413
 * PAYLOAD_TOO_LARGE. One that declares it (Content-Length) is refused at once, before any of it
 * is read; one without (chunked) is counted as whatever reads it streams it, and refused where
 * it crosses the limit. Nothing is buffered here (issue 24: the whole body was buffered before
 * the user was known): the route reads the form after requireAuth, and a route that reads no
 * form never reads it. The route still checks the file's own size against MAX_FILE_BYTES, since
 * the body limit includes the framing.
 */
export function uploadBodyLimit(): MiddlewareHandler {
  const maxBytes = MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;
  return (c, next) => {
    const body = c.req.raw.body;
    if (body === null) return next();
    const declared = c.req.header('Content-Length');
    if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      if (Number(declared) > maxBytes) throw uploadTooLarge();
      return next();
    }
    c.req.raw = new Request(c.req.raw, {
      body: countedBody(body, maxBytes),
      duplex: 'half',
    } as RequestInit);
    return next();
  };
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
