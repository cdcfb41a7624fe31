import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The local-storage keys of the session (common/src/session-storage.ts). */
export const TOKEN_KEY = 'brevity.token';
export const USER_KEY = 'brevity.user';

/** The password of every demo account of the embedded mode. */
export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts the embedded mode seeds, one per role, 25 credits each. */
export const demoAccounts = {
  user: { email: 'demo@brevity.app', name: 'Demo User' },
  admin: { email: 'admin@brevity.app', name: 'Demo Admin' },
  editor: { email: 'editor@brevity.app', name: 'Demo Editor' },
  reviewer: { email: 'reviewer@brevity.app', name: 'Demo Reviewer' },
} as const;

export type DemoRole = keyof typeof demoAccounts;

/** An email no other test uses, so registrations never collide between tests or runs. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 12)}@example.com`;
}

interface StoredSession {
  token: string;
  user: unknown;
}

interface PortalFixtures {
  /** Fails the test when the page throws an uncaught error (a crash no assertion would see). */
  failOnPageErrors: void;
  /**
   * Starts the test signed in as this demo role (token and user in local storage, as the app
   * stores them after a login), or signed out when null.
   */
  signedInAs: DemoRole | null;
}

interface PortalWorkerFixtures {
  /** One API login per role and worker, reused by every test of that worker. */
  demoSessions: Map<DemoRole, Promise<StoredSession>>;
}

/** The suite's `test`: Playwright's, plus `signedInAs` to start with a demo role's session. */
export const test = base.extend<PortalFixtures, PortalWorkerFixtures>({
  signedInAs: [null, { option: true }],
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  demoSessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInAs, demoSessions, baseURL, playwright }, use) => {
    if (signedInAs === null) {
      await use(undefined);
      return;
    }
    if (!baseURL) throw new Error('The suite needs a baseURL');
    let session = demoSessions.get(signedInAs);
    if (!session) {
      session = (async () => {
        const api = await playwright.request.newContext({ baseURL });
        try {
          const response = await api.post('/api/auth/login', {
            data: { email: demoAccounts[signedInAs].email, password: DEMO_PASSWORD },
          });
          expect(response.status(), `demo login of ${signedInAs}`).toBe(200);
          const body = (await response.json()) as StoredSession;
          return { token: body.token, user: body.user };
        } finally {
          await api.dispose();
        }
      })();
      demoSessions.set(signedInAs, session);
    }
    const { token, user } = await session;
    await use({
      cookies: [],
      origins: [
        {
          origin: new URL(baseURL).origin,
          localStorage: [
            { name: TOKEN_KEY, value: token },
            { name: USER_KEY, value: JSON.stringify(user) },
          ],
        },
      ],
    });
  },
});

export { expect };

/** The top bar of the signed-in layout (and the public header). */
export function navbar(page: Page): Locator {
  return page.getByRole('banner');
}

/** The role's page links in the top bar (desktop width). */
export function mainNav(page: Page): Locator {
  return navbar(page).getByRole('navigation', { name: 'Main' });
}

/**
 * The page a remote renders inside the layout: the first level-one heading of the main
 * landmark (remote pages change under the suite; their headings and the navbar are what it
 * relies on).
 */
export function pageHeading(page: Page): Locator {
  return page.getByRole('main').getByRole('heading', { level: 1 }).first();
}

/** Waits for the remote's entry to arrive from `/remotes/<area>/remoteEntry.js`. */
export function remoteEntryLoaded(page: Page, area: string) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/remotes/${area}/remoteEntry.js` && response.ok(),
  );
}

/** The pathname the browser shows, e.g. `/dashboard`. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Every request URL the page makes from now on, in order. Attach it before the first
 * navigation to see everything the session downloads.
 */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The recorded URLs whose path lies under `prefix` (e.g. `/remotes/admin/`). */
export function requestsUnder(urls: readonly string[], prefix: string): string[] {
  return urls.filter((url) => new URL(url).pathname.startsWith(prefix));
}

/** Signs in through the /login form (the page must show it). */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
