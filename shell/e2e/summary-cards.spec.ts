import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, pageHeading, test } from './support/portal.fixture';
import { buildTextPdf } from './support/pdf-file';
import { bearer, demoSession, freshLabel, openStaffPage, taggedText } from './support/staff';
import { registerThroughApi, startSignedIn } from './support/summaries-api';
import type { ApiSession, ApiSummary, CreatedSummaryBody } from './support/summaries-api';

/*
 * Issue 26, items 6 and 4: cards are told apart by their source (the file name, the first words
 * of pasted text) with the date as secondary text, and show text without Markdown markers; the
 * staff read a summary as its author does (a list as a list, Unsupported, the source behind a
 * sentence, why it is a Quick Summary).
 */

const TRIAL_TEXT = [
  [
    'The trial enrolled one hundred and twenty adults with mild asthma across four clinics.',
    'Half of them used the new inhaler every morning for twelve weeks.',
  ],
  [
    'Those on the new inhaler had fewer night symptoms than those on the usual treatment.',
    'No serious side effects were reported during the whole trial period.',
  ],
] as const;

const PASTED_FACTS = [
  'opened a new harbour office beside the old fish market last spring.',
  'hired six pilots to guide container ships through the narrow channel.',
  'expects the dredging of the outer basin to finish before the winter storms.',
  'plans a public open day at the harbour office every first Sunday.',
] as const;

/** POST /api/summaries with `format` (1 credit). */
async function summarize(
  request: APIRequestContext,
  session: ApiSession,
  content: string,
  format: 'paragraph' | 'bullets',
): Promise<ApiSummary> {
  const response = await request.post('/api/summaries', {
    headers: bearer(session.token),
    data: { content, format },
  });
  expect(response.status(), 'POST /api/summaries').toBe(201);
  return ((await response.json()) as CreatedSummaryBody).data.summary;
}

/** POST /api/summaries/upload of a text PDF named `name` (1 credit). */
async function uploadPdf(
  request: APIRequestContext,
  session: ApiSession,
  name: string,
): Promise<ApiSummary> {
  const response = await request.post('/api/summaries/upload', {
    headers: bearer(session.token),
    multipart: {
      file: {
        name,
        mimeType: 'application/pdf',
        buffer: buildTextPdf(TRIAL_TEXT.map((lines) => ({ paragraphs: [lines] }))),
      },
    },
  });
  expect(response.status(), `upload ${name}`).toBe(201);
  return ((await response.json()) as CreatedSummaryBody).data.summary;
}

/** Whether `inner` lies inside the viewport's width. */
async function expectWithinViewport(page: Page, inner: Locator): Promise<void> {
  const box = await inner.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

const MARKDOWN_MARKERS = /(^|\n)\s*(?:[-*•#]|\d+[.)])\s|\*\*|__/;

test.describe('history cards say where each summary came from', () => {
  for (const width of [390, 1440] as const) {
    test(`at ${width} px: an upload is titled by its file name, pasted text by its first words, the date secondary, previews without markers`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const session = await registerThroughApi(request, `cards-${width}`);
      const tag = freshLabel('Harbour');
      const longName = `${'quarterly-harbour-dredging-and-pilotage-report-'.repeat(4)}final.pdf`;
      expect(longName.length).toBeGreaterThan(190);
      await uploadPdf(request, session, 'trial.pdf');
      await uploadPdf(request, session, longName);
      const pasted = await summarize(request, session, taggedText(tag, PASTED_FACTS), 'bullets');
      expect(pasted.summarizedContent).toMatch(/^- /);

      await startSignedIn(page, session);
      await page.goto('/history');
      await expect(pageHeading(page)).toHaveText('Your Summaries');
      const list = page.getByRole('list', { name: /^Summaries/ });

      const trial = list.getByRole('article', { name: 'trial.pdf', exact: true });
      await expect(trial).toHaveCount(1);
      await expect(trial.getByRole('heading', { name: 'trial.pdf', exact: true })).toBeVisible();
      // The date is there, as secondary text.
      await expect(trial.locator('time')).toHaveText('Today');

      const long = list.getByRole('article', { name: longName, exact: true });
      await expect(long.getByRole('heading', { name: longName })).toBeVisible();
      await expectWithinViewport(page, long.getByRole('heading', { name: longName }));

      // Pasted text: its first eight words.
      const pastedTitle = `${tag} opened a new harbour office beside the…`;
      const pastedCard = list.getByRole('article', { name: pastedTitle, exact: true });
      await expect(pastedCard.getByRole('heading', { name: pastedTitle })).toBeVisible();
      await expect(list.getByRole('heading', { name: /^Summary from/ })).toHaveCount(0);

      // The bullets summary's preview: its words, not `- ` markers.
      const previewText = await pastedCard.locator('.ru-history-card__preview').innerText();
      expect(previewText).toContain(tag);
      expect(previewText).not.toMatch(MARKDOWN_MARKERS);
    });
  }

  test('the credit history links a summary by its text, without Markdown markers', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, 'cards-credits');
    const tag = freshLabel('Harbour');
    await summarize(request, session, taggedText(tag, PASTED_FACTS), 'bullets');
    await startSignedIn(page, session);
    await page.goto('/credits');
    const link = page.getByRole('link', { name: /^Summary: / });
    await expect(link).toHaveCount(1);
    const text = await link.innerText();
    expect(text).toContain(tag);
    expect(text).not.toMatch(/Summary: - |\*\*/);
  });
});

/** A fresh author's bullets summary, to which an editor added an item nothing supports. */
async function editedQuickSummary(
  request: APIRequestContext,
): Promise<{ tag: string; author: ApiSession; added: string; items: number }> {
  const tag = freshLabel('Pier');
  const author = await registerThroughApi(request, tag);
  const summary = await summarize(request, author, taggedText(tag, PASTED_FACTS), 'bullets');
  expect(summary.isFallback).toBe(true);
  const added = `${tag} will sell the harbour to a private bank next year.`;
  const editor = await demoSession(request, 'editor');
  const edit = await request.put(`/api/admin/summaries/${summary.id}`, {
    headers: bearer(editor.token),
    data: { summarizedContent: `${summary.summarizedContent}\n- ${added}` },
  });
  expect(edit.status(), 'PUT /api/admin/summaries/:id').toBe(200);
  return { tag, author, added, items: summary.summarizedContent.split('\n').length + 1 };
}

/** The staff card, expanded, reads as the author's: a list, Unsupported, sources, the reason. */
async function expectReadAsTheAuthorDoes(card: Locator, added: string, items: number) {
  await expect(card).toHaveCount(1);
  // The preview is text, not Markdown.
  const previewText = await card.locator('.ui-summary-card__preview').innerText();
  expect(previewText).not.toMatch(MARKDOWN_MARKERS);
  await card.getByRole('button', { name: /^Expand/ }).click();
  // Why it is a Quick Summary, in words.
  await expect(card.getByRole('note').first()).toContainText('quick summary');
  await expect(card.getByText('Unsupported', { exact: true })).toBeVisible();
  const list = card.getByRole('list').first();
  await expect(list.getByRole('listitem')).toHaveCount(items);
  for (const text of await list.getByRole('listitem').allInnerTexts()) {
    expect(text).not.toMatch(/^\s*- /);
  }
  const last = list.getByRole('listitem').last();
  await expect(last).toContainText(added);
  await expect(last.getByText('Unsupported', { exact: true })).toBeVisible();
  // Choosing a supported sentence highlights its source in the original.
  const first = list.getByRole('listitem').first().getByRole('button');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const original = card.getByRole('region', { name: 'Original content' });
  await expect(original.locator('mark[aria-current="true"]').first()).toBeVisible();
}

test.describe('the reviewer reads a summary as its author does', () => {
  test.use({ signedInAs: 'reviewer' });

  test('items as a list, Unsupported, the source behind a sentence, why it is a Quick Summary', async ({
    page,
    request,
  }) => {
    const { author, added, items } = await editedQuickSummary(request);
    await openStaffPage(page, 'reviewer');
    await expectReadAsTheAuthorDoes(
      page
        .getByRole('list', { name: 'Pending Reviews' })
        .getByRole('article', { name: author.user.name }),
      added,
      items,
    );
  });
});

test.describe('the admin reads a summary as its author does', () => {
  test.use({ signedInAs: 'admin' });

  test('items as a list, Unsupported, the source behind a sentence, why it is a Quick Summary', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { tag, author, added, items } = await editedQuickSummary(request);
    await openStaffPage(page, 'admin');
    await page.getByRole('tab', { name: 'All Summaries' }).click();
    // Other tests add summaries in parallel: the list is searched for this one, as an admin would.
    await page.getByLabel('Search summaries').fill(tag);
    await expectReadAsTheAuthorDoes(
      page
        .getByRole('list', { name: 'All summaries' })
        .getByRole('article', { name: author.user.name }),
      added,
      items,
    );
  });
});
