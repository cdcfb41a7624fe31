import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/portal.fixture';
import { buildStyledDocx } from './support/docx-file';
import { buildTextPdf, wrapLines } from './support/pdf-file';
import type { TextPdfPage } from './support/pdf-file';
import { SECTIONED_REPORT } from './support/sectioned-report';
import {
  apiResponse,
  newestSummaryOnServer,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';
import { CREATION_TIMEOUT, generateFromText, originalBox, resultCard } from './support/workbench';

/*
 * What the summary left out (issue 28) against the production build: a summary of a report
 * under headings says how many of its sections it covers and which it leaves out; choosing an
 * uncovered one regenerates the summary with `Include: <title>`, and the new version covers it.
 * The same report pasted, as a .docx with Word headings, and as a PDF whose headings are set
 * larger (where every cited sentence also names its page, `p. N`).
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

/**
 * The report as a PDF of three pages, its headings set in 16 pt alone on their lines over an
 * 11 pt body: the title and Background on page 1, Methods and Results on page 2, Limitations and
 * Funding on page 3. Returns the file and, for each page, the paragraphs printed on it.
 */
function sectionedReportPdf(): { pdf: Buffer; pageTexts: string[][] } {
  const blocks = SECTIONED_REPORT.split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block !== '');
  // Each section starts at a heading; its body follows.
  const sections: string[][] = [];
  for (const block of blocks) {
    if (block.startsWith('#')) sections.push([block]);
    else sections.at(-1)?.push(block);
  }
  const pagesOfSections = [sections.slice(0, 2), sections.slice(2, 4), sections.slice(4)];
  const pages: TextPdfPage[] = pagesOfSections.map((onPage) => ({
    paragraphs: onPage
      .flat()
      .map((block) =>
        block.startsWith('#') ? { heading: block.replace(/^#+ /u, '') } : wrapLines(block),
      ),
  }));
  return {
    pdf: buildTextPdf(pages),
    pageTexts: pagesOfSections.map((onPage) =>
      onPage.flat().filter((block) => !block.startsWith('#')),
    ),
  };
}

test('a sectioned PDF: the source view marks its sections, the card counts them, an uncovered one is included, and cited sentences name their page', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { pdf, pageTexts } = sectionedReportPdf();
  /** The page (1-based) whose paragraphs hold `sentence`. */
  const pageOf = (sentence: string) =>
    pageTexts.findIndex((paragraphs) => paragraphs.some((text) => text.includes(sentence))) + 1;

  const session = await registerThroughApi(request, 'sections-pdf');
  await startSignedIn(page, session);
  await page.goto('/summarize');
  await page.getByRole('tab', { name: 'Upload File' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Upload File' });
  await panel.getByLabel('Choose a file to summarize').setInputFiles({
    name: 'harbour-survey.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await panel.getByRole('button', { name: 'Upload & Summarize' }).click();
  const card = resultCard(page);
  await expect(card.getByRole('heading', { name: 'Your summary' })).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });

  // The larger lines are the sections, in order, each marked in the original.
  const original = originalBox(card);
  const marks = original.locator('.ru-section-mark');
  await expect(marks).toHaveCount(SECTIONS);
  for (const title of ['Harbour condition survey 2026', 'Background', 'Methods', 'Results']) {
    await expect(original).toContainText(new RegExp(`(?:Covered|Not covered): ${title}`, 'u'));
  }
  const count = card.getByText(new RegExp(`^Covers (\\d) of ${SECTIONS} sections$`, 'u'));
  await expect(count).toBeVisible();
  const covered = Number(/Covers (\d)/u.exec((await count.textContent()) ?? '')?.[1]);
  expect(covered).toBeLessThan(SECTIONS);
  expect(await marks.filter({ hasText: /^Covered/u }).count()).toBe(covered);
  const missing = card.locator('.ru-coverage__missing');
  await expect(missing).toHaveText(/^Not covered: /u);

  /** Each summary sentence's text and the page it cites, checked against where its text is. */
  const expectPagesCited = async () => {
    const sentences = card.locator('.ru-sentence');
    await expect(sentences.first()).toBeVisible();
    const cited = await sentences.evaluateAll((elements) =>
      elements.map((element) => {
        // The sentence's own words: without its page, flags and screen-reader asides.
        const words = element.cloneNode(true) as HTMLElement;
        for (const aside of words.querySelectorAll(
          '.ru-sentence__page, .ru-sentence__flag, .ru-sentence__documents, .ui-sr-only',
        ))
          aside.remove();
        return {
          text: (words.textContent ?? '').trim(),
          page: element.querySelector('.ru-sentence__page')?.textContent ?? null,
        };
      }),
    );
    expect(cited.length).toBeGreaterThan(0);
    for (const { text, page: label } of cited) {
      const where = pageOf(text.slice(0, 40));
      expect(where, `“${text}” is a sentence of the PDF`).toBeGreaterThan(0);
      expect(label, `the page “${text}” cites`).toBe(`p. ${where}`);
    }
    return cited;
  };
  const before = await expectPagesCited();

  // One click on an uncovered title regenerates with `Include: <title>`, and covers it.
  const include = missing.getByRole('button').first();
  const title = (await include.textContent()) ?? '';
  expect(title).not.toBe('');
  // The mark standing before that title in the original.
  const sectionIndex = await marks.evaluateAll(
    (elements, wanted) =>
      elements.findIndex((element) =>
        (element.nextSibling?.textContent ?? '').trimStart().startsWith(wanted),
      ),
    title,
  );
  expect(sectionIndex).toBeGreaterThanOrEqual(0);
  const mark = marks.nth(sectionIndex);
  await expect(mark).toHaveText('Not covered:');
  const { id } = await newestSummaryOnServer(request, session);
  const regenerated = apiResponse(page, 'POST', `/api/summaries/${id}/regenerate`);
  await include.click();
  const response = await regenerated;
  expect(response.status()).toBe(200);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
    customPrompt: `Include: ${title}`,
  });
  await expect(card.getByText(`Covers ${covered + 1} of ${SECTIONS} sections`)).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });
  await expect(mark).toHaveText('Covered:');
  await expect(missing).not.toContainText(title);
  const after = await expectPagesCited();
  expect(after.map((sentence) => sentence.text)).not.toEqual(
    before.map((sentence) => sentence.text),
  );
});
