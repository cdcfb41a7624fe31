import type { APIRequestContext, Page } from '@playwright/test';
import { expect, navbar, test } from './support/portal.fixture';
import { bearer, demoSession, freshLabel, openStaffPage, taggedText } from './support/staff';
import { registerThroughApi } from './support/summaries-api';
import type { ApiSession } from './support/summaries-api';

/*
 * Issue 13: staff screens at scale. One run seeds 120 users and 250 summaries through the API
 * (in parallel batches), all named after one fresh tag, so a search for the tag finds exactly
 * them whatever else the suite has written.
 */

const USERS = 120;
const SUMMARIES = 250;
/** Parallel requests: sign-ups are bounded on the server (password hashing), summaries less. */
const SIGNUP_BATCH = 4;
const SUMMARY_BATCH = 12;

const facts = [
  'kept the harbour ledger for the whole season and balanced it every evening.',
  'counted the boats that came in before the storm and the ones that came after.',
];

interface Seeded {
  tag: string;
  users: ApiSession[];
}

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  }
  return results;
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const tag = freshLabel('scale');
  const users = await inBatches(
    Array.from({ length: USERS }, (_, index) => index),
    SIGNUP_BATCH,
    (index) => registerThroughApi(request, `${tag}-${index}`),
  );
  // Two summaries each, a third for the first ten: 250 (each user has 5 credits).
  const jobs = users.flatMap((user, index) =>
    Array.from({ length: index < SUMMARIES - 2 * USERS ? 3 : 2 }, (_, copy) => ({ user, copy })),
  );
  expect(jobs).toHaveLength(SUMMARIES);
  await inBatches(jobs, SUMMARY_BATCH, async ({ user, copy }) => {
    const response = await request.post('/api/summaries', {
      headers: bearer(user.token),
      data: { content: taggedText(`${tag} ${user.user.name} copy ${copy}`, facts) },
    });
    expect(response.status()).toBe(201);
  });
  return { tag, users };
}

let seeded: Promise<Seeded> | null = null;

/** The seeded data, made once per worker on first use. */
function seededData(request: APIRequestContext): Promise<Seeded> {
  seeded ??= seed(request);
  return seeded;
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The document's scroll width: above the viewport's width means a horizontal scroll bar. */
function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
}

test.describe('staff screens at scale', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL });
    await seededData(request);
  });

  test.describe('as the admin', () => {
    test.use({ signedInAs: 'admin' });

    test('the stat cards count every user and summary; a search finds a user whose credits change', async ({
      page,
      request,
    }) => {
      const { users } = await seededData(request);
      const admin = await demoSession(request, 'admin');
      const target = users[77];
      if (!target) throw new Error('no user 77');

      await openStaffPage(page, 'admin');
      // Real totals, not the 50 rows on the page.
      const usersCard = page.getByRole('group', { name: 'Total Users' });
      await expect(usersCard).toContainText(/\d/);
      const shownUsers = Number((await usersCard.textContent())?.replace(/\D/g, ''));
      expect(shownUsers).toBeGreaterThanOrEqual(USERS);
      const summariesCard = page.getByRole('group', { name: 'Total Summaries' });
      await expect(summariesCard).toContainText(/\d/);
      const shownSummaries = Number((await summariesCard.textContent())?.replace(/\D/g, ''));
      expect(shownSummaries).toBeGreaterThanOrEqual(SUMMARIES);
      const serverUsers = await request.get('/api/admin/users?limit=1', {
        headers: bearer(admin.token),
      });
      const body = (await serverUsers.json()) as { data: { pagination: { total: number } } };
      expect(shownUsers).toBeLessThanOrEqual(body.data.pagination.total);

      await page.getByLabel('Search users').fill(target.user.email);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(target.user.email)}`));
      const rows = page.getByRole('region', { name: 'Users' }).getByRole('row');
      // The header row and the one user.
      await expect(rows).toHaveCount(2);
      const row = rows.filter({ hasText: target.user.email });
      await row.getByRole('button', { name: `Credits for ${target.user.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Add credits' });
      await dialog.getByLabel('Credits to add').fill('7');
      await dialog.getByRole('button', { name: 'Add credits' }).click();
      await expect(page.getByRole('dialog', { name: 'Credits Added!' })).toBeVisible();
      await expect(row.getByRole('cell', { name: '10', exact: true })).toBeVisible();

      const check = await request.get(
        `/api/admin/users?q=${encodeURIComponent(target.user.email)}`,
        { headers: bearer(admin.token) },
      );
      const found = (await check.json()) as { data: { users: { credits: number }[] } };
      // 5 at sign-up, 2 summaries or 3, then 7 more.
      expect(found.data.users.map((user) => user.credits)).toEqual([10]);
    });

    for (const viewport of [
      { width: 360, height: 740 },
      { width: 900, height: 800 },
    ]) {
      test(`the users screen at ${viewport.width} px: no sideways scroll, every action reachable`, async ({
        page,
        request,
      }) => {
        const { tag } = await seededData(request);
        await page.setViewportSize(viewport);
        await openStaffPage(page, 'admin');
        // Below 1,024 px the staff pages move into the side menu.
        await expect(navbar(page).getByRole('button', { name: 'Open menu' })).toBeVisible();
        await page.getByLabel('Search users').fill(tag);
        await expect(page.getByText(/Showing page 1 of 3 · 120 users matching/)).toBeVisible();
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);

        const tabs = page.getByRole('tab');
        for (const tab of await tabs.all()) {
          await expect(tab).toBeInViewport();
        }
        const row = page.getByRole('region', { name: 'Users' }).getByRole('row').nth(1);
        const name = (await row.getByRole('rowheader').textContent())?.trim() ?? '';
        expect(name).toContain(tag);
        for (const label of [`Credits for ${name}`, `Role for ${name}`, `Delete ${name}`]) {
          const action = row.getByRole('button', { name: label });
          await action.scrollIntoViewIfNeeded();
          await expect(action).toBeInViewport();
          await action.click();
          const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
          await expect(dialog).toBeVisible();
          // Nothing is changed: each dialog is dismissed.
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await expect(dialog).toBeHidden();
        }
        const summaries = row.getByRole('link', { name: `Summaries by ${name}` });
        await summaries.scrollIntoViewIfNeeded();
        await expect(summaries).toBeInViewport();
        await summaries.click();
        await expect(page.getByRole('tab', { name: 'All Summaries' })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(
          page.getByRole('list', { name: 'All summaries' }).getByRole('article'),
        ).toHaveCount(2);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      });
    }
  });

  test.describe('as a reviewer', () => {
    test.use({ signedInAs: 'reviewer' });

    test('filters the pending reviews, approves one from page 3, and a reload lands on page 3', async ({
      page,
      request,
    }) => {
      const { tag } = await seededData(request);
      await openStaffPage(page, 'reviewer');
      await page.getByLabel('Search pending reviews').fill(tag);
      await expect(
        page.getByText(`Showing page 1 of 3 · 250 summaries matching “${tag}”`),
      ).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Pending Reviews pages' })
        .getByRole('button', { name: 'Page 3' })
        .click();
      await expect(page).toHaveURL(/[?&]page=3/);
      const list = page.getByRole('list', { name: 'Pending Reviews' });
      await expect(list.getByRole('article')).toHaveCount(50);

      const card = list.getByRole('article').first();
      const title = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve summary' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByRole('dialog', { name: 'Review Submitted!' })).toBeVisible();
      await expect(list.getByRole('article')).toHaveCount(49);

      await page.reload();
      await expect(page).toHaveURL(/[?&]page=3/);
      await expect(page.getByLabel('Search pending reviews')).toHaveValue(tag);
      await expect(
        page.getByText(`Showing page 3 of 3 · 249 summaries matching “${tag}”`),
      ).toBeVisible();
      await expect(list.getByRole('article')).toHaveCount(49);
      expect(title).not.toBe('');

      // Back to page 1 through the browser's history.
      await page.goBack();
      await expect(page.getByText(/Showing page 1 of 3/)).toBeVisible();
    });
  });
});
