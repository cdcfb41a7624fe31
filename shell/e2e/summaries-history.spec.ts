import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, pageHeading, test } from './support/portal.fixture';
import { fieldReport, formatCount, previewOf, reportLabel } from './support/sample-texts';
import {
  addCreditsAsAdmin,
  createSummaryThroughApi,
  registerThroughApi,
  startSignedIn,
  summaryCountOnServer,
} from './support/summaries-api';
import type { ApiSession, ApiSummary } from './support/summaries-api';

const SUMMARY_COUNT = 25;

/**
 * A fresh user with 25 summaries, `Report 01` the oldest and `Report 25` the newest. Users
 * start with 5 credits, so the admin adds 30 first.
 */
async function userWithSummaries(
  request: APIRequestContext,
  label: string,
): Promise<{ session: ApiSession; summaries: ApiSummary[] }> {
  const session = await registerThroughApi(request, label);
  await addCreditsAsAdmin(request, session.user.id, 30);
  const summaries: ApiSummary[] = [];
  // One after another, so each is newer than the last.
  for (let number = 1; number <= SUMMARY_COUNT; number += 1) {
    summaries.push(await createSummaryThroughApi(request, session, fieldReport(number)));
  }
  return { session, summaries };
}

/** The list of one history page. */
function historyList(page: Page, pageNumber: number): Locator {
  return page.getByRole('list', { name: `Summaries, page ${pageNumber}` });
}

/** `Showing page X of Y · N summaries in total`. */
function pagerStatus(page: Page): Locator {
  return page.getByText(/^Showing page \d+ of \d+/);
}

/** `Report 25` … `Report 16`: the labels a page of the newest-first list shows, in order. */
function labelsFrom(newest: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => reportLabel(newest - index));
}

test.describe('/history', () => {
  test('pages of 10 with Next, Previous and numbered pages; page 3 holds the oldest 5', async ({
    page,
    request,
  }) => {
    const { session, summaries } = await userWithSummaries(request, 'history-pages');
    await startSignedIn(page, session);
    await page.goto('/history');
    await expect(pageHeading(page)).toHaveText('Your Summaries');

    const pager = page.getByRole('navigation', { name: 'History pages' });
    const previous = pager.getByRole('button', { name: 'Previous' });
    const next = pager.getByRole('button', { name: 'Next' });

    const firstPage = historyList(page, 1).getByRole('article');
    await expect(firstPage).toHaveCount(10);
    await expect(firstPage).toContainText(labelsFrom(25, 10));
    await expect(pagerStatus(page)).toHaveText('Showing page 1 of 3 · 25 summaries in total');
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(previous).toBeDisabled();

    // Each card: badge, relative date, preview and numbers of its summary.
    const newest = summaries[SUMMARY_COUNT - 1];
    if (!newest) throw new Error('no summaries were created');
    const card = firstPage.first();
    await expect(card.getByText('Quick Summary', { exact: true })).toBeVisible();
    await expect(card.getByText('Today', { exact: true })).toBeVisible();
    await expect(
      card.getByText(previewOf(newest.summarizedContent), { exact: true }),
    ).toBeVisible();
    await expect(card.getByRole('list', { name: 'Details' }).getByRole('listitem')).toHaveText([
      `${formatCount(newest.originalWordCount)} words`,
      `${newest.compressionRatio}% compressed`,
      `${formatCount(newest.processingTime)}ms`,
    ]);

    await next.click();
    await expect(page).toHaveURL(/\/history\?page=2$/);
    const secondPage = historyList(page, 2).getByRole('article');
    await expect(secondPage).toHaveCount(10);
    await expect(secondPage).toContainText(labelsFrom(15, 10));
    await expect(pagerStatus(page)).toHaveText('Showing page 2 of 3 · 25 summaries in total');
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(previous).toBeEnabled();
    await expect(next).toBeEnabled();

    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/\/history\?page=3$/);
    const thirdPage = historyList(page, 3).getByRole('article');
    await expect(thirdPage).toHaveCount(5);
    await expect(thirdPage).toContainText(labelsFrom(5, 5));
    await expect(pagerStatus(page)).toHaveText('Showing page 3 of 3 · 25 summaries in total');
    await expect(next).toBeDisabled();

    await previous.click();
    await expect(page).toHaveURL(/\/history\?page=2$/);
    await expect(historyList(page, 2).getByRole('article')).toContainText(labelsFrom(15, 10));

    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(historyList(page, 1).getByRole('article')).toContainText(labelsFrom(25, 10));
    await expect(previous).toBeDisabled();
  });

  test.describe('with clipboard access', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('a card expands to the original and the summary, copies, and deletes after confirmation', async ({
      page,
      request,
    }) => {
      const { session, summaries } = await userWithSummaries(request, 'history-card');
      const newest = summaries[SUMMARY_COUNT - 1];
      if (!newest) throw new Error('no summaries were created');
      await startSignedIn(page, session);
      await page.goto('/history');
      await expect(pagerStatus(page)).toHaveText('Showing page 1 of 3 · 25 summaries in total');

      const card = historyList(page, 1)
        .getByRole('article')
        .filter({ hasText: reportLabel(25) });
      await expect(card).toHaveCount(1);

      // Expand: the original, the summary and the model.
      const expand = card.getByRole('button', { name: /^Show more/ });
      await expect(expand).toHaveAttribute('aria-expanded', 'false');
      await expand.click();
      const collapse = card.getByRole('button', { name: /^Show less/ });
      await expect(collapse).toHaveAttribute('aria-expanded', 'true');
      // The section and its scrollable box are both named Original content; the box is last.
      await expect(card.getByRole('region', { name: 'Original content' }).last()).toHaveText(
        newest.originalContent,
      );
      await expect(card.getByRole('heading', { name: 'Summary', exact: true })).toBeVisible();
      await expect(card.getByText(`Model: ${newest.aiModel}`, { exact: true })).toBeVisible();
      await collapse.click();
      await expect(card.getByRole('region', { name: 'Original content' })).toHaveCount(0);

      // Copy.
      await card.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        newest.summarizedContent.trim(),
      );

      // Delete: Cancel keeps the summary; confirming removes it.
      const deleteButton = card.getByRole('button', { name: /^Delete/ });
      await deleteButton.click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this summary?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('This action cannot be undone', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toHaveCount(1);

      await deleteButton.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toHaveCount(0);
      await expect(pagerStatus(page)).toHaveText('Showing page 1 of 3 · 24 summaries in total');
      // The page fills up again from the next one.
      await expect(historyList(page, 1).getByRole('article')).toContainText(labelsFrom(24, 10));
      expect(await summaryCountOnServer(request, session)).toBe(24);
    });
  });

  test('a new user sees No summaries yet, and Create Summary opens /summarize', async ({
    page,
    request,
  }) => {
    await startSignedIn(page, await registerThroughApi(request, 'history-empty'));
    await page.goto('/history');
    await expect(pageHeading(page)).toHaveText('Your Summaries');

    const empty = page.getByRole('heading', { name: 'No summaries yet' });
    await expect(empty).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'History pages' })).toHaveCount(0);
    await expect(pagerStatus(page)).toHaveCount(0);

    await empty.locator('..').getByRole('link', { name: 'Create Summary' }).click();
    await expect(page).toHaveURL(/\/summarize$/);
    await expect(pageHeading(page)).toHaveText('Create Summary');
  });
});
