import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'common/router';
import { adoptEarlyRequests, configureApi } from 'common/api-client';
import { adoptPortalConfig, getPortalConfig } from 'common/portal-config';
import { createAppStore } from 'common/store';
import { logout } from 'common/session';
import 'common/styles.css';
import { AppProviders } from './app/app-providers';
import { FRESH_RENDER_ATTRIBUTE, pageForPath, takeEarlyFetches } from './app/prerendered-pages';
import { AppRoutes } from './app/router';

const store = createAppStore();

configureApi({
  baseUrl: process.env.API_URL ?? '',
  // Clearing the session is enough: the route guards send a signed-out visitor to /login.
  onUnauthorized: () => store.dispatch(logout()),
});

// A signed-in page loads a remote, and where remotes live comes from /api/config: app.html's
// inline script has asked for it (and for the user remote's manifest and the page's first data)
// before any bundle ran; adopt those, and start loading the page's remote now, while the layout
// still renders, rather than after it. A failure is retried when the page renders.
if (store.getState().session.isAuthenticated) {
  const early = takeEarlyFetches();
  if (early.config) adoptPortalConfig(early.config);
  adoptEarlyRequests(early.requests);
  getPortalConfig().catch(() => undefined);
  // The page's remote starts loading in a task of its own, not in the one that ran the app
  // chunk: two shorter tasks block a phone's main thread less than one long one.
  import(/* webpackChunkName: "app" */ './app/remotes').then(
    (remotes) =>
      setTimeout(() => remotes.startLoadingPage(window.location.pathname, early.manifest)),
    () => undefined,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

/**
 * The prerendered markup is hydrated only when it is what this visit renders: the document's page
 * is this path's page, nobody is signed in (the public pages would redirect; a shared summary
 * does not), and the inline
 * script in the document's head agreed. Otherwise the markup is dropped and the app renders afresh.
 */
const root = document.documentElement;
const page = pageForPath(window.location.pathname);
const hydrate =
  container.dataset.page !== undefined &&
  container.dataset.page === page &&
  root.getAttribute(FRESH_RENDER_ATTRIBUTE) !== 'fresh' &&
  // A shared summary's page is the same for everyone, signed in or not.
  (page === 'shared' || !store.getState().session.isAuthenticated);

// In a transition React renders in slices of a few milliseconds and lets the browser in between,
// so a phone's main thread is never blocked for long while the page builds (Lighthouse's TBT).
if (hydrate) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  root.removeAttribute(FRESH_RENDER_ATTRIBUTE);
  const reactRoot = createRoot(container);
  startTransition(() => {
    reactRoot.render(app);
  });
}
