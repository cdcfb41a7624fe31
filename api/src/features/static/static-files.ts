import { createReadStream } from 'node:fs';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { acceptableEncodings } from '../../lib/content-encoding';
import type { ContentCoding } from '../../lib/content-encoding';

const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** The files the build compresses; only their answers vary with Accept-Encoding. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|json|svg|map|txt)$/i;

async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** A weak validator of the exact bytes sent: the variant's size and time, and its coding. */
function entityTag(stats: Stats, coding: ContentCoding | null): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`;
}

function matchesEntityTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag));
}

/**
 * Answers a GET or HEAD with `file`, or returns null when there is no such file. A text file is
 * sent as its precompressed `.br` or `.gz` sibling when the client accepts that coding (never
 * otherwise), with the original's Content-Type, the variant's Content-Length, `Vary:
 * Accept-Encoding`, a validator (a matching If-None-Match gets 304) and `cacheControl`. A Range
 * header is ignored: the whole file is always sent, which HTTP allows.
 */
export async function serveFile(
  c: Context,
  file: string,
  cacheControl: string,
): Promise<Response | null> {
  const original = await fileStats(file);
  if (!original) return null;
  const headers = new Headers({
    'Content-Type': getMimeType(file) ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  });
  let path = file;
  let stats = original;
  let coding: ContentCoding | null = null;
  if (COMPRESSIBLE_FILE.test(file)) {
    headers.set('Vary', 'Accept-Encoding');
    for (const wanted of acceptableEncodings(c.req.header('Accept-Encoding'))) {
      const variant = await fileStats(`${file}${SUFFIX[wanted]}`);
      if (!variant) continue;
      path = `${file}${SUFFIX[wanted]}`;
      stats = variant;
      coding = wanted;
      headers.set('Content-Encoding', wanted);
      break;
    }
  }
  const tag = entityTag(stats, coding);
  headers.set('ETag', tag);
  headers.set('Last-Modified', original.mtime.toUTCString());
  if (matchesEntityTag(c.req.header('If-None-Match'), tag)) {
    headers.delete('Content-Type');
    headers.delete('Content-Encoding');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(stats.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
