import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/portal.fixture';
import { ARTICLE } from './support/sample-texts';
import { authorWithSummary, bearer, demoSession, summaryOnServer } from './support/staff';
import {
  apiResponse,
  createSummaryThroughApi,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';
import { chooseOptions, wordText, zipEntry } from './support/workbench';
import type { WorkbenchSummary } from './support/workbench';

/*
 * Issue 26, items 5, 3 and 10: every action on a summary wherever it is shown in full (an older
 * summary opened on /history can be downloaded and reshaped), a card that follows every new
 * version (regenerated from a reviewer's comment, restored) with its number, review status and
 * a toast, and a `Restored` toast seen above everything once the Versions dialog closes.
 */

// Each journey loads /history cold and makes several calls, on a shared, busy machine.
test.describe.configure({ timeout: 60_000 });

/** How long the first screen of /history may take to arrive (its remote loads on demand). */
const FIRST_SCREEN = { timeout: 20_000 };

const FACTS = [
  'records the spring inspection of the northern canal locks.',
  'notes that the northern canal locks need new oak gates before winter.',
  'adds that the inspectors found the lock keepers well trained and careful.',
  'suggests that the northern canal locks open an hour earlier in summer.',
] as const;

/** The one summary the user opened, above the history (`/history?summary=<id>`). */
function openedCard(page: Page): Locator {
  return page.getByRole('region', { name: 'The summary you opened' }).getByRole('article');
}

/** A card's review status (the badge), e.g. `Review status: Pending review`. */
function reviewStatus(card: Locator): Locator {
  return card.locator('.ru-review__status');
}

/** A toast of the page's notifications region. */
function toast(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: title });
}

/** The toast is on screen and nothing (a dialog, its backdrop) covers its middle. */
async function expectUncovered(item: Locator): Promise<void> {
  await expect(item).toBeInViewport();
  const covered = await item.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top === null || !element.contains(top);
  });
  expect(covered, 'something covers the toast').toBe(false);
}

test('an older summary on /history downloads as .txt, .md and .docx and re-prompts with Length and Format', async ({
  page,
  request,
}) => {
  const session = await registerThroughApi(request, 'actions-history');
  const summary = await createSummaryThroughApi(request, session, ARTICLE);
  await startSignedIn(page, session);
  await page.goto('/history');
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1, FIRST_SCREEN);
  // Collapsed: only the quick actions.
  await expect(card.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await card.getByRole('button', { name: /^Show more/ }).click();
  const actions = card.getByRole('group', { name: 'Summary actions' });

  const save = async (format: 'txt' | 'md' | 'docx') => {
    const download = page.waitForEvent('download');
    await actions.getByRole('button', { name: new RegExp(`^Download \\.${format}`) }).click();
    return download;
  };
  const txt = await save('txt');
  expect(txt.suggestedFilename()).toMatch(/\.txt$/);
  expect((await readFile(await txt.path())).toString('utf8').trim()).toBe(
    summary.summarizedContent.trim(),
  );
  const md = await save('md');
  expect(md.suggestedFilename()).toMatch(/\.md$/);
  const markdown = (await readFile(await md.path())).toString('utf8');
  expect(markdown).toMatch(/^# Summary/);
  expect(markdown).toContain(summary.summarizedContent.trim());
  const docx = await save('docx');
  expect(docx.suggestedFilename()).toMatch(/\.docx$/);
  const archive = await readFile(await docx.path());
  const documentXml = zipEntry(archive, 'word/document.xml').toString('utf8');
  const paragraphs = wordText(documentXml);
  const firstSentence = summary.summarizedContent.trim().split(/(?<=\.)\s/)[0] ?? '';
  expect(paragraphs.join(' ')).toContain(firstSentence);
  // Citations that survive export (issue 28): a real Word footnote after each summary sentence,
  // quoting its source sentence (the local summary's sentences are the source's own).
  const references = documentXml.match(/<w:footnoteReference w:id="\d+"\/>/g) ?? [];
  expect(references.length).toBeGreaterThan(0);
  const footnotes = wordText(zipEntry(archive, 'word/footnotes.xml').toString('utf8'));
  expect(footnotes.join(' ')).toContain(firstSentence);
  // Without citations: the same document, no footnotes.
  await actions.getByLabel(/^Without citations/).check();
  const plain = await readFile(await (await save('docx')).path());
  expect(zipEntry(plain, 'word/document.xml').toString('utf8')).not.toContain(
    'w:footnoteReference',
  );
  await actions.getByLabel(/^Without citations/).uncheck();

  // Re-prompt reshapes it: short bullets, free, and the card shows version 2 as a list.
  const reprompt = actions.getByRole('button', { name: /^Re-prompt/ });
  await reprompt.click();
  const form = card.getByRole('form', { name: 'Re-prompt' });
  await chooseOptions(form, 'short', 'bullets');
  const answer = apiResponse(page, 'POST', `/api/summaries/${summary.id}/regenerate`);
  await form.getByRole('button', { name: 'Regenerate' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ length: 'short', format: 'bullets' });
  const regenerated = ((await response.json()) as { data: { summary: WorkbenchSummary } }).data
    .summary;
  await expect(form).toHaveCount(0);
  await expect(reprompt).toBeFocused();
  await expect(card.getByText('Version 2', { exact: true })).toBeVisible();
  const items = regenerated.summarizedContent.split('\n').map((item) => item.replace(/^- /, ''));
  await expect(card.locator('ul.ru-sentences > li')).toHaveText(items);
  await expect(toast(page, 'Summary regenerated')).toContainText('Version 2');

  // The summary a link opens (?summary=) offers the same actions.
  await page.goto(`/history?summary=${summary.id}`);
  const opened = openedCard(page);
  await expect(opened.getByText('Version 2', { exact: true })).toBeVisible();
  const openedActions = opened.getByRole('group', { name: 'Summary actions' });
  for (const name of [
    /^Re-prompt/,
    /^Versions/,
    /^Copy$/,
    /^Copy as Markdown/,
    /^Download \.txt/,
    /^Download \.md/,
    /^Download \.docx/,
  ]) {
    await expect(openedActions.getByRole('button', { name })).toBeVisible();
  }
});

test("regenerating from a reviewer's comment shows the new version, its status and a toast on the opened card", async ({
  page,
  request,
}) => {
  const { author, summary } = await authorWithSummary(request, 'actions-review', FACTS);
  const reviewer = await demoSession(request, 'reviewer');
  const comment = 'Name the month of the inspection, please.';
  const reviewed = await request.post(`/api/reviews/${summary.id}/submit`, {
    headers: bearer(reviewer.token),
    data: { action: 'needs_revision', comments: comment },
  });
  expect(reviewed.status()).toBe(200);

  await startSignedIn(page, author);
  // Where the review notification leads.
  await page.goto(`/history?summary=${summary.id}`);
  const card = openedCard(page);
  await expect(reviewStatus(card)).toContainText('Review status: Needs revision', FIRST_SCREEN);
  // Expanded with its review history: the comment is said once.
  await expect(card.getByText(comment, { exact: true })).toHaveCount(1);
  await expect(card.getByText(/^Version \d/)).toHaveCount(0);

  await card.getByRole('button', { name: "Regenerate from the reviewer's comment" }).click();
  const reviewForm = card.locator('form.ru-review__form');
  await expect(reviewForm.getByLabel('Custom prompt')).toHaveValue(comment);
  const answer = apiResponse(page, 'POST', `/api/summaries/${summary.id}/regenerate`);
  await reviewForm.getByRole('button', { name: 'Regenerate', exact: true }).click();
  expect((await answer).status()).toBe(200);

  const onServer = await summaryOnServer(request, author, summary.id);
  expect(onServer.reviewStatus).toBe('pending');
  await expect(reviewStatus(card)).toContainText('Review status: Pending review');
  await expect(card.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Regenerate from/ })).toHaveCount(0);
  await expect(card).toContainText(onServer.summarizedContent.split(/(?<=\.)\s/)[0] ?? '');
  await expect(toast(page, 'Summary regenerated from the review')).toContainText(
    'Version 2 is now shown. Review status: Pending review.',
  );
});

test('Restore closes the Versions dialog, the card shows the restored version, and the Restored toast is seen and announced', async ({
  page,
  request,
}) => {
  const session = await registerThroughApi(request, 'actions-restore');
  const summary = await createSummaryThroughApi(request, session, ARTICLE);
  const regenerated = await request.post(`/api/summaries/${summary.id}/regenerate`, {
    headers: bearer(session.token),
    data: { customPrompt: null, length: 'short', format: 'bullets' },
  });
  expect(regenerated.status()).toBe(200);

  await startSignedIn(page, session);
  await page.goto(`/history?summary=${summary.id}`);
  const card = openedCard(page);
  await expect(card.getByText('Version 2', { exact: true })).toBeVisible(FIRST_SCREEN);
  const versionsButton = card.getByRole('button', { name: /^Versions/ });
  await versionsButton.click();
  const dialog = page.getByRole('dialog', { name: 'Versions' });
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  // The comparison: no lone `of`, `a`, `and` or `-` standing between two struck-out runs.
  await dialog.getByRole('checkbox', { name: 'Compare version 1' }).check();
  await dialog.getByRole('checkbox', { name: 'Compare version 2' }).check();
  const comparison = dialog.getByRole('region', { name: 'Version 1 and version 2 compared' });
  const older = comparison.locator('.ru-version-sides__text').first();
  await expect(older.locator('del').first()).toBeVisible();
  const strays = await older.evaluate((side) =>
    Array.from(side.children)
      .filter(
        (part, index, parts) =>
          part.tagName === 'SPAN' &&
          parts[index - 1]?.tagName === 'DEL' &&
          parts[index + 1]?.tagName === 'DEL',
      )
      .map((part) => part.textContent?.trim() ?? '')
      .filter((text) => /^(?:of|a|an|and|the|-|,|)$/i.test(text)),
  );
  expect(strays).toEqual([]);
  const restore = apiResponse(page, 'POST', `/api/summaries/${summary.id}/versions/1/restore`);
  await dialog.getByRole('button', { name: 'Restore version 1' }).click();
  expect((await restore).status()).toBe(200);

  await expect(dialog).toHaveCount(0);
  await expect(versionsButton).toBeFocused();
  const restored = toast(page, 'Restored');
  await expect(restored).toContainText('Version 1 restored as version 3.');
  await expectUncovered(restored);
  // In the page's live region, which is no longer inert under a modal.
  await expect(
    page.getByRole('region', { name: 'Notifications' }).locator('[aria-live]'),
  ).toContainText('Version 1 restored as version 3.');
  await expect(card.getByText('Version 3', { exact: true })).toBeVisible();
  await expect(reviewStatus(card)).toContainText('Review status: Pending review');
  // Version 1 was a paragraph: the card shows it again, without list items.
  const firstSentence = summary.summarizedContent.split(/(?<=\.)\s/)[0] ?? '';
  await expect(card.getByRole('button', { name: firstSentence, exact: true })).toBeVisible();
  await expect(card.locator('ul.ru-sentences')).toHaveCount(0);
});

test('on a phone, a chosen sentence and a key term bring their source to the middle of the screen, as a background highlight', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await registerThroughApi(request, 'actions-phone');
  const summary = (await createSummaryThroughApi(
    request,
    session,
    ARTICLE,
  )) as unknown as WorkbenchSummary;
  expect(summary.sourceMap.length).toBeGreaterThanOrEqual(2);
  await startSignedIn(page, session);
  await page.goto(`/history?summary=${summary.id}`);
  const card = openedCard(page);
  const original = card.getByRole('region', { name: 'Original content' });
  await expect(original).toBeVisible(FIRST_SCREEN);

  /** The element's vertical middle, as a share of the screen's height (0.5: the middle). */
  const middleOf = (target: Locator) =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return (box.top + box.height / 2) / window.innerHeight;
    });
  const settle = async (target: Locator) => {
    // Smooth scrolling: wait until the position stops moving.
    let last = Number.NaN;
    await expect
      .poll(async () => {
        const now = await middleOf(target);
        const still = Math.abs(now - last) < 0.001;
        last = now;
        return still;
      })
      .toBe(true);
    return last;
  };

  const last = summary.sourceMap.at(-1);
  if (!last) throw new Error('no source map');
  await card.getByRole('button', { name: last.text.trim(), exact: true }).click();
  const active = original.locator('[aria-current="true"]').first();
  await expect(active).toBeVisible();
  const sourceMiddle = await settle(active);
  expect(sourceMiddle).toBeGreaterThan(0.3);
  expect(sourceMiddle).toBeLessThan(0.7);
  // A highlight, not a link: a background, no underline, the text's own colour.
  const style = await active.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      boxShadow: computed.boxShadow,
      textDecoration: computed.textDecorationLine,
      background: computed.backgroundColor,
      color: computed.color,
      bodyColor: getComputedStyle(document.body).color,
    };
  });
  expect(style).toMatchObject({ boxShadow: 'none', textDecoration: 'none' });
  expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(style.color).toBe(style.bodyColor);

  // A key term chip: its first occurrence in the original, in the middle of the screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  const keyword = summary.keywords[0];
  if (!keyword) throw new Error('no key terms');
  await card
    .getByRole('group', { name: 'Key terms' })
    .getByRole('button', { name: keyword, exact: true })
    .click();
  const hit = original.locator('[data-keyword="true"]').first();
  await expect(hit).toHaveText(new RegExp(`^${keyword}$`, 'i'));
  const hitMiddle = await settle(hit);
  expect(hitMiddle).toBeGreaterThan(0.3);
  expect(hitMiddle).toBeLessThan(0.7);
});
