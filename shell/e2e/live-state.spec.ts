import type { APIRequestContext, Page } from '@playwright/test';
import { buildDocx } from './support/docx-file';
import { expect, navbar, remoteEntryLoaded, test } from './support/portal.fixture';
import { bearer, demoSession, freshLabel, taggedText } from './support/staff';
import {
  createSummaryThroughApi,
  creditsOnServer,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';
import type { ApiSession } from './support/summaries-api';

/*
 * Issue 26, screens that stay true (items 2, 7, 8, 9 and parts of 12).
 */

const FACTS = [
  'keeps a record of every bell rung in the old clock tower.',
  'notes that the clock tower bells are rung by hand on feast days.',
  'explains how the clock tower keeper oils the gears each month.',
] as const;

/** A fresh user spent to 0 credits with an open request for 5. */
async function userWaitingForCredits(request: APIRequestContext): Promise<ApiSession> {
  const tag = freshLabel('live');
  const user = await registerThroughApi(request, tag);
  for (let spent = 0; spent < 5; spent += 1) {
    await createSummaryThroughApi(request, user, taggedText(tag, FACTS));
  }
  const asked = await request.post('/api/credits/requests', {
    headers: bearer(user.token),
    data: { credits: 5, reason: `More summaries for ${tag}` },
  });
  expect(asked.status()).toBe(201);
  return user;
}

/** The demo admin approves the user's open request, as asked. */
async function approveOpenRequest(request: APIRequestContext, user: ApiSession): Promise<void> {
  const mine = await request.get('/api/credits/requests', { headers: bearer(user.token) });
  const [open] = ((await mine.json()) as { data: { requests: { id: string }[] } }).data.requests;
  const admin = await demoSession(request, 'admin');
  const approved = await request.put(`/api/admin/credit-requests/${open?.id ?? ''}`, {
    headers: bearer(admin.token),
    data: { decision: 'approved' },
  });
  expect(approved.status()).toBe(200);
  expect(await creditsOnServer(request, user)).toBe(5);
}

async function openSummarizeAtZero(page: Page, user: ApiSession): Promise<void> {
  await startSignedIn(page, user);
  const entry = remoteEntryLoaded(page, 'user');
  await page.goto('/summarize');
  await entry;
  await expect(
    navbar(page)
      .getByRole('link', { name: /0 credits/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('No credits left')).toBeVisible();
  await expect(page.getByText('Request pending')).toBeVisible();
}

async function expectFiveCreditsWithoutReload(page: Page): Promise<void> {
  await expect(
    navbar(page)
      .getByRole('link', { name: /5 credits/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('No credits left')).toHaveCount(0);
  await expect(page.getByText('Request pending')).toHaveCount(0);
  await page.getByLabel('Text to summarize').fill(taggedText('Tower', FACTS));
  await expect(page.getByRole('button', { name: 'Generate Summary' })).toBeEnabled();
}

test.describe('item 2: the balance follows an approval without a reload', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the bell telling of the approval refreshes the balance and the summarize screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const user = await userWaitingForCredits(request);
    await openSummarizeAtZero(page, user);
    await page.evaluate(() => {
      (window as { e2eDocument?: boolean }).e2eDocument = true;
    });
    await approveOpenRequest(request, user);

    await navbar(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(
      'Your request for 5 credits was approved.',
    );
    await page.keyboard.press('Escape');
    await expectFiveCreditsWithoutReload(page);
    // Still the same document: nothing was reloaded.
    expect(await page.evaluate(() => (window as { e2eDocument?: boolean }).e2eDocument)).toBe(true);
  });

  test('coming back to the tab refreshes the balance and the credits page', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const user = await userWaitingForCredits(request);
    await openSummarizeAtZero(page, user);
    await approveOpenRequest(request, user);
    // The tab regains focus (the person comes back from another window).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expectFiveCreditsWithoutReload(page);

    await navbar(page)
      .getByRole('link', { name: /5 credits/ })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Request credits' })).toBeVisible();
  });
});

test.describe('item 7: an error goes when its cause does', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a good .docx after a bad PDF clears its error; an 11 MB file is refused on choosing, with its size', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const user = await registerThroughApi(request, freshLabel('errors'));
    await startSignedIn(page, user);
    const entry = remoteEntryLoaded(page, 'user');
    await page.goto('/summarize');
    await entry;
    await page.getByRole('tab', { name: 'Upload File' }).click();
    const input = page.getByLabel('Choose a file to summarize');
    // One visible control names the chosen file: the card, not the native input.
    await expect(input).not.toBeInViewport();
    const chooser = page.locator('label', { hasText: 'Choose a file to summarize' });
    await expect(chooser).toBeVisible();

    await input.setInputFiles({
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('1 0 obj <<'.repeat(40))]),
    });
    await expect(page.getByText('broken.pdf')).toHaveCount(1);
    await page.getByRole('button', { name: 'Upload & Summarize' }).click();
    await expect(page.getByText('The PDF file is damaged or incomplete')).toBeVisible({
      timeout: 20_000,
    });

    await input.setInputFiles({
      name: 'notes.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: buildDocx([taggedText('Tower', FACTS)]),
    });
    await expect(page.getByText('notes.docx')).toHaveCount(1);
    await expect(page.getByText('The PDF file is damaged or incomplete')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await input.setInputFiles({
      name: 'huge.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(11 * 1024 * 1024, 'a'),
    });
    await expect(
      page.getByText('The file is too large (11.00 MB). The maximum size is 10MB.'),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);
    await page.getByRole('button', { name: 'Upload & Summarize' }).click();
    await expect(page.getByRole('alert')).toHaveCount(1);
  });

  test('the file chooser is one labelled button reached by Tab', async ({ page, request }) => {
    const user = await registerThroughApi(request, freshLabel('chooser'));
    await startSignedIn(page, user);
    const entry = remoteEntryLoaded(page, 'user');
    await page.goto('/summarize');
    await entry;
    await page.getByRole('tab', { name: 'Upload File' }).click();
    await page.getByRole('tab', { name: 'Upload File' }).focus();
    const input = page.getByLabel('Choose a file to summarize');
    // The tab panel, then the chooser: reached by keyboard, one stop.
    for (let presses = 0; presses < 3; presses += 1) {
      if (await input.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(input).toBeFocused();
    const label = page.locator('label', { hasText: 'Choose a file to summarize' });
    const outline = await label.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe('solid');
  });
});
