import { GERMAN_ARTICLE, PERSIAN_TEXT } from '../../api/src/test/language-texts';
import { expect, pageHeading, test } from './support/portal.fixture';
import { resultCard, textTab } from './support/streaming';
import { newestSummaryOnServer, registerThroughApi, startSignedIn } from './support/summaries-api';

/*
 * Issue 30 with the suite's own server (no Gemini key: the local summarizer writes): a summary
 * asked in another language stays in the document's and says so; a Persian text reads right to
 * left, in the summary and in the source beside it.
 */

const UNTRANSLATED = "Written in German, the document's language: translating needs the AI service";

test.describe('/summarize in other languages, without the AI service', () => {
  test('a German article asked in English: the summary stays German and the card says why', async ({
    page,
    request,
  }, testInfo) => {
    // A summary, its lazily loaded card, then a reload: slow on a busy machine.
    test.slow();
    const session = await registerThroughApi(request, 'language-local');
    await startSignedIn(page, session);
    await page.goto('/summarize');
    await expect(pageHeading(page)).toHaveText('Create Summary');

    const language = page.getByLabel('Summary language');
    await expect(language).toHaveValue('auto');
    await expect(language.locator('option').first()).toHaveText('Same as the document');
    await expect(language.locator('option', { hasText: 'Deutsch' })).toHaveCount(1);
    await expect(language.locator('option', { hasText: 'فارسی' })).toHaveCount(1);
    await language.selectOption({ label: 'English' });

    const { field, submit } = textTab(page);
    await field.fill(GERMAN_ARTICLE);
    await submit.click();

    const result = resultCard(page);
    await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(result.getByText('German', { exact: true })).toBeVisible();
    await expect(result.getByText(UNTRANSLATED, { exact: true })).toBeVisible();
    const summary = await newestSummaryOnServer(request, session);
    expect(summary).toMatchObject({
      sourceLanguage: 'de',
      language: 'de',
      requestedLanguage: 'en',
    });
    expect(await result.locator('.ru-sentences').getAttribute('lang')).toBe('de');
    await page.screenshot({
      path: testInfo.outputPath('german-local-desktop.png'),
      fullPage: true,
    });

    // The choice is remembered for the next summary.
    await page.reload();
    await expect(page.getByLabel('Summary language')).toHaveValue('en');
  });

  test('a Persian text reads right to left in the summary and its source', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const session = await registerThroughApi(request, 'language-rtl');
    await startSignedIn(page, session);
    await page.goto('/summarize');
    const { field, submit } = textTab(page);
    await field.fill(PERSIAN_TEXT);
    await submit.click();

    const result = resultCard(page);
    await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(result.getByText('Persian', { exact: true })).toBeVisible();
    const sentences = result.locator('.ru-sentences');
    await expect(sentences).toHaveAttribute('dir', 'rtl');
    expect(await sentences.getAttribute('lang')).toBe('fa');
    expect(await sentences.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    const original = result.getByRole('region', { name: 'Original content' });
    await expect(original).toHaveAttribute('dir', 'rtl');
    expect(await original.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // The page around them stays left to right: headings, buttons, the card's words.
    expect(
      await result
        .getByRole('heading', { name: 'Your summary' })
        .evaluate((element) => getComputedStyle(element).direction),
    ).toBe('ltr');
    // Right to left: the text ends at the box's left edge, not its right.
    const box = await sentences.boundingBox();
    const first = await sentences.locator('.ru-sentence').first().boundingBox();
    expect(box && first && box.x + box.width - (first.x + first.width)).toBeLessThan(24);
    await page.screenshot({ path: testInfo.outputPath('persian-390.png'), fullPage: true });
  });
});
