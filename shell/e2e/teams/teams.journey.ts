import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, mainNav, pageHeading, recordRequests, test } from '../support/portal.fixture';
import { authorWithSummary, cardOf, freshLabel, summaryOnServer } from '../support/staff';
import { creditsOnServer, registerThroughApi } from '../support/summaries-api';
import { buildDir, cdnDir, cdnOrigin, deploy, userReleases } from './teams-env';
import type { CdnRemote } from './teams-env';

test.describe.configure({ mode: 'serial' });

/** The origins the API was told about (teams.config.ts): the remotes on static servers. */
const REMOTE_ORIGINS = (['admin', 'reviewer', 'user'] as const).map(cdnOrigin).sort();
/** The directives that may name the remotes' origins (api/src/middleware/security-headers.ts). */
const REMOTE_DIRECTIVES = ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src'];

const PIER_FACTS = [
  'covers the quarterly inspection of the western pier and its signal lamps.',
  'notes that the crew replaced three rusted railings along the western pier.',
  'records that the harbour office approved a new budget for the pier lamps.',
] as const;

/** A Content-Security-Policy header as directive -> sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

function originsIn(sources: readonly string[] = []): string[] {
  return sources.filter((source) => /^https?:\/\//.test(source)).sort();
}

/** The next response for `file` of the remote's origin. */
function fromCdn(page: Page, remote: CdnRemote, file: string): Promise<Response> {
  return page.waitForResponse((response) => response.url() === `${cdnOrigin(remote)}/${file}`);
}

/** Headers the report of this run records, as the browser received them. */
function headersSeen(response: Response, names: readonly string[]): Record<string, string> {
  const headers = response.headers();
  return Object.fromEntries(names.map((name) => [name, headers[name] ?? '(none)']));
}

const CDN_HEADERS = [
  'content-type',
  'cache-control',
  'access-control-allow-origin',
  'cross-origin-resource-policy',
  'etag',
] as const;

test.describe('an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('works the admin screens loaded from the admin remote’s own origin, under a CSP naming exactly the remote origins', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, freshLabel('teams-credits'));
    const urls = recordRequests(page);
    const manifest = fromCdn(page, 'admin', 'mf-manifest.json');
    const entry = fromCdn(page, 'admin', 'remoteEntry.js');
    const chunks: Response[] = [];
    page.on('response', (response) => {
      if (
        response.url().startsWith(`${cdnOrigin('admin')}/`) &&
        /\.[0-9a-f]{10}\.js$/.test(response.url())
      )
        chunks.push(response);
    });

    const document = await page.goto('/admin');
    const cspHeader = document?.headers()['content-security-policy'];
    const csp = parseCsp(cspHeader);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    for (const [directive, sources] of csp) {
      expect(originsIn(sources), directive).toEqual(
        REMOTE_DIRECTIVES.includes(directive) ? REMOTE_ORIGINS : [],
      );
    }
    for (const directive of REMOTE_DIRECTIVES) expect(csp.get(directive)).toContain("'self'");

    await expect(pageHeading(page)).toHaveText('Admin Panel');
    const [manifestResponse, entryResponse] = await Promise.all([manifest, entry]);
    for (const response of [manifestResponse, entryResponse]) {
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-cache');
      expect(response.headers()['access-control-allow-origin']).toBe('*');
    }
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/json/);
    expect(entryResponse.headers()['content-type']).toMatch(/^text\/javascript/);
    const adminManifest = (await manifestResponse.json()) as {
      metaData: { buildInfo: { buildVersion: string } };
    };

    // End to end: credits added to a fresh user from the admin remote's screen.
    const row = page
      .getByRole('region', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: session.user.email });
    await row.getByRole('button', { name: `Credits for ${session.user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    await dialog.getByLabel('Credits to add').fill('7');
    await dialog.getByRole('button', { name: 'Add credits' }).click();
    await expect(page.getByRole('dialog', { name: 'Credits Added!' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '12', exact: true })).toBeVisible();
    expect(await creditsOnServer(request, session)).toBe(12);

    expect(chunks.length, 'hashed chunks of the admin remote').toBeGreaterThan(0);
    for (const chunk of chunks) {
      expect(chunk.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Nothing of the admin remote came from the API's own /remotes/ path.
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/remotes/admin/'))).toEqual([]);

    console.info(
      JSON.stringify(
        {
          page: { url: page.url(), csp: cspHeader },
          adminRelease: adminManifest.metaData.buildInfo.buildVersion,
          manifest: headersSeen(manifestResponse, CDN_HEADERS),
          remoteEntry: headersSeen(entryResponse, CDN_HEADERS),
          chunk: headersSeen(chunks[0]!, CDN_HEADERS),
        },
        null,
        2,
      ),
    );
  });
});

test.describe('a reviewer', () => {
  test.use({ signedInAs: 'reviewer' });

  test('approves a summary on the reviewer remote served from its own origin', async ({
    page,
    request,
  }) => {
    const { author, summary } = await authorWithSummary(request, 'teams-review', PIER_FACTS);
    const entry = fromCdn(page, 'reviewer', 'remoteEntry.js');
    await page.goto('/reviewer');
    expect((await entry).status()).toBe(200);
    await expect(pageHeading(page)).toHaveText('Content Review Center');

    const card = cardOf(page, 'Pending Reviews', author);
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve summary' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('dialog', { name: 'Review Submitted!' })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await summaryOnServer(request, author, summary.id)).reviewStatus).toBe('approved');
  });

  test('is refused a release built against another React major, with the remote error and Retry, until a compatible one is deployed', async ({
    page,
  }) => {
    const manifestFile = path.join(cdnDir('reviewer'), 'mf-manifest.json');
    const good = readFileSync(manifestFile, 'utf8');
    const manifest = JSON.parse(good) as {
      metaData: { buildInfo: { buildVersion: string } };
      shared: { name: string; version: string; requiredVersion: string }[];
    };
    manifest.metaData.buildInfo.buildVersion = '2.0.0-react18';
    for (const shared of manifest.shared) {
      if (shared.name === 'react' || shared.name === 'react/jsx-runtime') {
        shared.version = '18.3.1';
        shared.requiredVersion = '^18.3.1';
      }
    }
    const urls = recordRequests(page);
    writeFileSync(manifestFile, JSON.stringify(manifest));
    try {
      await page.goto('/reviewer');
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'This part of Brevity could not be loaded' });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText('built for another version of the portal');
      // The navbar (the shell) still works; nothing of the refused release was fetched.
      await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
      expect(urls.filter((url) => url.startsWith(`${cdnOrigin('reviewer')}/`))).toEqual([
        `${cdnOrigin('reviewer')}/mf-manifest.json`,
      ]);
      expect(
        await page.evaluate(
          () => 'remote_reviewer' in window && Boolean(Reflect.get(window, 'remote_reviewer')),
        ),
      ).toBe(false);
    } finally {
      writeFileSync(manifestFile, good);
    }

    // The team deploys a compatible release again: Retry loads it, without reloading the page.
    await page.evaluate(() => Reflect.set(window, '__sameDocument', true));
    const entry = fromCdn(page, 'reviewer', 'remoteEntry.js');
    await page.getByRole('button', { name: 'Retry' }).click();
    expect((await entry).status()).toBe(200);
    await expect(pageHeading(page)).toHaveText('Content Review Center');
    expect(await page.evaluate(() => Reflect.get(window, '__sameDocument'))).toBe(true);
  });
});

test.describe('a user', () => {
  test.use({ signedInAs: 'user' });

  test('requests nothing from the staff remotes’ origins', async ({ page }) => {
    const urls = recordRequests(page);
    const entry = fromCdn(page, 'user', 'remoteEntry.js');
    await page.goto('/dashboard');
    await entry;
    await expect(pageHeading(page)).toBeVisible();
    for (const label of ['Create Summary', 'History', 'Dashboard'] as const) {
      await mainNav(page).getByRole('link', { name: label }).click();
      await expect(mainNav(page).getByRole('link', { name: label })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(pageHeading(page)).toBeVisible();
    }
    for (const staffPath of ['/admin', '/reviewer']) {
      await page.goto(staffPath);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('alertdialog', { name: 'Access Denied' })).toBeVisible();
    }
    expect(urls.filter((url) => url.startsWith(`${cdnOrigin('user')}/`)).length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.startsWith(`${cdnOrigin('admin')}/`))).toEqual([]);
    expect(urls.filter((url) => url.startsWith(`${cdnOrigin('reviewer')}/`))).toEqual([]);
  });

  test('gets a new release of the user remote on the next navigation, while the old release’s chunks keep working', async ({
    page,
  }) => {
    const [first, second] = userReleases;
    const release = page.locator('[data-remote="user"]');
    const firstFiles = new Set(
      readFileSync(path.join(buildDir(`user-${first}`), 'mf-manifest.json'), 'utf8').match(
        /[\w.-]+\.[0-9a-f]{10}\.js/g,
      ),
    );

    const manifest = fromCdn(page, 'user', 'mf-manifest.json');
    await page.goto('/dashboard');
    expect(
      ((await (await manifest).json()) as { metaData: { buildInfo: { buildVersion: string } } })
        .metaData.buildInfo.buildVersion,
    ).toBe(first);
    await expect(pageHeading(page)).toBeVisible();
    await expect(release).toHaveAttribute('data-release', first);
    await page.evaluate(() => Reflect.set(window, '__sameDocument', true));
    const shellScripts: string[] = [];
    page.on('request', (request) => {
      if (
        request.url().startsWith(`${new URL(page.url()).origin}/`) &&
        request.resourceType() === 'script'
      )
        shellScripts.push(request.url());
    });

    // The team ships: the second release is copied over the first, old hashed files stay.
    deploy('user', buildDir(`user-${second}`));

    // The tab still runs the first release: its container loads a page it had not loaded yet,
    // from the first release's hashed chunks, which the deployment kept.
    const oldChunks: Response[] = [];
    const onResponse = (response: Response) => {
      const name = response.url().slice(`${cdnOrigin('user')}/`.length);
      if (response.url().startsWith(`${cdnOrigin('user')}/`) && firstFiles.has(name))
        oldChunks.push(response);
    };
    page.on('response', onResponse);
    const loadedOld = await page.evaluate(async () => {
      const container = Reflect.get(window, 'remote_user') as
        { get(module: string): Promise<() => { default?: unknown }> } | undefined;
      if (!container) return 'no container';
      const factory = await container.get('./HistoryPage');
      return typeof factory().default;
    });
    page.off('response', onResponse);
    expect(loadedOld).toBe('function');
    expect(
      oldChunks.length,
      'chunks of the first release fetched after the deployment',
    ).toBeGreaterThan(0);
    for (const chunk of oldChunks) expect(chunk.status()).toBe(200);

    // The next navigation into the remote shows the second release; the shell is not reloaded.
    const newEntry = fromCdn(page, 'user', 'remoteEntry.js');
    await mainNav(page).getByRole('link', { name: 'History' }).click();
    expect((await newEntry).status()).toBe(200);
    await expect(pageHeading(page)).toBeVisible();
    await expect(release).toHaveAttribute('data-release', second);
    // And a page the tab had loaded from the first release comes from the second one too.
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(release).toHaveAttribute('data-release', second);
    await expect(pageHeading(page)).toBeVisible();
    expect(await page.evaluate(() => Reflect.get(window, '__sameDocument'))).toBe(true);
    expect(shellScripts, 'the shell’s own scripts were not fetched again').toEqual([]);
    console.info(
      JSON.stringify(
        {
          userReleases: { before: first, after: second },
          oldChunks: oldChunks.map((chunk) => chunk.url()),
        },
        null,
        2,
      ),
    );
  });
});
