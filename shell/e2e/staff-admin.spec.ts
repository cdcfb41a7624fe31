import type { Locator, Page } from '@playwright/test';
import { demoAccounts, expect, test } from './support/portal.fixture';
import {
  createSummaryThroughApi,
  creditsOnServer,
  registerThroughApi,
} from './support/summaries-api';
import type { ApiSession } from './support/summaries-api';
import {
  authorWithSummary,
  bearer,
  cardOf,
  freshLabel,
  openStaffPage,
  summaryOnServer,
  taggedText,
} from './support/staff';

/** SPEC.md §9: success dialogs close themselves after 2000 ms. */
const SUCCESS_DIALOG_MS = 2000;

/** What the texts of this file's summaries say about their tag. */
const PIER_FACTS = [
  'covers the quarterly inspection of the western pier and its signal lamps.',
  'notes that the crew replaced three rusted railings along the western pier.',
  'records that the harbour office approved a new budget for the pier lamps.',
] as const;

/** The row of the users table holding `email`. */
function userRow(page: Page, email: string): Locator {
  return page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: email });
}

/**
 * Searches the users table for `text` (issue 13: 50 users a page, newest first), so a user is
 * found whatever the rest of the suite registers meanwhile.
 */
async function searchUsers(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search users').fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
}

/** The panel of the selected tab (the others are hidden). */
function openTab(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** Waits for a success dialog, then checks it closes by itself after about 2 s. */
async function expectSelfClosingSuccess(page: Page, title: string, text?: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const shownAt = Date.now();
  if (text) await expect(dialog).toContainText(text);
  await expect(dialog).toBeHidden({ timeout: SUCCESS_DIALOG_MS + 2_000 });
  expect(Date.now() - shownAt, 'the dialog stayed about 2 s').toBeGreaterThanOrEqual(
    SUCCESS_DIALOG_MS - 500,
  );
}

test.describe('/admin, Users Management', () => {
  test.use({ signedInAs: 'admin' });

  test('shows the stat cards, finds a fresh user, refreshes, and offers no Delete on the own row', async ({
    page,
    request,
  }) => {
    const tag = freshLabel('admin-list');
    const before = await registerThroughApi(request, `${tag}-before`);
    await openStaffPage(page, 'admin');

    for (const label of ['Total Users', 'Total Summaries', 'Total Credits', 'Admins']) {
      // A dash until loaded; then a number.
      await expect(page.getByRole('group', { name: label })).toContainText(/\d/);
    }
    await expect(page.getByRole('tab', { name: 'Users Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const users = page.getByRole('region', { name: 'Users' });
    for (const header of ['Name', 'Email', 'Role', 'Credits', 'Created', 'Actions']) {
      await expect(users.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    await searchUsers(page, before.user.email);
    const row = userRow(page, before.user.email);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toHaveText(before.user.name);
    await expect(row.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Delete ${before.user.name}` })).toBeVisible();

    // The admin's own row: Credits and Role, but no Delete.
    await searchUsers(page, demoAccounts.admin.email);
    const own = userRow(page, demoAccounts.admin.email);
    await expect(
      own.getByRole('button', { name: `Credits for ${demoAccounts.admin.name}` }),
    ).toBeVisible();
    await expect(
      own.getByRole('button', { name: `Role for ${demoAccounts.admin.name}` }),
    ).toBeVisible();
    await expect(own.getByRole('button', { name: /Delete/ })).toHaveCount(0);

    // Refresh picks up an account registered after the page loaded.
    await searchUsers(page, tag);
    await expect(userRow(page, before.user.email)).toHaveCount(1);
    const after = await registerThroughApi(request, `${tag}-after`);
    await expect(userRow(page, after.user.email)).toHaveCount(0);
    await openTab(page).getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(userRow(page, after.user.email)).toHaveCount(1);
    await expect(userRow(page, before.user.email)).toHaveCount(1);
  });

  test('adds credits: 10 by default, 0 refused, 7 added to 12 (Credits Added!)', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, freshLabel('admin-credits'));
    await openStaffPage(page, 'admin');
    await searchUsers(page, session.user.email);
    const row = userRow(page, session.user.email);
    await row.getByRole('button', { name: `Credits for ${session.user.name}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    await expect(dialog).toBeVisible();
    const amount = dialog.getByLabel('Credits to add');
    await expect(amount).toHaveValue('10');

    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Add credits' }).click();
    await expect(
      dialog.getByText('Please enter a valid positive number', { exact: true }),
    ).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(await creditsOnServer(request, session)).toBe(5);

    await amount.fill('7');
    await expect(dialog.getByText('Please enter a valid positive number')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add credits' }).click();
    await expectSelfClosingSuccess(page, 'Credits Added!');
    await expect(dialog).toBeHidden();

    await expect(row.getByRole('cell', { name: '12', exact: true })).toBeVisible();
    expect(await creditsOnServer(request, session)).toBe(12);
  });

  test('changes the role to editor (Role Changed!): the badge follows, the session goes on with the new role', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, freshLabel('admin-role'));
    await openStaffPage(page, 'admin');
    await searchUsers(page, session.user.email);
    const row = userRow(page, session.user.email);
    await expect(row.getByRole('cell', { name: 'User', exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Role for ${session.user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change role' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('New role').selectOption('editor');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expectSelfClosingSuccess(page, 'Role Changed!');

    await expect(row.getByRole('cell', { name: 'Editor', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'User', exact: true })).toHaveCount(0);

    // Issue 11 (decision 0011): the token issued before the change stays signed in, with the new role.
    const me = await request.get('/api/auth/me', { headers: bearer(session.token) });
    expect(me.status(), 'the token issued before the change').toBe(200);
    expect(((await me.json()) as { data: { role: string } }).data.role).toBe('editor');
    const login = await request.post('/api/auth/login', {
      data: { email: session.user.email, password: 'secret123' },
    });
    expect(login.status()).toBe(200);
    expect(((await login.json()) as ApiSession).user.role).toBe('editor');
  });

  test('deletes a user after "This action cannot be undone" (Deleted!): the row goes, login fails', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, freshLabel('admin-delete'));
    await openStaffPage(page, 'admin');
    await searchUsers(page, session.user.email);
    const row = userRow(page, session.user.email);
    await row.getByRole('button', { name: `Delete ${session.user.name}` }).click();

    const confirm = page.getByRole('alertdialog', {
      name: `Delete ${session.user.name} and their summaries?`,
    });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('This action cannot be undone');
    // Cancel keeps the user.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Delete ${session.user.name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Deleted!' })).toBeVisible();
    await expect(row).toHaveCount(0);

    const login = await request.post('/api/auth/login', {
      data: { email: session.user.email, password: 'secret123' },
    });
    expect(login.status()).toBe(401);
    const me = await request.get('/api/auth/me', { headers: bearer(session.token) });
    expect(me.status()).toBe(401);
  });
});

test.describe('/admin, All Summaries', () => {
  test.use({ signedInAs: 'admin' });

  test('shows the author, edits in place (EDITING, Save Changes, Updated!) and the API agrees', async ({
    page,
    request,
  }) => {
    const {
      tag: label,
      author: session,
      summary,
    } = await authorWithSummary(request, 'admin-edit', PIER_FACTS);
    await openStaffPage(page, 'admin');
    await page.getByRole('tab', { name: 'All Summaries' }).click();

    const card = cardOf(page, 'All summaries', session);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(session.user.email);
    await expect(card.getByText('User', { exact: true })).toBeVisible();
    await expect(card).toContainText(label);

    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(card.getByText('EDITING', { exact: true })).toBeVisible();
    const textarea = card.getByLabel('Summary text');
    await expect(textarea).toBeFocused();
    await expect(textarea).toHaveValue(summary.summarizedContent);
    const box = await textarea.boundingBox();
    expect(box?.height ?? 0, 'edit textarea height').toBeGreaterThanOrEqual(200);

    const edited = `${label} was checked by the admin: the western pier is safe again.`;
    await textarea.fill(edited);
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await expectSelfClosingSuccess(page, 'Updated!', 'Summary updated successfully');

    await expect(card.getByText('EDITING', { exact: true })).toHaveCount(0);
    await expect(card).toContainText(edited);
    expect((await summaryOnServer(request, session, summary.id)).summarizedContent).toBe(edited);
  });

  test('Cancel leaves the text alone, and Refresh shows a summary written after the page loaded', async ({
    page,
    request,
  }) => {
    const label = freshLabel('admin-refresh');
    const session = await registerThroughApi(request, label);
    const first = await createSummaryThroughApi(
      request,
      session,
      taggedText(`${label} first`, PIER_FACTS),
    );
    await openStaffPage(page, 'admin');
    await page.getByRole('tab', { name: 'All Summaries' }).click();

    const cards = cardOf(page, 'All summaries', session);
    await expect(cards).toHaveCount(1);

    const card = cards.first();
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Summary text').fill('A draft nobody saves.');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByText('EDITING', { exact: true })).toHaveCount(0);
    await expect(card).toContainText(`${label} first`);
    expect((await summaryOnServer(request, session, first.id)).summarizedContent).toBe(
      first.summarizedContent,
    );

    await createSummaryThroughApi(request, session, taggedText(`${label} second`, PIER_FACTS));
    await openTab(page).getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText(`${label} second`);
  });
});
