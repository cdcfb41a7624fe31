import { createReadStream } from 'node:fs';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** The content codings the build writes next to each text file (common/build/compress.mjs). */
export type ContentCoding = 'br' | 'gzip';

const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** The files the build compresses; only their answers vary with Accept-Encoding. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|json|svg|map|txt)$/i;

/**
 * The codings an Accept-Encoding header allows, best first: brotli before gzip at equal weight.
 * Follows RFC 9110 §12.5.3: names are case-insensitive, `q=0` refuses a coding, `*` stands for
 * any coding not named, and no header at all means identity only.
 */
export function acceptableEncodings(header: string | undefined): ContentCoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((piece) => piece.trim().toLowerCase());
      if (key === 'q') {
        const parsed = Number(value);
        weight = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name, weight);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  const ranked: [ContentCoding, number][] = [
    ['br', br],
    ['gzip', gzip],
  ];
  return ranked
    .filter(([, weight]) => weight > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([coding]) => coding);
}

/** The best coding an Accept-Encoding header allows, or null for identity. */
export function negotiateEncoding(header: string | undefined): ContentCoding | null {
  return acceptableEncodings(header)[0] ?? null;
}

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
