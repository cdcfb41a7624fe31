import { createServer } from 'node:http';
import type { Server } from 'node:http';

/*
 * A web page for the any-source journeys (issue 27) to summarize: served on 127.0.0.1 by the
 * test itself, at a port the e2e server's FETCH_ALLOWED_HOSTS lists (playwright.config.ts), so
 * the API may fetch this loopback address although it refuses every other internal one.
 */

/** The page server's port: beside the e2e server's, past those other specs use (+1 to +5). */
export const WEB_PAGE_PORT = Number(process.env.E2E_PORT ?? 4173) + 9;
export const WEB_PAGE_ORIGIN = `http://127.0.0.1:${WEB_PAGE_PORT}`;
/** What FETCH_ALLOWED_HOSTS lists: this host and port only. */
export const WEB_PAGE_HOST = `127.0.0.1:${WEB_PAGE_PORT}`;

export interface WebPage {
  /** The path it is served at, e.g. `/lighthouses`. */
  path: string;
  title: string;
  paragraphs: readonly string[];
  /** HTML set after the paragraphs inside the article as it is (a hidden block, issue 28). */
  extraHtml?: string;
}

export interface WebPageServer {
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function pageHtml(page: WebPage): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title></head>
<body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article>
<h1>${escapeHtml(page.title)}</h1>
${page.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${page.extraHtml ?? ''}
</article></main>
<footer>© The Harbour Gazette</footer>
</body>
</html>`;
}

/**
 * Serves each of `pages` at its path, and `redirects` (from → to, 301) on top; anything else is
 * a 404. Listens on 127.0.0.1:WEB_PAGE_PORT only.
 */
export function startWebPageServer(
  pages: readonly WebPage[],
  redirects: Readonly<Record<string, string>> = {},
): Promise<WebPageServer> {
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', WEB_PAGE_ORIGIN).pathname;
    const target = redirects[pathname];
    if (target) {
      response.writeHead(301, { Location: target }).end();
      return;
    }
    const page = pages.find((candidate) => candidate.path === pathname);
    if (!page) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pageHtml(page));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(WEB_PAGE_PORT, '127.0.0.1', () => {
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
