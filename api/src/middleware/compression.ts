import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { negotiateEncoding } from '../lib/content-encoding';
import { requestHeader } from '../lib/request-header';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers are not worth the CPU and the headers: they fit a packet as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

function appendVary(headers: Headers, value: string): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', value);
  else if (!vary.split(',').some((entry) => entry.trim().toLowerCase() === value.toLowerCase())) {
    headers.set('Vary', `${vary}, ${value}`);
  }
}

/**
 * Compresses the API's JSON answers of at least `threshold` bytes, brotli (quality 4: fast, and
 * smaller than gzip) or gzip (level 6) as the client's Accept-Encoding allows, with the exact
 * Content-Length of the compressed body. Every JSON answer gets `Vary: Accept-Encoding`.
 * Never touches anything else: event streams and other streamed or binary answers, answers
 * already encoded, HEAD, or those marked `Cache-Control: no-transform`.
 */
export function compressJson(threshold: number = COMPRESSION_THRESHOLD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('Content-Type') ?? '';
    if (!JSON_TYPE.test(type) || c.req.method === 'HEAD') return;
    if (response.headers.has('Content-Encoding')) return;
    if (/\bno-transform\b/i.test(response.headers.get('Cache-Control') ?? '')) return;
    appendVary(response.headers, 'Accept-Encoding');
    const coding = negotiateEncoding(requestHeader(c, 'accept-encoding'));
    // `body` is read only when compressing: on @hono/node-server's light Response, reading it
    // builds the full web Response and its stream, and the answer then leaves through the slow
    // stream path instead of being written at once (issue 13: ~7 % of a list request's CPU).
    if (!coding || !response.body) return;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let sent: Buffer = body;
    if (body.length >= threshold) {
      sent =
        coding === 'br'
          ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : await gzip(body, { level: 6 });
      headers.set('Content-Encoding', coding);
    }
    headers.set('Content-Length', String(sent.length));
    // Cleared first: assigning over a response would copy its old headers onto the new one.
    c.res = undefined;
    c.res = new Response(new Uint8Array(sent), {
      status: response.status,
      headers,
    });
  };
}
