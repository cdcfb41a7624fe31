import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { cacheControlFor } from './static.routes';

let staticDir: string;
let t: TestApp;
const warnings: string[] = [];

function write(relative: string, content: string | Buffer): void {
  const file = path.join(staticDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const SHELL_HTML = '<!doctype html><title>Brevity</title><div id="root"></div>';
const html = { headers: { Accept: 'text/html,application/xhtml+xml' } };

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'brevity-static-'));
  write('shell/dist/index.html', SHELL_HTML);
  write('shell/dist/main.0123456789.js', 'console.log("shell")');
  write('shell/dist/main.0123456789.js.gz', gzipSync('console.log("shell")'));
  write('shell/dist/remoteEntry.js', 'var shell;');
  write('shell/dist/favicon.svg', '<svg/>');
  write('remote-user/dist/remoteEntry.js', 'var remote_user;');
  write('remote-user/dist/mf-manifest.json', '{}');
  write('remote-user/dist/index.html', '<!doctype html><title>harness</title>');
  write('remote-user/dist/412.abcdef0123.js', 'chunk');
  write('remote-user/dist/412.abcdef0123.js.map', '{"version":3}');
  write('remote-admin/dist/remoteEntry.js', 'var remote_admin;');
  write('remote-admin/dist/main.abcdef0123.js', 'admin code');
  write('remote-admin/dist/main.abcdef0123.js.map', '{"version":3,"sourcesContent":["secret"]}');
  write('remote-admin/dist/remoteEntry.js.map', '{"version":3}');
  // remote-editor and remote-reviewer are not built: they are skipped with a warning.
  const warn = vi.spyOn(console, 'warn').mockImplementation((message: string) => {
    warnings.push(message);
  });
  t = await createTestApp({ config: { staticDir } });
  warn.mockRestore();
});

afterAll(async () => {
  await t.destroy();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('static front ends', () => {
  it('warns about each missing build and still serves the rest and the API', async () => {
    expect(warnings).toEqual([
      `Front-end build not found, not served: ${path.join(staticDir, 'remote-editor', 'dist')}`,
      `Front-end build not found, not served: ${path.join(staticDir, 'remote-reviewer', 'dist')}`,
    ]);
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('never serves the source maps of a staff remote, but still its code', async () => {
    for (const file of ['main.abcdef0123.js.map', 'remoteEntry.js.map', 'MAIN.abcdef0123.JS.MAP']) {
      const res = await t.request(`/remotes/admin/${file}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
    expect((await t.request('/remotes/admin/main.abcdef0123.js')).status).toBe(200);
    // The user remote is what every signed-in user loads anyway: its maps stay available.
    expect((await t.request('/remotes/user/412.abcdef0123.js.map')).status).toBe(200);
  });

  it('serves the shell at / with no-cache', async () => {
    const res = await t.request('/', html);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL_HTML);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it.each(['/history', '/admin', '/some/unknown/page'])(
    'answers the page %s with the shell (SPA fallback)',
    async (page) => {
      const res = await t.request(page, html);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(SHELL_HTML);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
    },
  );

  it('answers a missing file that is not a page with a plain 404', async () => {
    const res = await t.request('/main.abcdef0123.js', { headers: { Accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control') ?? '').not.toContain('immutable');
  });

  it('never answers /api with the shell', async () => {
    const res = await t.request('/api/nothing-here', html);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('marks hashed files immutable and entries no-cache', async () => {
    const hashed = await t.request('/main.0123456789.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect((await t.request('/remoteEntry.js')).headers.get('Cache-Control')).toBe('no-cache');
    expect((await t.request('/favicon.svg')).headers.get('Cache-Control')).toBe('no-cache');
  });

  it('serves a precompressed sibling when the client accepts it', async () => {
    const res = await t.request('/main.0123456789.js', {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    const plain = await t.request('/main.0123456789.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("shell")');
  });

  it('serves each built remote under /remotes/<name>/ with the right cache headers', async () => {
    const entry = await t.request('/remotes/user/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(await entry.text()).toBe('var remote_user;');
    expect(entry.headers.get('Cache-Control')).toBe('no-cache');
    expect(entry.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(entry.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');

    const manifest = await t.request('/remotes/user/mf-manifest.json');
    expect(manifest.headers.get('Cache-Control')).toBe('no-cache');
    const chunk = await t.request('/remotes/user/412.abcdef0123.js');
    expect(chunk.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await (await t.request('/remotes/admin/remoteEntry.js')).text()).toBe(
      'var remote_admin;',
    );
  });

  it('answers 404 for a missing remote file or an unbuilt remote, never the shell', async () => {
    expect((await t.request('/remotes/user/nope.js', html)).status).toBe(404);
    expect((await t.request('/remotes/editor/remoteEntry.js', html)).status).toBe(404);
  });

  it('does not serve files outside the build folders', async () => {
    write('secret.txt', 'top secret');
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/remotes/user/../../../secret.txt',
    ]) {
      const res = await t.request(attempt, { headers: { Accept: '*/*' } });
      expect(await res.text()).not.toContain('top secret');
    }
  });
});

describe('prerendered shell pages', () => {
  let pagesDir: string;
  let pagesApp: TestApp;
  const page = (name: string) => `<!doctype html><div id="root" data-page="${name}"></div>`;
  const SCRIPT_HASH = 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

  beforeAll(async () => {
    pagesDir = mkdtempSync(path.join(os.tmpdir(), 'brevity-pages-'));
    const put = (relative: string, content: string | Buffer) => {
      const file = path.join(pagesDir, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    };
    for (const name of ['index', 'login', 'register', 'shared', 'app']) {
      const html = page(name === 'index' ? 'landing' : name);
      put(`shell/dist/${name}.html`, html);
      put(`shell/dist/${name}.html.br`, brotliCompressSync(html));
    }
    put(
      'shell/dist/pages.json',
      JSON.stringify({
        pages: { '/login': 'login.html', '/register': 'register.html', '/dashboard': 'app.html' },
        prefixes: { '/s/': 'shared.html' },
        fallback: 'index.html',
        scriptHashes: [SCRIPT_HASH],
      }),
    );
    put('shell/dist/main.0123456789.js', 'console.log("main")');
    put('shell/dist/main.0123456789.js.br', brotliCompressSync('console.log("main")'));
    pagesApp = await createTestApp({ config: { staticDir: pagesDir } });
  });

  afterAll(async () => {
    await pagesApp.destroy();
    rmSync(pagesDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'landing'],
    ['/no/such/page', 'landing'],
    ['/login', 'login'],
    ['/LOGIN/', 'login'],
    ['/register', 'register'],
    ['/dashboard', 'app'],
    ['/s/AbCdEfGhIjKlMnOpQrStUv', 'shared'],
    ['/s/AbCdEfGhIjKlMnOpQrStUv/', 'shared'],
    ['/s/', 'landing'],
    ['/s/a/b', 'landing'],
  ])('answers %s with the %s document, no-cache', async (requestPath, name) => {
    const res = await pagesApp.request(requestPath, html);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(page(name));
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
  });

  it('sends noindex and no-referrer with a shared summary’s page, and only there', async () => {
    for (const requestPath of ['/s/AbCdEfGhIjKlMnOpQrStUv', '/s/not-a-token']) {
      const res = await pagesApp.request(requestPath, html);
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    }
    const landing = await pagesApp.request('/', html);
    expect(landing.headers.get('X-Robots-Tag')).toBeNull();
    expect(landing.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('allows the documents’ inline scripts by hash, and no other inline script', async () => {
    const csp = (await pagesApp.request('/', html)).headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).toContain(`'${SCRIPT_HASH}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('sends a document compressed only when asked, with its length, and a validator', async () => {
    const br = await pagesApp.request('/login', {
      headers: { ...html.headers, 'Accept-Encoding': 'br' },
    });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('Content-Length'))).toBe(body.length);
    const etag = br.headers.get('ETag');
    expect(etag).toMatch(/^W\/".+-br"$/);

    const again = await pagesApp.request('/login', {
      headers: { ...html.headers, 'Accept-Encoding': 'br', 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const plain = await pagesApp.request('/login', html);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('ETag')).not.toBe(etag);
    expect(await plain.text()).toBe(page('login'));
  });

  it('never sends a compressed sibling by its own name', async () => {
    const script = await pagesApp.request('/main.0123456789.js.br', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(script.status).toBe(404);
    // A page's path that names one gets the landing page, as any unknown path does.
    const document = await pagesApp.request('/login.html.br', html);
    expect(document.headers.get('Content-Encoding')).toBeNull();
    expect(await document.text()).toBe(page('landing'));
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await pagesApp.request('/main.0123456789.js', {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(Number(res.headers.get('Content-Length'))).toBe(
      brotliCompressSync('console.log("main")').length,
    );
    expect(await res.text()).toBe('');
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['/index.html', 'no-cache'],
    ['/', 'no-cache'],
    ['/remotes/user/', 'no-cache'],
    ['/remotes/user/remoteEntry.js', 'no-cache'],
    ['/remotes/user/mf-manifest.json', 'no-cache'],
    ['/main.3f2a1b9c0d.js', 'public, max-age=31536000, immutable'],
    ['/main.3f2a1b9c0d.css', 'public, max-age=31536000, immutable'],
    ['/main.3f2a1b9c0d.js.map', 'public, max-age=31536000, immutable'],
    ['/logo.svg', 'no-cache'],
  ])('%s -> %s', (requestPath, expected) => {
    expect(cacheControlFor(requestPath)).toBe(expected);
  });
});
