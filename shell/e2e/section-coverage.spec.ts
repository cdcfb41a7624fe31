import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/portal.fixture';
import { buildStyledDocx } from './support/docx-file';
import { SECTIONED_REPORT } from './support/sectioned-report';
import { apiResponse, registerThroughApi, startSignedIn } from './support/summaries-api';
import { CREATION_TIMEOUT, generateFromText, originalBox, resultCard } from './support/workbench';

/*
 * What the summary left out (issue 28) against the production build: a summary of a report
 * under headings says how many of its sections it covers and which it leaves out; choosing an
 * uncovered one regenerates the summary with `Include: <title>`, and the new version covers it.
 */

const SECTIONS = 6;

test('a sectioned report: `Covers n of m sections`, and an uncovered one covered after regenerating', async ({
  page,
  request,
}) => {
  await startSignedIn(page, await registerThroughApi(request, 'sections'));
  await page.goto('/summarize');
  const summary = await generateFromText(page, SECTIONED_REPORT, 'medium', 'paragraph');
  expect(summary.sections.map((section) => section.title)).toEqual([
    'Harbour condition survey 2026',
    'Background',
    'Methods',
    'Results',
    'Limitations',
    'Funding',
  ]);
  const card = resultCard(page);
  const count = card.getByText(new RegExp(`^Covers (\\d) of ${SECTIONS} sections$`, 'u'));
  await expect(count).toBeVisible();
  const covered = Number(/Covers (\d)/u.exec((await count.textContent()) ?? '')?.[1]);
  expect(covered).toBeLessThan(SECTIONS);
  const missing = card.locator('.ru-coverage__missing');
  await expect(missing).toHaveText(/^Not covered: /u);
  await expect(missing).toContainText('Methods');

  // Beside each heading in the original: whether the summary draws on it.
  const original = originalBox(card);
  await expect(original.locator('.ru-section-mark')).toHaveCount(SECTIONS);
  const methodsMark = original.locator('.ru-section-mark').nth(2);
  await expect(methodsMark).toHaveText('Not covered:');
  // The note, its buttons and the marks meet axe's rules (contrast, names) on the result card.
  const axe = await new AxeBuilder({ page }).include('.ru-result').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  const regenerated = apiResponse(page, 'POST', `/api/summaries/${summary.id}/regenerate`);
  await missing.getByRole('button', { name: 'Methods' }).click();
  const response = await regenerated;
  expect(response.status()).toBe(200);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
    customPrompt: 'Include: Methods',
  });
  await expect(card.getByText(`Covers ${covered + 1} of ${SECTIONS} sections`)).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });
  await expect(methodsMark).toHaveText('Covered:');
  await expect(missing).not.toContainText('Methods');
  await expect(
    card.locator('.ru-sentence', { hasText: 'Inspectors walked every quay twice' }),
  ).toBeVisible();
});

test('an uploaded .docx: its Word headings are the sections the card counts', async ({
  page,
  request,
}) => {
  await startSignedIn(page, await registerThroughApi(request, 'sections-docx'));
  await page.goto('/summarize');
  // The report's Markdown headings as Word heading styles, its paragraphs as body text.
  const paragraphs = SECTIONED_REPORT.split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) =>
      block.startsWith('## ')
        ? { text: block.slice(3), style: 'Heading1' }
        : block.startsWith('# ')
          ? { text: block.slice(2), style: 'Title' }
          : { text: block },
    );
  await page.getByRole('tab', { name: 'Upload File' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Upload File' });
  await panel.getByLabel('Choose a file to summarize').setInputFiles({
    name: 'harbour-survey.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: buildStyledDocx(paragraphs),
  });
  await panel.getByRole('button', { name: 'Upload & Summarize' }).click();
  const card = resultCard(page);
  await expect(card.getByRole('heading', { name: 'Your summary' })).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });
  await expect(
    card.getByText(new RegExp(`^Covers \\d of ${SECTIONS} sections$`, 'u')),
  ).toBeVisible();
  const original = originalBox(card);
  await expect(original.locator('.ru-section-mark')).toHaveCount(SECTIONS);
  // The mark stands before the heading's own text: no Markdown here, Word's styles made them.
  await expect(original).toContainText(/(?:Covered|Not covered): Methods/u);
});
