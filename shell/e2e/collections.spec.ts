import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/portal.fixture';
import {
  apiResponse,
  createSummaryThroughApi,
  creditsOnServer,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';
import { choice } from './support/workbench';

/*
 * Issue 29's journeys on /history: select three cards, combine them with `Bullet points` (1
 * credit), open the result and see each document's sentences cited; compare two documents side
 * by side at 1,280 px and stacked at 390 px; and at 1,280 px by the keyboard alone, the shared
 * and the distinct key terms of the two told apart.
 */

const RIVER = [
  'The river authority published its annual report on Monday morning.',
  'Water levels in the northern reservoirs rose by twelve percent after a wet spring.',
  'Engineers plan to repair the old weir before the autumn floods arrive.',
  'Farmers downstream welcomed the report but asked the council for earlier flood warnings.',
  'The authority will hire six more hydrologists next year.',
].join(' ');
const SCHOOL = [
  'The school board approved a new science curriculum for all secondary schools.',
  'Pupils will spend two more hours a week in laboratories from September.',
  'Teachers will receive training in the summer holidays before the change.',
  'Parents asked the council whether the longer lab hours would shorten the art lessons.',
  'The board promised a review of the timetable in its annual report after one year.',
].join(' ');
const TRAINS = [
  'The regional railway will run night trains between the three largest cities from spring.',
  'Tickets for the sleeper cars go on sale next month at fixed prices.',
  'The operator bought twelve refurbished carriages from a company abroad.',
  'Unions asked the council for more staff on the overnight services for safety.',
  'The first train leaves the capital at eleven in the evening.',
].join(' ');

/** The card title of a pasted text: its first eight words and an ellipsis. */
function titleOf(text: string): string {
  return `${text.split(' ').slice(0, 8).join(' ')}…`;
}

/** axe's violations on the page once its animations (a dialog's fade-in) have ended. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

function checkbox(page: Page, text: string): Locator {
  return page.getByRole('checkbox', { name: `Select “${titleOf(text)}”` });
}

function bar(page: Page): Locator {
  return page.getByRole('group', { name: 'Selected summaries' });
}

test('select three cards, combine them as bullet points, and see every document cited', async ({
  page,
  request,
}, testInfo) => {
  // Three summaries made first, then a fourth: a journey of several summarizer calls.
  test.setTimeout(60_000);
  const session = await registerThroughApi(request, 'combine');
  for (const text of [RIVER, SCHOOL, TRAINS]) await createSummaryThroughApi(request, session, text);
  expect(await creditsOnServer(request, session)).toBe(2);
  await startSignedIn(page, session);
  await page.goto('/history');

  for (const text of [RIVER, SCHOOL, TRAINS]) await checkbox(page, text).check();
  await expect(bar(page)).toContainText('3 selected.');
  await bar(page).getByRole('button', { name: 'Combine (3)' }).click();

  const dialog = page.getByRole('dialog', { name: 'Combine 3 summaries' });
  await expect(dialog).toContainText('It costs 1 credit.');
  await expect(dialog.getByLabel('Prompt (optional)')).toHaveAttribute(
    'placeholder',
    'Compare the methods',
  );
  expect(await axeViolations(page), 'axe with the Combine dialog open').toEqual([]);
  await choice(dialog, 'Format', 'Bullet points').check();
  await expect(choice(dialog, 'Format', 'Bullet points')).toBeChecked();
  const combined = apiResponse(page, 'POST', '/api/summaries/combine');
  await dialog.getByRole('button', { name: 'Combine (3)' }).click();
  expect((await combined).status()).toBe(201);
  await expect(dialog).toBeHidden();

  // 1 credit: the navbar's balance follows at once.
  await expect(page.getByRole('link', { name: /1 credit/ }).first()).toBeVisible();
  expect(await creditsOnServer(request, session)).toBe(1);

  // The result, opened above the list: each document under its title, every one cited.
  const opened = page.getByRole('region', { name: 'The summary you opened' });
  await expect(opened.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(opened).toContainText('3 documents combined:');
  const original = opened.getByRole('region', { name: 'Original content' });
  await expect(original.getByRole('heading')).toHaveText([
    `[1] ${titleOf(RIVER)}`,
    `[2] ${titleOf(SCHOOL)}`,
    `[3] ${titleOf(TRAINS)}`,
  ]);
  const sentences = opened.getByRole('listitem').getByRole('button');
  await expect(sentences.first()).toBeVisible();
  const labels = await opened
    .locator('.ru-sentence__documents [aria-hidden="true"]')
    .allInnerTexts();
  const cited = new Set(labels.flatMap((label) => label.replace(/[[\]]/gu, '').split(', ')));
  expect([...cited].sort()).toEqual(['1', '2', '3']);

  // Choosing a sentence of document 2 highlights its source under document 2's title.
  const second = sentences.filter({ hasText: '(from document 2)' }).first();
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  const active = original.locator('mark[aria-current="true"]').first();
  await expect(active).toBeVisible();
  expect(SCHOOL).toContain((await active.innerText()).trim());

  expect(await axeViolations(page), 'axe on the combined summary').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await opened.screenshot({ path: testInfo.outputPath('combined-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await opened.screenshot({ path: testInfo.outputPath('combined-390.png') });
});

for (const { width, height, sideBySide } of [
  { width: 1280, height: 900, sideBySide: true },
  { width: 390, height: 844, sideBySide: false },
]) {
  test(`compare two documents at ${width} px`, async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    const session = await registerThroughApi(request, `compare-${width}`);
    await createSummaryThroughApi(request, session, RIVER);
    await createSummaryThroughApi(request, session, SCHOOL);
    await startSignedIn(page, session);
    await page.goto('/history');

    await checkbox(page, RIVER).check();
    await checkbox(page, SCHOOL).check();
    const compared = apiResponse(page, 'POST', '/api/summaries/compare');
    await bar(page).getByRole('button', { name: 'Compare' }).click();
    expect((await compared).status()).toBe(200);

    const panel = page.getByRole('region', { name: 'Compare 2 documents' });
    const river = panel.getByRole('region', { name: `[1] ${titleOf(RIVER)}` });
    const school = panel.getByRole('region', { name: `[2] ${titleOf(SCHOOL)}` });
    await expect(river).toBeVisible();
    await expect(school).toBeVisible();

    // The same question for both: each one's top sentences answer it.
    await panel.getByLabel('Question or prompt (optional)').fill('What did they ask the council?');
    await panel.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(panel).toContainText(
      'Top sentences of each document for “What did they ask the council?”.',
    );
    await expect(
      river.getByRole('list', { name: 'Top sentences' }).getByText(/earlier flood warnings/),
    ).toBeVisible();
    await expect(
      school.getByRole('list', { name: 'Top sentences' }).getByText(/shorten the art lessons/),
    ).toBeVisible();

    // A key term both documents mention is marked in the column that lists it.
    await expect(
      river.getByRole('list', { name: 'Key terms' }).getByText('annual report (in every document)'),
    ).toBeVisible();
    await expect(panel).toContainText('marks a key term every document mentions.');

    // Side by side from 768 px, stacked below.
    const [first, second] = [await river.boundingBox(), await school.boundingBox()];
    if (!first || !second) throw new Error('the columns are not laid out');
    if (sideBySide) {
      expect(Math.abs(first.y - second.y)).toBeLessThan(2);
      expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    } else {
      expect(second.y).toBeGreaterThan(first.y + first.height - 1);
      expect(Math.abs(first.x - second.x)).toBeLessThan(2);
    }
    expect(await axeViolations(page), `axe on Compare at ${width} px`).toEqual([]);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await panel.screenshot({ path: testInfo.outputPath(`compare-${width}.png`) });
    // Free: both summaries were paid for, nothing more.
    expect(await creditsOnServer(request, session)).toBe(3);
  });
}

/** Presses Tab (Shift+Tab with `backwards`) until `target` has the focus; fails past `limit`. */
async function tabTo(page: Page, target: Locator, backwards = false, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(
    target,
    `reached by ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`,
  ).toBeFocused();
}

/** The key terms a column lists, each with whether it is marked as in every document. */
async function keyTermsOf(column: Locator): Promise<{ term: string; shared: boolean }[]> {
  const items = await column
    .getByRole('list', { name: 'Key terms' })
    .getByRole('listitem')
    .allInnerTexts();
  return items.map((item) => {
    const text = item.replace(/\s+/gu, ' ').trim();
    const shared = text.endsWith('(in every document)');
    return { term: shared ? text.replace(/\s*\(in every document\)$/u, '') : text, shared };
  });
}

test('compare two documents from history with the keyboard alone, at 1,280 px: both laid out readably, shared and distinct points apart', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = await registerThroughApi(request, 'compare-keys');
  await createSummaryThroughApi(request, session, RIVER);
  await createSummaryThroughApi(request, session, SCHOOL);
  await startSignedIn(page, session);
  await page.goto('/history');
  await expect(checkbox(page, SCHOOL)).toBeVisible();

  // Tab to each card's checkbox and tick it with Space; then to Compare, pressed with Enter.
  for (const text of [SCHOOL, RIVER]) {
    await tabTo(page, checkbox(page, text));
    await page.keyboard.press('Space');
    await expect(checkbox(page, text)).toBeChecked();
  }
  await expect(bar(page)).toContainText('2 selected.');
  const compareButton = bar(page).getByRole('button', { name: 'Compare' });
  await tabTo(page, compareButton, true);
  const compared = apiResponse(page, 'POST', '/api/summaries/compare');
  await page.keyboard.press('Enter');
  expect((await compared).status()).toBe(200);

  const panel = page.getByRole('region', { name: 'Compare 2 documents' });
  await expect(panel).toBeVisible();
  // It opens above the bar: the focus goes to its heading, and the keyboard goes on from there.
  await expect(panel.getByRole('heading', { name: 'Compare 2 documents' })).toBeFocused();
  // The question field, then Compare, by the keyboard: the same question for both documents.
  const field = panel.getByLabel('Question or prompt (optional)');
  await tabTo(page, field, false, 3);
  await page.keyboard.type('What did they ask the council?');
  const asked = apiResponse(page, 'POST', '/api/summaries/compare');
  await page.keyboard.press('Enter');
  expect(JSON.parse((await asked).request().postData() ?? '{}')).toMatchObject({
    q: 'What did they ask the council?',
  });
  await expect(panel).toContainText(
    'Top sentences of each document for “What did they ask the council?”.',
  );

  // Both documents, in the order chosen on the cards (newest first), each under its title.
  const school = panel.getByRole('region', { name: `[1] ${titleOf(SCHOOL)}` });
  const river = panel.getByRole('region', { name: `[2] ${titleOf(RIVER)}` });
  await expect(school).toBeVisible();
  await expect(river).toBeVisible();
  await expect(
    school.getByRole('list', { name: 'Top sentences' }).getByRole('listitem').first(),
  ).toContainText('shorten the art lessons');
  await expect(
    river.getByRole('list', { name: 'Top sentences' }).getByRole('listitem').first(),
  ).toContainText('earlier flood warnings');

  // Where they agree: the terms both mention, marked in both columns alike. Where they differ:
  // each column's other terms, which the other column does not list.
  const schoolTerms = await keyTermsOf(school);
  const riverTerms = await keyTermsOf(river);
  const sharedOf = (terms: { term: string; shared: boolean }[]) =>
    terms
      .filter((entry) => entry.shared)
      .map((entry) => entry.term)
      .sort();
  expect(sharedOf(schoolTerms)).toContain('annual report');
  expect(sharedOf(riverTerms)).toEqual(sharedOf(schoolTerms));
  const ownOf = (terms: { term: string; shared: boolean }[]) =>
    terms.filter((entry) => !entry.shared).map((entry) => entry.term);
  expect(ownOf(schoolTerms).length).toBeGreaterThan(0);
  expect(ownOf(riverTerms).length).toBeGreaterThan(0);
  for (const term of ownOf(riverTerms)) expect(ownOf(schoolTerms)).not.toContain(term);
  await expect(panel).toContainText('marks a key term every document mentions.');

  // Laid out readably: the two columns side by side across the panel, each a readable width,
  // the question above them, and nothing wider than the screen.
  await panel.screenshot({ path: testInfo.outputPath('compare-keyboard-1280.png') });
  // (Tabbing to the checkboxes passed the cards' Versions buttons, which load the Versions
  // dialog's code and style sheet: its side-by-side must not lay out this panel.)
  const [panelBox, formBox, first, second] = await Promise.all([
    panel.boundingBox(),
    panel.locator('form').boundingBox(),
    school.boundingBox(),
    river.boundingBox(),
  ]);
  if (!panelBox || !formBox || !first || !second) throw new Error('the panel is not laid out');
  expect(Math.abs(first.y - second.y)).toBeLessThan(2);
  expect(second.x).toBeGreaterThan(first.x + first.width - 1);
  for (const column of [first, second]) expect(column.width).toBeGreaterThan(panelBox.width * 0.4);
  expect(first.y).toBeGreaterThan(formBox.y + formBox.height - 1);
  expect(formBox.width).toBeGreaterThan(panelBox.width * 0.8);
  const scroll = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);

  // Close, by the keyboard too.
  await tabTo(page, panel.getByRole('button', { name: 'Close the comparison' }), true);
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
});
