import { expect, navbar, pageHeading, remoteEntryLoaded, test } from './support/portal.fixture';
import { bearer, demoSession, freshLabel, openStaffPage, taggedText } from './support/staff';
import {
  createSummaryThroughApi,
  creditsOnServer,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';

/*
 * Issue 11, credits: a user spends to 0, asks for credits, an admin approves them (amount
 * edited), the user's balance and history follow, and the audit log shows what happened.
 */

const FACTS = [
  'keeps a ledger of every lantern lit along the northern pier.',
  'reports that the northern pier lanterns burn oil through the winter.',
  'explains how the northern pier crew trims the wicks each evening.',
] as const;

test('spend to 0, request credits, an admin approves, balance, history and audit log follow', async ({
  page,
  browser,
  request,
}) => {
  // Two sessions, five summaries, a request, its approval and four pages: about 26 s on CI's two
  // busy cores, too near the suite's 30 s for a journey this long.
  test.setTimeout(60_000);
  const tag = freshLabel('credits');
  const user = await registerThroughApi(request, tag);
  for (let spent = 0; spent < 5; spent += 1) {
    await createSummaryThroughApi(request, user, taggedText(tag, FACTS));
  }
  expect(await creditsOnServer(request, user)).toBe(0);

  // At 0, the summarize screen keeps SPEC's message and adds Request credits.
  await startSignedIn(page, user);
  const userEntry = remoteEntryLoaded(page, 'user');
  await page.goto('/summarize');
  await userEntry;
  await expect(
    page.getByText('Insufficient credits. Please contact support to recharge your account.'),
  ).toBeVisible();
  await expect(
    navbar(page)
      .getByRole('link', { name: /0 credits/ })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Request credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request credits' });
  await expect(dialog.getByLabel('Credits')).toHaveValue('10');
  await dialog.getByLabel('Reason').fill(`Thesis deadline for ${tag}`);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Request pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request credits' })).toHaveCount(0);

  // An admin, in another tab, approves it with 12 instead of 10.
  const admin = await demoSession(request, 'admin');
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await startSignedIn(adminPage, admin);
  await openStaffPage(adminPage, 'admin');
  await adminPage.getByRole('tab', { name: /^Credit requests \(\d+ open\)$/ }).click();
  const row = adminPage.getByRole('row').filter({ hasText: user.user.name });
  await expect(row).toContainText('10');
  await expect(row).toContainText(`Thesis deadline for ${tag}`);
  await row.getByRole('button', { name: `Approve the request of ${user.user.name}` }).click();
  const approve = adminPage.getByRole('dialog', { name: 'Approve credit request' });
  await approve.getByLabel('Credits to add').fill('12');
  await approve.getByLabel('Note to the user').fill('Good luck');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await creditsOnServer(request, user)).toBe(12);

  // A second decision on the same request: 409 with who answered first.
  const requests = await request.get('/api/credits/requests', { headers: bearer(user.token) });
  const [answered] = ((await requests.json()) as { data: { requests: { id: string }[] } }).data
    .requests;
  const late = await request.put(`/api/admin/credit-requests/${answered?.id ?? ''}`, {
    headers: bearer(admin.token),
    data: { decision: 'denied' },
  });
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { message: string }).message).toMatch(
    /^This request was already approved by .+\. Nothing was changed\.$/,
  );

  // The user's refresh brings the balance, the bell and the history.
  await page.getByRole('button', { name: 'Refresh credits' }).first().click();
  const chip = navbar(page)
    .getByRole('link', { name: /12 credits/ })
    .first();
  await expect(chip).toBeVisible();
  await expect(navbar(page).getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(pageHeading(page)).toHaveText('Credits');
  const history = page.getByRole('table');
  const first = history.getByRole('row').nth(1);
  await expect(first).toContainText('Request approved');
  await expect(first).toContainText('Good luck');
  await expect(first).toContainText('+12');
  await expect(first.getByRole('cell').last()).toHaveText('12');
  await expect(history.getByRole('row').filter({ hasText: 'Welcome credits' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: /^.*Summary: / })).toHaveCount(5);

  // The bell tells the answer; opening it marks it read.
  await navbar(page).getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText('Your request for 10 credits was approved with 12 credits.');
  await expect(
    navbar(page).getByRole('button', { name: 'Notifications, none unread' }),
  ).toBeVisible();

  // The audit log shows the approval, by action.
  await adminPage.getByRole('tab', { name: 'Audit log' }).click();
  await adminPage.getByLabel('Action').selectOption('credit_request.approved');
  const event = adminPage.getByRole('row').filter({ hasText: user.user.name }).first();
  await expect(event).toContainText('Credit request approved');
  await expect(event).toContainText('12 credits (asked 10)');
  await adminContext.close();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the Credits page, its table and the notifications panel fit the width', async ({
    page,
    request,
  }) => {
    const user = await registerThroughApi(request, freshLabel('credits-narrow'));
    await startSignedIn(page, user);
    const entry = remoteEntryLoaded(page, 'user');
    await page.goto('/credits');
    await entry;
    await expect(pageHeading(page)).toHaveText('Credits');
    await expect(page.getByRole('table').getByText('Welcome credits')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(0);

    await navbar(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });
});
