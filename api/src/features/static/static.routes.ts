import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { cors } from 'hono/cors';
import { REMOTE_NAMES } from '../../config';
import type { AppEnv } from '../../lib/app-env';

/** Files a deployment replaces in place: the browser must revalidate them every time. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json']);
/** Webpack's `[name].[contenthash:10].ext` (and its source map): the name changes with the content. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The Cache-Control of a served file, from the file name the client asked for. */
export function cacheControlFor(requestPath: string): string {
  const name = path.posix.basename(requestPath);
  if (name === '' || requestPath.endsWith('/') || ENTRY_FILES.has(name)) return 'no-cache';
  return HASHED_FILE.test(name) ? IMMUTABLE : 'no-cache';
}

type ServeStaticOptions = Parameters<typeof serveStatic<AppEnv>>[0];

/**
 * serveStatic, plus cache headers on the files it finds (and only on those: a 404 must
 * never be cached as immutable). Precompressed siblings may be chosen by Accept-Encoding,
 * so caches must key on it.
 */
function serveFiles(
  options: ServeStaticOptions,
  cacheControl: (c: Context<AppEnv>) => string,
): MiddlewareHandler<AppEnv> {
  const found = new WeakSet<Context<AppEnv>>();
  const serve = serveStatic<AppEnv>({ ...options, onFound: (_file, c) => void found.add(c) });
  return async (c, next) => {
    const response = await serve(c, next);
    if (response instanceof Response && found.has(c)) {
      response.headers.set('Cache-Control', cacheControl(c));
      if (!/accept-encoding/i.test(response.headers.get('Vary') ?? '')) {
        response.headers.append('Vary', 'Accept-Encoding');
      }
    }
    return response;
  };
}

const byRequestPath = (c: Context<AppEnv>) => cacheControlFor(c.req.path);

function isApiPath(requestPath: string): boolean {
  return requestPath === '/api' || requestPath.startsWith('/api/');
}

function acceptsHtml(c: Context): boolean {
  return (c.req.header('Accept') ?? '').includes('text/html');
}

export interface StaticRoutesOptions {
  /** Told about each missing build folder, which is then skipped. */
  onMissing?: (folder: string) => void;
}

/**
 * The production front ends: `<staticDir>/shell/dist` at `/`, with index.html for any other
 * GET that accepts HTML (the shell's router shows the landing page for unknown paths), and
 * `<staticDir>/remote-<name>/dist` at `/remotes/<name>/`. Precompressed `.br`/`.gz` siblings
 * are served when the client accepts them. A missing build is skipped; the API still runs.
 * Mount it after the API routes: it never answers under /api.
 */
export function createStaticRoutes(
  staticDir: string,
  options: StaticRoutesOptions = {},
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const folder = (app: string) => path.join(staticDir, app, 'dist');

  for (const remote of REMOTE_NAMES) {
    const root = folder(`remote-${remote}`);
    if (!existsSync(root)) {
      options.onMissing?.(root);
      continue;
    }
    const prefix = `/remotes/${remote}`;
    routes.get(
      `${prefix}/*`,
      // Remote bundles are public code that shells on other origins may fetch.
      cors({ origin: '*' }),
      serveFiles(
        {
          root,
          precompressed: true,
          rewriteRequestPath: (requestPath) => requestPath.slice(prefix.length) || '/',
        },
        byRequestPath,
      ),
    );
  }
  // Nothing under /remotes/ falls through to the shell's index.html.
  routes.get('/remotes/*', (c) => c.text('Not Found', 404));

  const shellRoot = folder('shell');
  if (!existsSync(shellRoot)) {
    options.onMissing?.(shellRoot);
    return routes;
  }
  const shellFiles = serveFiles({ root: shellRoot, precompressed: true }, byRequestPath);
  const shellIndex = serveFiles(
    { root: shellRoot, path: 'index.html', precompressed: true },
    () => 'no-cache',
  );
  routes.get('*', async (c, next) => {
    // /api is never the shell's: an unknown API path gets the JSON 404 of app.notFound.
    if (isApiPath(c.req.path)) return next();
    // Not a file: the shell's index.html for a page (its router decides what an unknown
    // path shows), a plain 404 for anything else, such as a missing script.
    const notAFile = () => (acceptsHtml(c) ? shellIndex(c, next) : next());
    return shellFiles(c, notAFile as Next);
  });
  return routes;
}
