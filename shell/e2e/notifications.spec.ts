import {
  expect,
  mainNav,
  navbar,
  pageHeading,
  remoteEntryLoaded,
  test,
} from './support/portal.fixture';
import { authorWithSummary, bearer, demoSession } from './support/staff';
import { startSignedIn } from './support/summaries-api';

/*
 * Issue 11, notifications: a reviewer's decision reaches the author's bell with its comment;
 * a role change reaches the open tab on its next refresh, without signing out.
 */

const FACTS = [
  'describes the harbour tide tables printed every spring.',
  'notes that the harbour tide tables list both high and low water.',
  'adds that the harbour tide tables are posted at the ferry office.',
] as const;

test('a reviewer rejects with a comment: the author is told, sees it on the card, and regenerates from it', async ({
  page,
  request,
}) => {
  const { author, summary } = await authorWithSummary(request, 'notified', FACTS);
  const reviewer = await demoSession(request, 'reviewer');
  const comment = 'Please cite the harbour office as the source.';
  const reviewed = await request.post(`/api/reviews/${summary.id}/submit`, {
    headers: bearer(reviewer.token),
    data: { action: 'rejected', comments: comment },
  });
  expect(reviewed.status()).toBe(200);

  await startSignedIn(page, author);
  const entry = remoteEntryLoaded(page, 'user');
  await page.goto('/dashboard');
  await entry;
  const bell = navbar(page).getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: new RegExp(`rejected your summary: ${comment}`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('New');
  await item.click();
  // The notification opens the summary it is about, above the history, with the comment.
  await expect(page).toHaveURL(new RegExp(`/history\\?summary=${summary.id}$`));
  const opened = page.getByRole('region', { name: 'The summary you opened' });
  await expect(opened.getByRole('article')).toContainText(comment);
  await expect(
    navbar(page).getByRole('button', { name: 'Notifications, none unread' }),
  ).toBeVisible();

  // The author reads every review of their summary; nobody else can.
  const reviews = await request.get(`/api/summaries/${summary.id}/reviews`, {
    headers: bearer(author.token),
  });
  expect(reviews.status()).toBe(200);
  const body = (await reviews.json()) as {
    data: { currentStatus: string; history: { comments: string | null }[] };
  };
  expect(body.data.currentStatus).toBe('rejected');
  expect(body.data.history.map((entry) => entry.comments)).toEqual([comment]);
  const stranger = await request.get(`/api/summaries/${summary.id}/reviews`, {
    headers: bearer(reviewer.token),
  });
  expect(stranger.status()).toBe(404);
});

test('a role change takes effect in the open tab after a refresh, and a lost staff page redirects', async ({
  page,
  request,
}) => {
  const { author } = await authorWithSummary(request, 'promoted', FACTS);
  const admin = await demoSession(request, 'admin');
  const setRole = async (role: string) => {
    const response = await request.put(`/api/admin/users/${author.user.id}/role`, {
      headers: bearer(admin.token),
      data: { role },
    });
    expect(response.status()).toBe(200);
  };

  await startSignedIn(page, author);
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toContainText('Welcome back');
  await expect(mainNav(page).getByRole('link', { name: 'Manage Content' })).toHaveCount(0);

  await setRole('editor');
  await page.getByRole('button', { name: 'Refresh credits' }).first().click();
  const manage = mainNav(page).getByRole('link', { name: 'Manage Content' });
  await expect(manage).toBeVisible();
  await manage.click();
  await expect(pageHeading(page)).toHaveText('Content management');

  await setRole('user');
  await page.getByRole('button', { name: 'Refresh credits' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alertdialog', { name: 'Access Denied' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Manage Content' })).toHaveCount(0);
});
