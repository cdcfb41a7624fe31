import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { REMOTE_NAMES } from '../../config';
import type { AppEnv } from '../../app-env';
import { sharedLinkHeaders } from '../../domain/summary-share';
import { serveFile } from './static-files';

/** Files a deployment replaces in place: the browser must revalidate them every time. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'pages.json']);
/** Webpack's `[name].[contenthash:10].ext` (and its source map): the name changes with the content. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The Cache-Control of a served file, from the file name the client asked for. */
export function cacheControlFor(requestPath: string): string {
  const name = path.posix.basename(requestPath);
  if (name === '' || requestPath.endsWith('/') || ENTRY_FILES.has(name)) return 'no-cache';
  return HASHED_FILE.test(name) ? IMMUTABLE : 'no-cache';
}

const shellPagesSchema = z.object({
  pages: z.record(z.string(), z.string().regex(/^[\w-]+\.html$/)),
  /** Prefixes (`/s/`) whose one-segment paths (`/s/<token>`) a document answers. */
  prefixes: z.record(z.string(), z.string().regex(/^[\w-]+\.html$/)).default({}),
  fallback: z.string().regex(/^[\w-]+\.html$/),
  scriptHashes: z.array(z.string().regex(/^sha256-[A-Za-z0-9+/]+=*$/)),
});

/**
 * `shell/dist/pages.json`, written by the shell's build (shell/build/prerender.mjs): which
 * prerendered document answers which path (the fallback, the landing page, answers the rest),
 * and the hashes of the documents' inline scripts for the Content-Security-Policy.
 */
export type ShellPages = z.infer<typeof shellPagesSchema>;

/** A shell build older than prerendering: index.html for every page, no inline script. */
const SINGLE_PAGE: ShellPages = {
  pages: {},
  prefixes: {},
  fallback: 'index.html',
  scriptHashes: [],
};

/** The document pages.json names for a route key: its own, its prefix's, else the fallback. */
function documentFor(pages: ShellPages, key: string): string {
  const own = pages.pages[key];
  if (own) return own;
  for (const [prefix, document] of Object.entries(pages.prefixes)) {
    const rest = key.slice(prefix.length);
    if (key.startsWith(prefix) && rest !== '' && !rest.includes('/')) return document;
  }
  return pages.fallback;
}

/** Reads the shell build's pages.json; null when there is no shell build at all. */
export function readShellPages(staticDir: string): ShellPages | null {
  const shellRoot = path.join(staticDir, 'shell', 'dist');
  if (!existsSync(shellRoot)) return null;
  const file = path.join(shellRoot, 'pages.json');
  if (!existsSync(file)) return SINGLE_PAGE;
  return shellPagesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** A path as the shell's router matches it: decoded, lower-case, no trailing slash. */
function routeKey(requestPath: string): string {
  let decoded = requestPath;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    // Kept raw: the router shows such a path the landing page too.
  }
  return decoded.toLowerCase().replace(/\/+$/, '') || '/';
}

/** The build-time `.br`/`.gz` siblings: sent only in place of their original, never by name. */
const COMPRESSED_SIBLING = /\.(?:br|gz)$/i;

/**
 * The file under `root` a request path names, or null for anything that could leave it
 * (`..` segments, encoded or not, backslashes, NUL bytes, empty segments) and for a compressed
 * sibling asked for by name, which would reach the client as bytes it never asked to decode.
 */
function fileUnder(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (/(?:^|\/)\.{1,2}(?:\/|$)|\/\/|\\|\0/.test(decoded)) return null;
  if (COMPRESSED_SIBLING.test(decoded)) return null;
  const file = path.join(root, decoded);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

function isApiPath(requestPath: string): boolean {
  return requestPath === '/api' || requestPath.startsWith('/api/');
}

function acceptsHtml(c: Context): boolean {
  return (c.req.header('Accept') ?? '').includes('text/html');
}

export interface StaticRoutesOptions {
  /** The shell's pages.json (readShellPages); read from the build when not given. */
  shellPages?: ShellPages | null;
  /** Told about each missing build folder, which is then skipped. */
  onMissing?: (folder: string) => void;
}

/**
 * The production front ends: `<staticDir>/shell/dist` at `/`, and for any other GET that accepts
 * HTML the shell's prerendered document for that path (pages.json: the landing page for `/` and
 * unknown paths, the forms for /login and /register, the app shell for signed-in routes); and
 * `<staticDir>/remote-<name>/dist` at `/remotes/<name>/` (a staff remote without its `.map`
 * files). Text files go out as their build-time
 * `.br`/`.gz` siblings when the client accepts them (static-files.ts). A missing build is skipped;
 * the API still runs. Mount it after the API routes: it never answers under /api.
 */
export function createStaticRoutes(
  staticDir: string,
  options: StaticRoutesOptions = {},
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const folder = (app: string) => path.resolve(staticDir, app, 'dist');

  for (const remote of REMOTE_NAMES) {
    const root = folder(`remote-${remote}`);
    if (!existsSync(root)) {
      options.onMissing?.(root);
      continue;
    }
    const prefix = `/remotes/${remote}`;
    if (remote !== 'user') {
      // A staff remote's source maps would hand its original source to anyone who asks.
      routes.get(`${prefix}/*`, (c, next) =>
        /\.map$/i.test(c.req.path) ? c.text('Not Found', 404) : next(),
      );
    }
    routes.get(
      `${prefix}/*`,
      // Remote bundles are public code that shells on other origins may fetch.
      cors({ origin: '*' }),
      async (c, next) => {
        const file = fileUnder(root, c.req.path.slice(prefix.length));
        const response = file ? await serveFile(c, file, cacheControlFor(c.req.path)) : null;
        return response ?? next();
      },
    );
  }
  // Nothing under /remotes/ falls through to the shell's pages.
  routes.get('/remotes/*', (c) => c.text('Not Found', 404));

  const shellRoot = folder('shell');
  if (!existsSync(shellRoot)) {
    options.onMissing?.(shellRoot);
    return routes;
  }
  const pages = options.shellPages ?? readShellPages(staticDir) ?? SINGLE_PAGE;
  // A shared summary's page (issue 28): never indexed, its address never sent as a Referer.
  routes.use('/s/*', sharedLinkHeaders);
  // Hono answers HEAD with these GET routes (and drops the body).
  routes.get('*', async (c, next) => {
    // /api is never the shell's: an unknown API path gets the JSON 404 of app.notFound.
    if (isApiPath(c.req.path)) return next();
    const file = fileUnder(shellRoot, c.req.path);
    const found = file ? await serveFile(c, file, cacheControlFor(c.req.path)) : null;
    if (found) return found;
    // Not a file: the page's prerendered document for a page, a plain 404 for anything else,
    // such as a missing script.
    if (!acceptsHtml(c) && c.req.path !== '/') return next();
    const document = documentFor(pages, routeKey(c.req.path));
    return (await serveFile(c, path.join(shellRoot, document), 'no-cache')) ?? next();
  });
  return routes;
}
