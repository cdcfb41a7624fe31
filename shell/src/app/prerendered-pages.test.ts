import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from 'common/session-storage';
import { FRESH_RENDER_ATTRIBUTE, pageForPath, renderModeScript } from './prerendered-pages';
import type { PrerenderedPage } from './prerendered-pages';

describe('pageForPath', () => {
  it.each([
    ['/', 'landing'],
    ['/anything/else', 'landing'],
    ['/login', 'login'],
    ['/Login/', 'login'],
    ['/log%69n', 'login'],
    ['/login/more', 'landing'],
    ['/register', 'register'],
    ['/dashboard', 'app'],
    ['/history', 'app'],
    ['/reviewer', 'app'],
    ['/%E0%A4%A', 'landing'],
  ] as const)('%s -> %s', (path, page) => {
    expect(pageForPath(path)).toBe(page);
  });
});

/** Runs the document's inline script at `path`, as the browser would before the first paint. */
function runScript(page: PrerenderedPage, path: string, preload?: string): boolean {
  window.history.replaceState(null, '', path);
  new Function(renderModeScript(page, preload))();
  return document.documentElement.getAttribute(FRESH_RENDER_ATTRIBUTE) === 'fresh';
}

describe('renderModeScript', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute(FRESH_RENDER_ATTRIBUTE);
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps the prerendered page for a signed-out visitor on its own path', () => {
    expect(runScript('landing', '/')).toBe(false);
    expect(runScript('landing', '/no/such/page')).toBe(false);
    expect(runScript('login', '/login')).toBe(false);
    expect(runScript('register', '/register/')).toBe(false);
  });

  it('hides it from a signed-in visitor, who is about to be redirected', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    localStorage.setItem(USER_STORAGE_KEY, '{"id":"u1"}');
    expect(runScript('landing', '/')).toBe(true);
  });

  it('hides it when the document is not the one this path renders', () => {
    expect(runScript('landing', '/dashboard')).toBe(true);
    document.documentElement.removeAttribute(FRESH_RENDER_ATTRIBUTE);
    expect(runScript('landing', '/login')).toBe(true);
  });

  it("preloads the page's chunk only for a visit that will run it", () => {
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
        (link) => `${link.getAttribute('href')} as ${link.as}`,
      );
    document.head.innerHTML = '';
    runScript('login', '/login', '/login.abc.js');
    expect(preloads()).toEqual(['/login.abc.js as script']);

    document.head.innerHTML = '';
    runScript('app', '/dashboard', '/app.abc.js');
    expect(preloads()).toEqual([]);

    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    localStorage.setItem(USER_STORAGE_KEY, '{"id":"u1"}');
    runScript('login', '/login', '/login.abc.js');
    expect(preloads()).toEqual([]);
    runScript('app', '/dashboard', '/app.abc.js');
    expect(preloads()).toEqual(['/app.abc.js as script']);
  });

  it('agrees with pageForPath on every route', () => {
    for (const path of ['/', '/login', '/register', '/dashboard', '/admin', '/x']) {
      document.documentElement.removeAttribute(FRESH_RENDER_ATTRIBUTE);
      expect(runScript(pageForPath(path), path)).toBe(false);
    }
  });
});
