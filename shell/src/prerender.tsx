// Build time only (shell/build/prerender.mjs bundles it for Node): renders the public pages to
// HTML so their first paint needs no JavaScript. Never part of a browser bundle.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
// The static router exists only here; the browser uses common/router's BrowserRouter.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import { createAppStore } from 'common/store';
import { AppProviders } from './app/app-providers';
import {
  FRESH_RENDER_STYLE,
  PAGE_BY_PATH,
  PAGE_BY_PREFIX,
  PRERENDERED_FILES,
  PRERENDERED_PATHS,
  renderModeScript,
} from './app/prerendered-pages';
import type { PrerenderedPage } from './app/prerendered-pages';
import { AppRoutes } from './app/router';

export { FRESH_RENDER_STYLE, PAGE_BY_PATH, PAGE_BY_PREFIX, PRERENDERED_FILES, renderModeScript };
export type { PrerenderedPage };

/** The markup of a public page as a signed-out visitor's browser first renders it. */
export async function renderPage(page: Exclude<PrerenderedPage, 'app'>): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders store={createAppStore()}>
        <StaticRouter location={PRERENDERED_PATHS[page]}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
