import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';

/** Content types of what a front-end build holds. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files a deployment replaces in place (README, "Deploying"): revalidated on every use. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json']);
/** `[name].[contenthash:10].ext`: a new release gets new names, so these never change. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** The Cache-Control a CDN should send for a remote's file (the README's rule). */
export function cdnCacheControl(name: string): string {
  if (ENTRY_FILES.has(name) || !HASHED_FILE.test(name)) return 'no-cache';
  return 'public, max-age=31536000, immutable';
}

export interface CdnServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A static file server as a CDN serves a remote's build: the files of `root` (read at each
 * request, so a deployment is copying files in), their content types, the README's caching
 * (no-cache entries with an ETag, immutable hashed files), `Access-Control-Allow-Origin: *` and a
 * cross-origin resource policy (any shell may load them). Listens on 127.0.0.1 only.
 */
export function startCdnServer(root: string, port: number): Promise<CdnServer> {
  const base = path.resolve(root);
  const server: Server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    response.setHeader('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let name: string;
    try {
      name = decodeURIComponent(new URL(request.url ?? '/', 'http://cdn').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = path.join(base, name);
    if (!file.startsWith(`${base}${path.sep}`) || name.includes('\0')) {
      response.writeHead(404).end();
      return;
    }
    let stats;
    try {
      stats = statSync(file);
    } catch {
      stats = null;
    }
    if (!stats?.isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const etag = `"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`;
    response.setHeader('Cache-Control', cdnCacheControl(path.basename(file)));
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': stats.size,
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
