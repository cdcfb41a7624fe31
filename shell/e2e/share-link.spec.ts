import { expect, test } from './support/portal.fixture';
import { ARTICLE } from './support/sample-texts';
import {
  createSummaryThroughApi,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';

/*
 * Issue 28, "Share a read-only link": the owner shares a summary from its actions, anyone opens
 * the link without signing in (noindex, no-referrer), the owner sees it counted, and once the
 * owner stops sharing the same link says in one sentence that it no longer works.
 */

test.describe.configure({ timeout: 60_000 });

const FIRST_SCREEN = { timeout: 20_000 };

test('a shared summary opens for anyone with the link, is counted, and stops at once', async ({
  page,
  request,
  browser,
}) => {
  const session = await registerThroughApi(request, 'share-link');
  const summary = await createSummaryThroughApi(request, session, ARTICLE);
  await startSignedIn(page, session);
  await page.goto(`/history?summary=${summary.id}`);
  const card = page.getByRole('region', { name: 'The summary you opened' }).getByRole('article');
  const actions = card.getByRole('group', { name: 'Summary actions' });
  await actions.getByRole('button', { name: /^Share/ }).click(FIRST_SCREEN);

  const dialog = page.getByRole('dialog', { name: 'Share a read-only link' });
  const linkField = dialog.getByRole('textbox', { name: 'Link' });
  await expect(linkField).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(dialog.getByText('Viewed 0 times')).toBeVisible();
  const link = await linkField.inputValue();

  // A fresh browser: nobody signed in.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    const response = await visitor.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Shared summary');
    await expect(visitor.getByText(`Shared by ${session.user.name}`)).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Summary' })).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Original' })).toContainText(
      ARTICLE.slice(0, 40),
    );
    await expect(visitor.getByText(session.user.email)).toHaveCount(0);

    // The owner sees the visit counted: the same link, opened once.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await actions.getByRole('button', { name: /^Share/ }).click();
    await expect(linkField).toHaveValue(link);
    await expect(dialog.getByText('Viewed 1 time')).toBeVisible();

    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Sharing stopped. The link no longer works.',
    );

    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Summary not available');
    await expect(
      visitor.getByText('This link does not work: its owner stopped sharing the summary'),
    ).toBeVisible();
  } finally {
    await visitorContext.close();
  }
});
