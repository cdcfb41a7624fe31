import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from 'common/session-storage';
import { FIRST_REQUEST_OF_PAGE } from 'common/early-requests';
import {
  FRESH_RENDER_ATTRIBUTE,
  pageForPath,
  renderModeScript,
  takeEarlyFetches,
} from './prerendered-pages';
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
    ['/s/AbCdEfGhIjKlMnOpQrStUv', 'shared'],
    ['/s/AbCdEfGhIjKlMnOpQrStUv/', 'shared'],
    ['/s', 'landing'],
    ['/s/', 'landing'],
    ['/s/a/b', 'landing'],
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

  it('keeps a shared summary’s page for everyone on its path, signed in or not', () => {
    expect(runScript('shared', '/s/AbCdEfGhIjKlMnOpQrStUv')).toBe(false);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    localStorage.setItem(USER_STORAGE_KEY, '{"id":"u1"}');
    expect(runScript('shared', '/s/AbCdEfGhIjKlMnOpQrStUv')).toBe(false);
    expect(runScript('shared', '/')).toBe(true);
    document.documentElement.removeAttribute(FRESH_RENDER_ATTRIBUTE);
    localStorage.clear();
    expect(runScript('landing', '/s/AbCdEfGhIjKlMnOpQrStUv')).toBe(true);
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

describe("app.html's early requests", () => {
  function signIn() {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    localStorage.setItem(USER_STORAGE_KEY, '{"id":"u1"}');
  }

  /** A fetch that answers the config with `remotes.user` and the manifest with its URL. */
  function stubServer(userRemote?: string) {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/api/config')
          ? new Response(JSON.stringify({ success: true, data: { remotes: { user: userRemote } } }))
          : new Response(`manifest of ${url}`),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  function run(path: string, apiUrl = '') {
    window.history.replaceState(null, '', path);
    new Function(renderModeScript('app', '/app.abc.js', apiUrl))();
    return takeEarlyFetches();
  }

  beforeEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it("asks a signed-in user remote page's config, then its remote's manifest", async () => {
    signIn();
    const fetchMock = stubServer('https://cdn.example.test/user/');
    const early = run('/Summarize/', 'https://api.example.test/');
    expect(await early.config).toEqual({
      success: true,
      data: { remotes: { user: 'https://cdn.example.test/user/' } },
    });
    expect(await early.manifest).toEqual({
      url: 'https://cdn.example.test/user/mf-manifest.json',
      text: 'manifest of https://cdn.example.test/user/mf-manifest.json',
    });
    expect(fetchMock.mock.calls).toEqual([
      ['https://api.example.test/api/config', { credentials: 'same-origin' }],
      [
        'https://cdn.example.test/user/mf-manifest.json',
        { cache: 'no-cache', credentials: 'omit' },
      ],
    ]);
    // Taken once: the next reader fetches for itself.
    expect(takeEarlyFetches()).toEqual({});
  });

  it("sends /history's first request with the token, only at its plain address", async () => {
    signIn();
    const fetchMock = stubServer();
    const early = run('/history', 'https://api.example.test/');
    const path = FIRST_REQUEST_OF_PAGE['/history'] ?? '';
    expect(Object.keys(early.requests ?? {})).toEqual([path]);
    expect(early.requests?.[path]?.token).toBe('token');
    await early.requests?.[path]?.response;
    expect(fetchMock).toHaveBeenCalledWith(`https://api.example.test${path}`, {
      headers: { Authorization: 'Bearer token', Accept: 'application/json' },
    });

    // A page of the list or a search asks for something else: the page asks for itself.
    expect(run('/history?page=2').requests).toBeUndefined();
    expect(run('/summarize').requests).toBeUndefined();
  });

  it('falls back to the default remote location when the config names none', async () => {
    signIn();
    stubServer();
    const early = run('/dashboard');
    expect((await early.manifest)?.url).toBe(
      `${window.location.origin}/remotes/user/mf-manifest.json`,
    );
  });

  it('asks only the config on a staff page, and nothing for a signed-out visitor', async () => {
    signIn();
    const fetchMock = stubServer();
    const staff = run('/admin');
    expect(staff.manifest).toBeUndefined();
    await staff.config;
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/config']);

    localStorage.clear();
    fetchMock.mockClear();
    expect(run('/dashboard')).toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("preloads the remote's entry and the page's own files from the manifest", async () => {
    signIn();
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          name: 'DashboardPage',
          assets: { js: { sync: ['dash.1.js'], async: [] }, css: { sync: [], async: [] } },
        },
        {
          name: 'SummarizePage',
          assets: {
            js: { sync: ['12.ab.js', 'summarize.cd.js'], async: ['later.js'] },
            css: { sync: ['summarize.ef.css'], async: ['later.css'] },
          },
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            url.endsWith('/api/config')
              ? JSON.stringify({
                  success: true,
                  data: { remotes: { user: 'https://cdn.test/u/' } },
                })
              : JSON.stringify(manifest),
          ),
        ),
      ),
    );
    await run('/summarize').manifest;
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preloads.map((link) => `${link.href} as ${link.as}`)).toEqual([
      `${window.location.origin}/app.abc.js as script`,
      'https://cdn.test/u/remoteEntry.js as script',
      'https://cdn.test/u/12.ab.js as script',
      'https://cdn.test/u/summarize.cd.js as script',
      'https://cdn.test/u/summarize.ef.css as style',
    ]);
  });

  it('preloads nothing more from a manifest it cannot read', async () => {
    signIn();
    stubServer();
    expect((await run('/history').manifest)?.text).toContain('manifest of');
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(['/app.abc.js']);
  });

  it('leaves a failed config to the shell, with no manifest request', async () => {
    signIn();
    const fetchMock = vi.fn(() => Promise.resolve(new Response('down', { status: 503 })));
    vi.stubGlobal('fetch', fetchMock);
    const early = run('/history');
    await expect(early.config).rejects.toThrow('503');
    await expect(early.manifest).rejects.toThrow('503');
    // The config and the page's own first request; no manifest.
    expect(fetchMock.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      '/api/config',
      FIRST_REQUEST_OF_PAGE['/history'],
    ]);
  });
});
