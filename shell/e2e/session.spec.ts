import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  TOKEN_KEY,
  USER_KEY,
  demoAccounts,
  expect,
  navbar,
  pageHeading,
  pathOf,
  signInThroughForm,
  test,
} from './support/portal.fixture';

/** Both session keys as local storage holds them now. */
async function storedSession(page: Page) {
  return page.evaluate(
    ([tokenKey, userKey]) => ({
      token: localStorage.getItem(tokenKey),
      user: localStorage.getItem(userKey),
    }),
    [TOKEN_KEY, USER_KEY] as const,
  );
}

test.describe('signed out', () => {
  test('a protected page sends the visitor to /login and back there after signing in', async ({
    page,
  }) => {
    // Every path the app's router opens, so a detour through /dashboard would show.
    await page.addInitScript(() => {
      const visited: string[] = [];
      Object.defineProperty(window, '__visitedPaths', { value: visited });
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
          if (url !== undefined && url !== null) {
            visited.push(new URL(String(url), location.href).pathname);
          }
          original(data, unused, url);
        };
      }
    });

    await page.goto('/history');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    await signInThroughForm(page, demoAccounts.user.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/history$/);
    await expect(pageHeading(page)).toBeVisible();

    const visited = await page.evaluate(
      () => (window as unknown as { __visitedPaths: string[] }).__visitedPaths,
    );
    expect(visited).toContain('/history');
    expect(visited).not.toContain('/dashboard');
  });
});

test.describe('signed in as the demo user', () => {
  test.use({ signedInAs: 'user' });

  for (const path of ['/', '/login', '/register']) {
    test(`${path} goes to /dashboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(navbar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    });
  }

  test('Logout opens /login, clears the session, and /dashboard then redirects to /login', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();

    await navbar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, user: null });

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('the credits refresh button asks /api/auth/me and shows its answer', async ({ page }) => {
    // The layout refreshes the user's data when a page opens; let that call finish first.
    const profileOnOpen = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/auth/me',
    );
    await page.goto('/dashboard');
    expect((await profileOnOpen).status()).toBe(200);
    await expect(pageHeading(page)).toBeVisible();
    const bar = navbar(page);
    const credits = bar.getByText(/^\d+ credits?$/).filter({ visible: true });
    await expect(credits).toBeVisible();

    // The real profile, with a balance only this answer carries: the navbar can show it only
    // by calling /api/auth/me when the button is pressed.
    await page.route('**/api/auth/me', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { credits: number } };
      body.data.credits = 4242;
      await route.fulfill({ response, json: body });
    });
    const profileRequest = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/auth/me',
    );
    await bar.getByRole('button', { name: 'Refresh credits' }).filter({ visible: true }).click();
    const sent = await profileRequest;
    expect(sent.method()).toBe('GET');
    expect(await sent.headerValue('authorization')).toMatch(/^Bearer \S+$/);

    await expect(credits).toHaveText('4242 credits');
    const stored = await storedSession(page);
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ credits: 4242 });
  });

  test('a bad stored token: the first API call answers 401, storage is cleared, /login opens', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();
    await page.evaluate(
      (tokenKey) => localStorage.setItem(tokenKey, 'garbage.token.value'),
      TOKEN_KEY,
    );

    const unauthorized = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith('/api/') && response.status() === 401,
    );
    await page.goto('/dashboard');
    const response = await unauthorized;
    expect(await response.request().headerValue('authorization')).toBe(
      'Bearer garbage.token.value',
    );

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });
});

test.describe('stored session data', () => {
  test('a garbage token with a valid-looking user ends on /login with storage cleared', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(
      ([tokenKey, userKey]) => {
        localStorage.setItem(tokenKey, 'not-a-jwt');
        localStorage.setItem(
          userKey,
          JSON.stringify({
            id: '00000000-0000-4000-8000-000000000000',
            _id: '00000000-0000-4000-8000-000000000000',
            name: 'Nobody',
            email: 'nobody@example.com',
            role: 'user',
            credits: 3,
            createdAt: '2026-01-01T00:00:00.000Z',
          }),
        );
      },
      [TOKEN_KEY, USER_KEY] as const,
    );

    const unauthorized = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith('/api/') && response.status() === 401,
    );
    await page.goto('/dashboard');
    await unauthorized;
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
  });

  test('an unparseable stored user starts signed out and is cleared', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(
      ([tokenKey, userKey]) => {
        localStorage.setItem(tokenKey, 'some-token');
        localStorage.setItem(userKey, '{"name": "Broken",');
      },
      [TOKEN_KEY, USER_KEY] as const,
    );

    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/auth/')) apiCalls.push(request.url());
    });
    await page.goto('/');
    // Signed out: the landing page stays (a session would have gone to /dashboard).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read less. Understand more.');
    expect(pathOf(page)).toBe('/');
    expect(await storedSession(page)).toEqual({ token: null, user: null });

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(apiCalls).toEqual([]);
  });
});
