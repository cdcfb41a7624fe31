import { expect, pageHeading, test } from './support/portal.fixture';
import { ARTICLE } from './support/sample-texts';
import { replayStreamSlowly, resultCard, streamCard, textTab } from './support/streaming';
import {
  apiResponse,
  creditsOnServer,
  newestSummaryOnServer,
  registerThroughApi,
  startSignedIn,
  summaryCountOnServer,
} from './support/summaries-api';

const STREAM_PATH = '/api/summaries/stream';
const NOT_CONFIGURED =
  "AI summaries are not available here, so Brevity made a quick summary from the document's key sentences.";

test.describe('/summarize, the text summary as it is written', () => {
  test('the summary arrives through the stream route sentence by sentence, then the result card says why it is a Quick Summary and the credit is spent', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, 'stream');
    await startSignedIn(page, session);
    await replayStreamSlowly(page, 600);
    await page.goto('/summarize');
    await expect(pageHeading(page)).toHaveText('Create Summary');

    const { field, submit } = textTab(page);
    await field.fill(ARTICLE);
    const streamed = apiResponse(page, 'POST', STREAM_PATH);
    await submit.click();
    const response = await streamed;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/event-stream');

    // Part of the summary is on screen while the rest is still to come: Stop, no result yet.
    const card = streamCard(page);
    const text = card.getByTestId('streamed-summary');
    await expect(text).not.toBeEmpty();
    const first = (await text.textContent()) ?? '';
    await expect(card.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(resultCard(page)).toHaveCount(0);
    // The next sentence is appended to the first.
    await expect
      .poll(async () => (await text.textContent())?.length ?? 0)
      .toBeGreaterThan(first.length);
    expect((await text.textContent())?.startsWith(first)).toBe(true);

    const result = resultCard(page);
    await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(card).toHaveCount(0);
    const summary = await newestSummaryOnServer(request, session);
    await expect(result.getByText(summary.summarizedContent, { exact: true })).toBeVisible();
    expect(summary.isFallback).toBe(true);
    // No Gemini key in this server: the badge's tooltip and the card say so in words.
    const badge = result.getByText('Quick Summary', { exact: true });
    await expect(badge).toHaveAttribute('title', NOT_CONFIGURED);
    await expect(result.getByText(NOT_CONFIGURED, { exact: true })).toBeVisible();
    await expect(page.getByText('4 credits available', { exact: true })).toBeVisible();
    expect(await creditsOnServer(request, session)).toBe(4);
  });

  test('Stop cancels the summary being made: nothing charged, nothing stored, the text kept, and it can be generated again', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, 'stream-stop');
    await startSignedIn(page, session);
    // The stream request is held in the browser until released, so Stop comes first.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldRequests = 0;
    await page.route(`**${STREAM_PATH}`, async (route) => {
      heldRequests += 1;
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/summarize');

    const { field, submit } = textTab(page);
    await field.fill(ARTICLE);
    await submit.click();
    const card = streamCard(page);
    await expect(card.getByRole('status', { name: 'Generating your summary…' })).toBeVisible();
    expect(heldRequests).toBe(1);
    await card.getByRole('button', { name: 'Stop' }).click();

    await expect(card).toHaveCount(0);
    await expect(resultCard(page)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(field).toHaveValue(ARTICLE);
    // Issue 26: the card that replaces the stream says nothing was charged, and takes focus.
    await expect(
      page.getByRole('heading', { name: 'Stopped. Nothing was charged.' }),
    ).toBeFocused();
    await expect(submit).toBeEnabled();
    release();
    await page.unroute(`**${STREAM_PATH}`);
    expect(await creditsOnServer(request, session)).toBe(5);
    expect(await summaryCountOnServer(request, session)).toBe(0);
    await expect(page.getByText('5 credits available', { exact: true })).toBeVisible();

    // The kept text is summarized on the next try, for 1 credit.
    await submit.click();
    await expect(resultCard(page).getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: 20_000,
    });
    expect(await creditsOnServer(request, session)).toBe(4);
    expect(await summaryCountOnServer(request, session)).toBe(1);
  });
});
