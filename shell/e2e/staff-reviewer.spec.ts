import {
  demoAccounts,
  expect,
  mainNav,
  pageHeading,
  recordRequests,
  remoteEntryLoaded,
  requestsUnder,
  test,
} from './support/portal.fixture';
import {
  authorWithSummary,
  bearer,
  cardOf,
  demoSession,
  openStaffPage,
  summaryOnServer,
} from './support/staff';

/** What the texts of this file's summaries say about their tag. */
const LIGHTHOUSE_FACTS = [
  'covers the yearly audit of the southern lighthouse and its fog horn.',
  "notes that the keepers' cottage at the southern lighthouse needs a new roof.",
  'records that the audit team recommended repainting the southern lighthouse.',
] as const;

const REVIEW_BUTTONS = ['Approve', 'Reject', 'Request revision'] as const;

test.describe('/reviewer', () => {
  test.use({ signedInAs: 'reviewer' });

  test('rejects a pending summary: a reason is required, then Review Submitted! and its history', async ({
    page,
    request,
  }) => {
    const { author, summary } = await authorWithSummary(request, 'review-reject', LIGHTHOUSE_FACTS);
    await openStaffPage(page, 'reviewer');

    for (const label of ['Pending Reviews', 'Approved', 'Rejected', 'My Reviews']) {
      // A dash until loaded; then a number.
      await expect(page.getByRole('group', { name: label })).toContainText(/\d/);
    }
    // The Pending Reviews tab carries the count the stat card shows (at least this summary).
    const pendingTab = page.getByRole('tab', { name: /^Pending Reviews\s*\d+$/ });
    await expect(pendingTab).toHaveAttribute('aria-selected', 'true');
    const pendingCard = page.getByRole('group', { name: 'Pending Reviews' });
    const badgeCount = Number((await pendingTab.innerText()).replace(/\D/g, ''));
    expect(badgeCount).toBeGreaterThanOrEqual(1);
    await expect(pendingCard).toHaveText(
      new RegExp(`^Pending Reviews\\s*${badgeCount.toLocaleString('en-US')}$`),
    );

    const card = cardOf(page, 'Pending Reviews', author);
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Reject' }).click();

    const dialog = page.getByRole('dialog', { name: 'Reject summary' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(
      dialog.getByText('Please provide a reason for rejection', { exact: true }),
    ).toBeVisible();
    const reason = dialog.getByLabel('Reason for rejection');
    await expect(reason).toBeFocused();
    expect((await summaryOnServer(request, author, summary.id)).reviewStatus).toBe('pending');

    const comment = `Off topic for ${author.user.name}: the audit figures are missing.`;
    await reason.fill(comment);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('dialog', { name: 'Review Submitted!' })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await summaryOnServer(request, author, summary.id)).reviewStatus).toBe('rejected');

    // Its history, from the All Summaries tab where it now shows as Rejected.
    await expect(page.getByRole('dialog', { name: 'Review Submitted!' })).toBeHidden();
    await page.getByRole('tab', { name: 'All Summaries' }).click();
    const allCard = cardOf(page, 'All Summaries', author);
    await expect(allCard.getByText('Rejected', { exact: true })).toBeVisible();
    await allCard.getByRole('button', { name: 'History' }).click();

    const overlay = page.getByRole('dialog', { name: 'Complete Review History' });
    await expect(overlay).toBeVisible();
    // The one date format (common/date-format): a review made now reads Today.
    const today = 'Today';
    const values = overlay.getByRole('definition');
    await expect(overlay.getByRole('term')).toHaveText([
      'Current status',
      'Reviewed by',
      'Current comments',
    ]);
    await expect(values.nth(0)).toHaveText('Rejected');
    await expect(values.nth(1)).toContainText(demoAccounts.reviewer.name);
    await expect(values.nth(1)).toContainText(today);
    await expect(values.nth(2)).toHaveText(comment);

    const entries = overlay.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Rejected');
    await expect(entries.first()).toContainText(demoAccounts.reviewer.name);
    await expect(entries.first()).toContainText(today);
    await expect(entries.first()).toContainText(comment);

    // Esc closes it, and focus goes back to the History button that opened it.
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(allCard.getByRole('button', { name: 'History' })).toBeFocused();
  });

  test('approves a pending summary without a comment: Review Submitted!', async ({
    page,
    request,
  }) => {
    const { author, summary } = await authorWithSummary(
      request,
      'review-approve',
      LIGHTHOUSE_FACTS,
    );
    await openStaffPage(page, 'reviewer');

    const card = cardOf(page, 'Pending Reviews', author);
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve summary' });
    await expect(dialog.getByLabel('Comments (optional)')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Approve' }).click();

    await expect(page.getByRole('dialog', { name: 'Review Submitted!' })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await summaryOnServer(request, author, summary.id)).reviewStatus).toBe('approved');
  });

  test('a never-reviewed summary shows "No review history yet"', async ({ page, request }) => {
    const { author } = await authorWithSummary(request, 'review-none', LIGHTHOUSE_FACTS);
    await openStaffPage(page, 'reviewer');

    await cardOf(page, 'Pending Reviews', author).getByRole('button', { name: 'History' }).click();
    const overlay = page.getByRole('dialog', { name: 'Complete Review History' });
    await expect(overlay.getByText('No review history yet', { exact: true })).toBeVisible();
    await expect(overlay.getByRole('definition').nth(0)).toHaveText('Pending');
    await expect(overlay.getByRole('definition').nth(1)).toHaveText('Not reviewed yet');
    await expect(
      overlay.getByRole('region', { name: 'History' }).getByRole('listitem'),
    ).toHaveCount(0);
  });

  test('All Summaries offers the review actions only on pending summaries', async ({
    page,
    request,
  }) => {
    const pending = await authorWithSummary(request, 'review-all-pending', LIGHTHOUSE_FACTS);
    const reviewed = await authorWithSummary(request, 'review-all-approved', LIGHTHOUSE_FACTS);
    // The reviewed one is approved through the API before the page loads.
    const reviewer = await demoSession(request, 'reviewer');
    const submit = await request.post(`/api/reviews/${reviewed.summary.id}/submit`, {
      headers: bearer(reviewer.token),
      data: { action: 'approved', comments: 'Accurate and short.' },
    });
    expect(submit.status()).toBe(200);

    await openStaffPage(page, 'reviewer');
    await expect(cardOf(page, 'Pending Reviews', pending.author)).toHaveCount(1);
    await expect(cardOf(page, 'Pending Reviews', reviewed.author)).toHaveCount(0);

    await page.getByRole('tab', { name: 'All Summaries' }).click();
    const pendingCard = cardOf(page, 'All Summaries', pending.author);
    const reviewedCard = cardOf(page, 'All Summaries', reviewed.author);
    await expect(pendingCard.getByText('Pending', { exact: true })).toBeVisible();
    await expect(reviewedCard.getByText('Approved', { exact: true })).toBeVisible();
    await expect(reviewedCard).toContainText('Accurate and short.');
    await expect(reviewedCard).toContainText(`Reviewed by ${demoAccounts.reviewer.name}`);
    for (const name of REVIEW_BUTTONS) {
      await expect(pendingCard.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(reviewedCard.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(pendingCard.getByRole('button', { name: 'History' })).toBeVisible();
    await expect(reviewedCard.getByRole('button', { name: 'History' })).toBeVisible();
  });

  test('a reviewer session never requests the admin or editor remotes', async ({ page }) => {
    const urls = recordRequests(page);
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();
    const entry = remoteEntryLoaded(page, 'reviewer');
    await mainNav(page).getByRole('link', { name: 'Review Content' }).click();
    await entry;
    await expect(pageHeading(page)).toHaveText('Content Review Center');
    for (const path of ['/admin', '/editor']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('alertdialog', { name: 'Access Denied' })).toBeVisible();
    }

    expect(requestsUnder(urls, '/remotes/reviewer/').length).toBeGreaterThan(0);
    expect(requestsUnder(urls, '/remotes/admin/')).toEqual([]);
    expect(requestsUnder(urls, '/remotes/editor/')).toEqual([]);
  });
});
