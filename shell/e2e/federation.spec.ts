import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import {
  expect,
  mainNav,
  navbar,
  pageHeading,
  recordRequests,
  remoteEntryLoaded,
  requestsUnder,
  test,
} from './support/portal.fixture';

/**
 * The most JavaScript a signed-out visitor's first visit may bring over the network, as
 * Chromium receives it (compressed bytes), and in how many requests (issue 12).
 */
const LANDING_JS_BUDGET_BYTES = 109 * 1024;
const LANDING_JS_MAX_REQUESTS = 6;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

interface ScriptOnTheWire {
  name: string;
  /** The body as it came over the network (Content-Encoding applied). */
  encoded: number;
  decoded: number;
  encoding: string;
}

/** Every script the page receives from now on, with its size on the wire. */
function recordScripts(page: Page): Promise<ScriptOnTheWire>[] {
  const scripts: Promise<ScriptOnTheWire>[] = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    const isScript =
      response.request().resourceType() === 'script' || /javascript|ecmascript/i.test(type);
    if (!isScript || !response.ok()) return;
    scripts.push(
      (async () => {
        // The body must be read for the sizes to be final.
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          name: new URL(response.url()).pathname,
          encoded: sizes.responseBodySize,
          decoded: body.length,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  return scripts;
}

/** A GET with exactly these headers, answered as raw bytes (no decoding on the way). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Opens a staff path the role may not use and waits until the guard has sent it back. */
async function tryDenied(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alertdialog', { name: 'Access Denied' })).toBeVisible();
}

test.describe('a user-role session', () => {
  test.use({ signedInAs: 'user' });

  test('never requests the admin, editor or reviewer remotes', async ({ page }) => {
    const urls = recordRequests(page);

    const userEntry = remoteEntryLoaded(page, 'user');
    await page.goto('/dashboard');
    await userEntry;
    await expect(pageHeading(page)).toBeVisible();
    for (const [label, path] of [
      ['Create Summary', '/summarize'],
      ['History', '/history'],
    ] as const) {
      await mainNav(page).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(mainNav(page).getByRole('link', { name: label })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(pageHeading(page)).toBeVisible();
    }
    for (const path of ['/admin', '/editor', '/reviewer']) await tryDenied(page, path);

    // The recorder saw the session's own remote, so its silence about the others means something.
    expect(requestsUnder(urls, '/remotes/user/').length).toBeGreaterThan(0);
    expect(requestsUnder(urls, '/remotes/admin/')).toEqual([]);
    expect(requestsUnder(urls, '/remotes/editor/')).toEqual([]);
    expect(requestsUnder(urls, '/remotes/reviewer/')).toEqual([]);
  });
});

test.describe('the dashboard of a user-role session', () => {
  test.use({ signedInAs: 'user' });

  test('downloads each script once, and its analytics in one small answer', async ({ page }) => {
    const scripts = recordScripts(page);
    const api: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) api.push(pathname);
    });

    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();
    await expect(page.getByText(/in the last 14 days/)).toBeVisible();
    await page.waitForLoadState('networkidle');

    const measured = await Promise.all(scripts);
    const names = measured.map((script) => script.name);
    expect(new Set(names).size, 'a script fetched twice').toBe(names.length);
    for (const script of measured) expect(script.encoding, script.name).toBe('br');
    expect(api).toContain('/api/analytics/summaries');
    expect(api.filter((path) => path === '/api/summaries')).toEqual([]);
    const total = measured.reduce((sum, script) => sum + script.encoded, 0);
    const remote = measured.filter((script) => script.name.startsWith('/remotes/user/'));
    console.info(
      `Dashboard JavaScript: ${kb(total)} on the wire in ${measured.length} requests, of which ` +
        `the user remote ${kb(remote.reduce((sum, script) => sum + script.encoded, 0))} in ` +
        `${remote.length}: ${remote.map((script) => `${script.name} ${kb(script.encoded)}`).join(', ')}`,
    );
  });
});

test.describe('an editor session', () => {
  test.use({ signedInAs: 'editor' });

  test('requests the editor remote but not the admin or reviewer ones', async ({ page }) => {
    const urls = recordRequests(page);

    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();
    const editorEntry = remoteEntryLoaded(page, 'editor');
    await mainNav(page).getByRole('link', { name: 'Manage Content' }).click();
    await editorEntry;
    await expect(page).toHaveURL(/\/editor$/);
    await expect(pageHeading(page)).toBeVisible();
    for (const path of ['/admin', '/reviewer']) await tryDenied(page, path);

    expect(requestsUnder(urls, '/remotes/editor/').length).toBeGreaterThan(0);
    expect(requestsUnder(urls, '/remotes/admin/')).toEqual([]);
    expect(requestsUnder(urls, '/remotes/reviewer/')).toEqual([]);
  });
});

test.describe('the signed-out landing page', () => {
  test('requests nothing under /remotes/, and its JavaScript on the wire fits the budget', async ({
    page,
  }) => {
    const urls = recordRequests(page);
    const scripts = recordScripts(page);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read less. Understand more.');
    await expect(page.getByRole('region', { name: 'How It Works' })).toBeVisible();
    // Every lazy chunk the landing page starts has arrived once the network is quiet.
    await page.waitForLoadState('networkidle');

    expect(requestsUnder(urls, '/remotes/')).toEqual([]);

    const measured = await Promise.all(scripts);
    expect(measured.length).toBeGreaterThan(0);
    const onTheWire = measured.reduce((sum, script) => sum + script.encoded, 0);
    const decoded = measured.reduce((sum, script) => sum + script.decoded, 0);
    console.info(
      `Landing page JavaScript: ${kb(onTheWire)} on the wire (${kb(decoded)} decoded) in ` +
        `${measured.length} requests: ${measured.map((script) => `${script.name} ${kb(script.encoded)} ${script.encoding}`).join(', ')}; ` +
        `budget ${kb(LANDING_JS_BUDGET_BYTES)} in ${LANDING_JS_MAX_REQUESTS} requests`,
    );
    // Chromium asks for br: every script must have come compressed, or the budget means little.
    for (const script of measured) expect(script.encoding, script.name).toBe('br');
    expect(onTheWire).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
    expect(measured.length).toBeLessThanOrEqual(LANDING_JS_MAX_REQUESTS);
  });

  test('a script is sent brotli-compressed only to a client that asks, and whole otherwise', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const src = await page.locator('script[src*="/main."]').getAttribute('src');
    expect(src).toMatch(/^\/main\.[0-9a-f]+\.js$/);
    const url = new URL(src ?? '', baseURL).href;

    const plain = await rawGet(url, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

    const br = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    // Refused codings are never sent.
    const refused = await rawGet(url, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  test('/login and /register request nothing under /remotes/ either', async ({ page }) => {
    const urls = recordRequests(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Full name')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requestsUnder(urls, '/remotes/')).toEqual([]);
  });
});

test.describe('a remote that fails to load', () => {
  test.use({ signedInAs: 'user' });

  test('keeps the layout, offers Retry, and loads the page once the remote is back', async ({
    page,
  }) => {
    const entryPattern = '**/remotes/user/remoteEntry.js';
    let aborted = 0;
    await page.route(entryPattern, async (route) => {
      aborted += 1;
      await route.abort('connectionfailed');
    });
    // The loader logs each failure with console.warn; those are expected here.

    await page.goto('/dashboard');
    const failure = page.getByRole('alert').filter({
      hasText: 'This part of Brevity could not be loaded',
    });
    await expect(failure).toBeVisible({ timeout: 15_000 });
    const retry = page.getByRole('main').getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    // The loader tried more than once before giving up.
    expect(aborted).toBeGreaterThan(1);

    // The rest of the portal keeps working: the navbar is there and usable.
    await expect(navbar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Create Summary',
      'History',
      'Credits',
    ]);

    await page.unroute(entryPattern);
    const entry = remoteEntryLoaded(page, 'user');
    await retry.click();
    await entry;
    await expect(failure).toBeHidden();
    await expect(pageHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
