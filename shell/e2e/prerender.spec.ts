import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, pageHeading, test } from './support/portal.fixture';

/** Console errors and warnings from now on (React reports hydration mismatches there). */
function recordConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  return problems;
}

/** Keeps every script of the shell from arriving, so only the HTML and the CSS show. */
async function blockShellScripts(page: Page) {
  await page.route(/\/[\w-]+\.[0-9a-f]+\.js$/, (route) => route.abort('blockedbyclient'));
}

test.describe('prerendered public pages', () => {
  test('the landing page, /login and /register show their content before any script runs', async ({
    page,
  }) => {
    await blockShellScripts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read less. Understand more.');
    await expect(page.getByRole('region', { name: 'How It Works' })).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();

    await page.goto('/register');
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();

    // Any other path gets the landing page too.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read less. Understand more.');
  });

  test('each path gets its own document', async ({ request }) => {
    const html = { Accept: 'text/html' };
    const landing = await (await request.get('/', { headers: html })).text();
    expect(landing).toContain('data-page="landing"');
    expect(landing).toContain('Read less.');
    expect(await (await request.get('/login', { headers: html })).text()).toContain(
      'data-page="login"',
    );
    expect(await (await request.get('/register/', { headers: html })).text()).toContain(
      'data-page="register"',
    );
    for (const path of ['/dashboard', '/summarize', '/history', '/admin']) {
      const document = await (await request.get(path, { headers: html })).text();
      expect(document, path).toContain('data-page="app"');
      expect(document, path).not.toContain('Read less.');
    }
    expect(await (await request.get('/unknown', { headers: html })).text()).toContain(
      'data-page="landing"',
    );
  });

  for (const [path, ready] of [
    ['/', 'Read less. Understand more.'],
    ['/login', 'Welcome Back'],
    ['/register', 'Create your account'],
  ] as const) {
    test(`${path} hydrates without a warning and then works as an app`, async ({ page }) => {
      const problems = recordConsoleProblems(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // A client-side navigation proves React took the markup over.
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') requests.push(request.url());
      });
      await page.getByRole('banner').getByRole('link', { name: 'Brevity home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole('banner').getByRole('link', { name: 'Get Started Free' }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByLabel('Full name')).toBeVisible();
      expect(requests, 'navigation stayed in the page').toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('a form filled in at once, before the page has hydrated, still signs in', async ({
    page,
  }) => {
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('demo@brevity.app');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(pageHeading(page)).toBeVisible();
  });
});

test.describe('a signed-in visitor on a public page', () => {
  test.use({ signedInAs: 'user' });

  test('never sees the prerendered landing page, and lands on the dashboard', async ({ page }) => {
    // Without scripts the page stays as the HTML left it: the landing must stay hidden.
    await blockShellScripts(page);
    await page.goto('/');
    await expect(page.locator('#root')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Read less. Understand more.' })).toBeHidden();

    await page.unroute(/\/[\w-]+\.[0-9a-f]+\.js$/);
    const problems = recordConsoleProblems(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(pageHeading(page)).toBeVisible();
    expect(problems).toEqual([]);
  });
});
