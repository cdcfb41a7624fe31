import { geminiAnswer, startFakeGemini } from '../../api/src/test/fake-gemini';
import type { FakeGemini } from '../../api/src/test/fake-gemini';
import { GERMAN_ARTICLE } from '../../api/src/test/language-texts';
import { startGeminiApiServer } from './support/gemini-api-server';
import type { GeminiApiServer } from './support/gemini-api-server';
import { expect, test } from './support/portal.fixture';
import { resultCard, textTab } from './support/streaming';
import { newestSummaryOnServer, registerThroughApi, startSignedIn } from './support/summaries-api';

/*
 * Issue 30 with Gemini (a fake of its REST API): a German article summarized in English shows
 * `German → English`, and a sentence whose source shares nothing checkable with it says
 * `Sources not checked across languages`. Its own fake and API server (the production build)
 * on E2E_PORT + 6 and + 7, stopped at the end.
 */

const e2ePort = Number(process.env.E2E_PORT ?? 4173);
const API_PORT = e2ePort + 6;
const GEMINI_PORT = e2ePort + 7;

test.use({ baseURL: `http://127.0.0.1:${API_PORT}` });
test.describe.configure({ mode: 'serial' });

let gemini: FakeGemini;
let api: GeminiApiServer;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  gemini = await startFakeGemini([], GEMINI_PORT);
  api = await startGeminiApiServer({
    port: API_PORT,
    geminiBaseUrl: gemini.baseUrl,
    timeoutMs: 180_000,
  });
});

test.afterAll(async () => {
  await api?.stop();
  await gemini?.close();
});

test('a German article summarized as English: German → English, unchecked sources said', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  gemini.answer(
    geminiAnswer([
      { text: 'Freiburg presented a new public transport plan on Monday.', sources: [1] },
      { text: 'Critics on the council say cycling gets too little attention.', sources: [5] },
    ]),
  );
  const session = await registerThroughApi(request, 'language-gemini');
  await startSignedIn(page, session);
  await page.goto('/summarize');
  await page.getByLabel('Summary language').selectOption({ label: 'English' });
  const { field, submit } = textTab(page);
  await field.fill(GERMAN_ARTICLE);
  await submit.click();

  const result = resultCard(page);
  await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(result.getByText('German → English', { exact: true })).toBeVisible();
  await expect(result).toContainText('Freiburg presented a new public transport plan on Monday.');
  await expect(
    result.getByText('Sources not checked across languages', { exact: true }),
  ).toHaveCount(1);
  const summary = await newestSummaryOnServer(request, session);
  expect(summary).toMatchObject({ isFallback: false, sourceLanguage: 'de', language: 'en' });
  const rules = JSON.stringify(gemini.requests[0]?.body);
  expect(rules).toContain('Write the summary in English');
  await page.screenshot({
    path: testInfo.outputPath('german-english-desktop.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('german-english-390.png'), fullPage: true });
});
