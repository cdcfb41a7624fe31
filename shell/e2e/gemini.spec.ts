import { geminiAnswer, geminiRateLimited, startFakeGemini } from '../../api/src/test/fake-gemini';
import type { FakeGemini, GeminiItem } from '../../api/src/test/fake-gemini';
import { GEMINI_API_METRICS_TOKEN, startGeminiApiServer } from './support/gemini-api-server';
import type { GeminiApiServer } from './support/gemini-api-server';
import { expect, pageHeading, test } from './support/portal.fixture';
import { ARTICLE } from './support/sample-texts';
import { resultCard, streamCard, textTab } from './support/streaming';
import {
  creditsOnServer,
  newestSummaryOnServer,
  registerThroughApi,
  startSignedIn,
  summaryCountOnServer,
} from './support/summaries-api';

/*
 * Issue 16: Gemini as readers meet it, in a real browser. This spec starts its own fake Gemini
 * (api/src/test/fake-gemini.ts) and its own API server (the production build, GEMINI_API_KEY
 * set, GEMINI_BASE_URL at the fake) on the two ports after E2E_PORT, and stops both.
 */

const e2ePort = Number(process.env.E2E_PORT ?? 4173);
const API_PORT = e2ePort + 1;
const GEMINI_PORT = e2ePort + 2;
const MODEL_VERSION = 'gemini-2.5-flash-e2e';

const ITEMS: GeminiItem[] = [
  { text: 'Lighthouses guided sailors into harbours at night for centuries.', sources: [1] },
  {
    text: 'In 1822 Augustin Fresnel designed a lens that made a narrow, powerful beam.',
    sources: [6, 7],
  },
  {
    text: 'Automation ended the work of the keepers, and many lighthouses are now museums.',
    sources: [11, 12],
  },
];
const BUSY =
  "The AI service is busy, so Brevity made a quick summary from the document's key sentences.";

test.use({ baseURL: `http://127.0.0.1:${API_PORT}` });
// One fake and one server for the whole file: its tests run one after the other, in one worker.
test.describe.configure({ mode: 'serial' });

let gemini: FakeGemini;
let api: GeminiApiServer;

test.beforeAll(async () => {
  // Migrations and the demo accounts (hashed passwords) take a while on a busy machine.
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

test.describe('/summarize with Gemini (a fake of its REST API)', () => {
  test("Gemini's summary appears as it is written, then the result card names the model that answered", async ({
    page,
    request,
  }) => {
    // About 15 events 200 ms apart: a sentence every 0.8 s or so, the whole in about 3 s.
    gemini.answer(geminiAnswer(ITEMS, { modelVersion: MODEL_VERSION, pieceSize: 20, gapMs: 200 }));
    const session = await registerThroughApi(request, 'gemini-stream');
    await startSignedIn(page, session);
    await page.goto('/summarize');
    await expect(pageHeading(page)).toHaveText('Create Summary');

    const { field, submit } = textTab(page);
    await field.fill(ARTICLE);
    await submit.click();

    // The first sentence is on screen while Gemini is still writing: Stop, and no result yet.
    const card = streamCard(page);
    const text = card.getByTestId('streamed-summary');
    await expect(text).toContainText(ITEMS[0]?.text ?? '-');
    await expect(text).not.toContainText(ITEMS[2]?.text ?? '-');
    await expect(card.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(resultCard(page)).toHaveCount(0);
    expect(await creditsOnServer(request, session)).toBe(5);
    // More is appended to what was shown.
    await expect(text).toContainText(ITEMS[1]?.text ?? '-');

    const result = resultCard(page);
    await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(card).toHaveCount(0);
    for (const item of ITEMS) await expect(result).toContainText(item.text);
    await expect(result.getByText('AI Generated', { exact: true })).toBeVisible();
    const summary = await newestSummaryOnServer(request, session);
    expect(summary).toMatchObject({ isFallback: false, aiModel: MODEL_VERSION });
    expect(gemini.requests.map((seen) => seen.streamed)).toEqual([true]);
    await expect(page.getByText('4 credits available', { exact: true })).toBeVisible();
    expect(await creditsOnServer(request, session)).toBe(4);
  });

  test('Stop while Gemini writes: the request to Gemini is cancelled and nothing is charged', async ({
    page,
    request,
  }) => {
    // The first event carries the whole first sentence; then Gemini goes quiet.
    const json = JSON.stringify({ items: ITEMS });
    const firstItemEnd = json.indexOf('},') + 2;
    let abandoned = 0;
    gemini.answer(
      geminiAnswer(ITEMS, {
        modelVersion: MODEL_VERSION,
        pieceSize: firstItemEnd,
        holdAfter: 0,
        onAbandoned: () => {
          abandoned += 1;
        },
      }),
    );
    const session = await registerThroughApi(request, 'gemini-stop');
    await startSignedIn(page, session);
    await page.goto('/summarize');
    const { field, submit } = textTab(page);
    await field.fill(ARTICLE);
    await submit.click();

    const card = streamCard(page);
    await expect(card.getByTestId('streamed-summary')).toContainText(ITEMS[0]?.text ?? '-');
    await card.getByRole('button', { name: 'Stop' }).click();

    await expect(card).toHaveCount(0);
    await expect(resultCard(page)).toHaveCount(0);
    await expect(field).toHaveValue(ARTICLE);
    await expect(submit).toBeEnabled();
    // The API let go of Gemini's stream once the browser left.
    await expect.poll(() => abandoned, { timeout: 10_000 }).toBe(1);
    expect(await creditsOnServer(request, session)).toBe(5);
    expect(await summaryCountOnServer(request, session)).toBe(0);
    await expect(page.getByText('5 credits available', { exact: true })).toBeVisible();
  });

  test('Gemini rate-limited: the Quick Summary says why, in words, and /api/ready says degraded', async ({
    page,
    request,
  }) => {
    // A 429 asking for a minute: longer than a live request waits, so the local summarizer answers.
    gemini.answer(geminiRateLimited('60s'));
    const session = await registerThroughApi(request, 'gemini-429');
    await startSignedIn(page, session);
    await page.goto('/summarize');
    const { field, submit } = textTab(page);
    await field.fill(ARTICLE);
    await submit.click();

    const result = resultCard(page);
    await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(result.getByText('Quick Summary', { exact: true })).toHaveAttribute('title', BUSY);
    await expect(result.getByText(BUSY, { exact: true })).toBeVisible();
    const summary = await newestSummaryOnServer(request, session);
    expect(summary).toMatchObject({ isFallback: true, fallbackReason: 'rate_limited' });
    await expect(result).toContainText(summary.summarizedContent);
    expect(gemini.requests).toHaveLength(1);
    expect(await creditsOnServer(request, session)).toBe(4);

    const ready = await request.get('/api/ready', {
      headers: { Authorization: `Bearer ${GEMINI_API_METRICS_TOKEN}` },
    });
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({
      data: { status: 'degraded', summarizer: { reason: 'rate_limited' } },
    });
  });
});
