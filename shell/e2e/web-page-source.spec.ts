import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, pageHeading, test } from './support/portal.fixture';
import { ARTICLE_PARAGRAPHS } from './support/sample-texts';
import {
  readingStages,
  recordReadingStages,
  replayStreamSlowly,
  resultCard,
  streamCard,
} from './support/streaming';
import {
  apiResponse,
  creditsOnServer,
  newestSummaryOnServer,
  registerThroughApi,
  startSignedIn,
  summaryCountOnServer,
} from './support/summaries-api';
import type { ApiSession } from './support/summaries-api';
import { WEB_PAGE_ORIGIN, startWebPageServer } from './support/web-page-server';
import { originalBox } from './support/workbench';
import type { WebPageServer } from './support/web-page-server';

/*
 * Issue 27: a summary from a web page's address. The test serves the page on 127.0.0.1 (the
 * e2e server's FETCH_ALLOWED_HOSTS lets the API fetch that one loopback host and port); the
 * server fetches and reads it, the stream says each stage, and the result links the page in a
 * new tab at its final address. An internal address is refused with the server's message.
 */

const TITLE = 'Lighthouses of the northern coast';
const PAGE_PATH = '/news/lighthouses';
/** An old address of the page: the server follows its redirect, and keeps the final one. */
const MOVED_PATH = '/old/lighthouses';
const FINAL_URL = `${WEB_PAGE_ORIGIN}${PAGE_PATH}`;
const CREATION_TIMEOUT = 30_000;

/** A page whose article holds a `display:none` block (issue 28, Include hidden text). */
const HIDDEN_PAGE_PATH = '/news/lock-keepers';
const HIDDEN_PAGE_TITLE = 'The lock keepers of the canal';
const HIDDEN_PAGE_PARAGRAPHS = [
  'The canal trust employs nine lock keepers along the forty miles between the two rivers, and each of them lives in a cottage beside a lock.',
  'Boat traffic on the canal rose by a fifth last summer, and the keepers now work longer shifts from April to October.',
  'The trust plans to automate three of the busiest locks by 2028, but the keepers will stay on to help boaters through them.',
];
const HIDDEN_PASSAGE =
  'The keepers’ logbooks from 1890 were found in the cellar of the old toll house last winter.';

let pageServer: WebPageServer;

// One page server on one port: the journeys share it, in one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  pageServer = await startWebPageServer(
    [
      { path: PAGE_PATH, title: TITLE, paragraphs: ARTICLE_PARAGRAPHS },
      {
        path: HIDDEN_PAGE_PATH,
        title: HIDDEN_PAGE_TITLE,
        paragraphs: HIDDEN_PAGE_PARAGRAPHS,
        extraHtml: `<div style="display:none"><p>${HIDDEN_PASSAGE}</p></div>`,
      },
    ],
    { [MOVED_PATH]: PAGE_PATH },
  );
});

test.afterAll(async () => {
  await pageServer.close();
});

/** The Web page tab's field and button, once the tab is chosen. */
async function openWebPageTab(page: Page) {
  await page.getByRole('tab', { name: 'Web page' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Web page' });
  return {
    panel,
    field: panel.getByLabel('Page address'),
    submit: panel.getByRole('button', { name: 'Summarize the page' }),
  };
}

/** GET /api/config: whether this server reads web pages at all. */
async function serverReadsWebPages(request: APIRequestContext): Promise<boolean> {
  const body = (await (await request.get('/api/config')).json()) as {
    data: { urlSources?: boolean };
  };
  return body.data.urlSources === true;
}

/** axe's default rules (WCAG 2.0–2.2 A and AA, best practices) find nothing on the screen. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(violations, `axe on ${where}`).toEqual([]);
}

async function signedInOnSummarize(page: Page, request: APIRequestContext, label: string) {
  test.skip(
    !(await serverReadsWebPages(request)),
    'GET /api/config does not say urlSources: true: this server reads no web pages yet',
  );
  const session: ApiSession = await registerThroughApi(request, label);
  await startSignedIn(page, session);
  return session;
}

test('a web page served by the test is fetched, read and summarized; its link opens the final address in a new tab', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const session = await signedInOnSummarize(page, request, 'web-page');
  // The stream's events one by one, so each stage is drawn on the screen, and noted.
  await replayStreamSlowly(page, 300);
  await recordReadingStages(page);
  await page.goto('/summarize');
  await expect(pageHeading(page)).toHaveText('Create Summary');

  const { field, submit } = await openWebPageTab(page);
  await expect(field).toHaveAttribute('type', 'url');
  // Checked before anything is sent.
  await field.fill('harbour-gazette.example/lighthouses');
  await submit.click();
  await expect(
    page.getByText('Please enter a full web address starting with http:// or https://'),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await summaryCountOnServer(request, session)).toBe(0);
  await expectNoViolations(page, 'the Web page tab with a refused address');

  await field.fill(`${WEB_PAGE_ORIGIN}${MOVED_PATH}`);
  await submit.click();
  await expect(
    streamCard(page).getByRole('progressbar', { name: 'Reading the page' }),
  ).toBeVisible();
  await expect(streamCard(page).getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect
    .poll(() => readingStages(page), { timeout: CREATION_TIMEOUT })
    .toEqual(['Fetching the page…', 'Reading the document…', 'Summarizing…']);

  const result = resultCard(page);
  await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });
  const summary = await newestSummaryOnServer(request, session);
  expect(summary).toMatchObject({ source: 'url', sourceUrl: FINAL_URL, sourceTitle: TITLE });
  expect(summary.originalContent).toContain(ARTICLE_PARAGRAPHS[0]);
  expect(await creditsOnServer(request, session)).toBe(4);

  const link = result.getByRole('link', { name: `${TITLE} (opens in a new tab)` });
  await expect(link).toHaveAttribute('href', FINAL_URL);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(result.getByText(FINAL_URL, { exact: true })).toBeVisible();
  await expectNoViolations(page, 'the result card of a web page');

  const opened = context.waitForEvent('page');
  await link.click();
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(FINAL_URL);
  await expect(tab).toHaveTitle(TITLE);
  // noopener: the page cannot reach back into Brevity's tab.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();

  // The history card links it too.
  await page.goto('/history');
  const card = page.getByRole('article', { name: TITLE });
  await expect(card.getByRole('link', { name: `${TITLE} (opens in a new tab)` })).toHaveAttribute(
    'href',
    FINAL_URL,
  );
});

test('an internal address is refused with the server’s message, and costs nothing', async ({
  page,
  request,
}) => {
  const session = await signedInOnSummarize(page, request, 'web-refused');
  // What the server says of this address, asked directly: the screen must show the same.
  const refusal = await request.post('/api/summaries', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { url: 'http://10.0.0.1/' },
  });
  expect(refusal.status()).toBe(400);
  const { code, message } = (await refusal.json()) as { code: string; message: string };
  expect(code).toBe('URL_NOT_ALLOWED');

  await page.goto('/summarize');
  const { panel, field, submit } = await openWebPageTab(page);
  await field.fill('http://10.0.0.1/');
  await submit.click();
  await expect(panel.getByRole('alert')).toHaveText([message]);
  await expect(resultCard(page)).toHaveCount(0);
  expect(await creditsOnServer(request, session)).toBe(5);
  expect(await summaryCountOnServer(request, session)).toBe(0);
});

test('Include hidden text on the Web page tab: a display:none passage is left out of the original, and read with the box checked', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await signedInOnSummarize(page, request, 'web-hidden');
  await page.goto('/summarize');
  const { panel, field, submit } = await openWebPageTab(page);
  const box = panel.getByRole('checkbox', { name: 'Include hidden text' });
  await expect(box).not.toBeChecked();
  const address = `${WEB_PAGE_ORIGIN}${HIDDEN_PAGE_PATH}`;

  // Without the box: the original is what a reader sees; the hidden passage is listed apart.
  const first = apiResponse(page, 'POST', '/api/summaries/stream');
  await field.fill(address);
  await submit.click();
  expect(JSON.parse((await first).request().postData() ?? '{}')).not.toMatchObject({
    includeHidden: true,
  });
  const result = resultCard(page);
  await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });
  const original = originalBox(result);
  await expect(original).toContainText(HIDDEN_PAGE_PARAGRAPHS[0] ?? '');
  await expect(original).not.toContainText(HIDDEN_PASSAGE);
  const warning = result.getByRole('region', {
    name: 'This document contains 1 passage hidden from readers',
  });
  await expect(warning).toBeVisible();
  await warning.getByText('Show the passages').click();
  await expect(warning.getByText(HIDDEN_PASSAGE)).toBeVisible();
  const listed = await warning.getByRole('listitem').allInnerTexts();
  expect(listed.map((item) => item.replace(/\s+/gu, ' ').trim())).toEqual([
    `Marked hidden ${HIDDEN_PASSAGE}`,
  ]);
  const without = await newestSummaryOnServer(request, session);
  expect(without).toMatchObject({ source: 'url', sourceTitle: HIDDEN_PAGE_TITLE });
  expect(without.originalContent).not.toContain(HIDDEN_PASSAGE);

  // With the box checked: the same page, its hidden passage read as part of the original.
  await page.goto('/summarize');
  const again = await openWebPageTab(page);
  await again.panel.getByRole('checkbox', { name: 'Include hidden text' }).check();
  const second = apiResponse(page, 'POST', '/api/summaries/stream');
  await again.field.fill(address);
  await again.submit.click();
  expect(JSON.parse((await second).request().postData() ?? '{}')).toMatchObject({
    url: address,
    includeHidden: true,
  });
  const read = resultCard(page);
  await expect(read.getByRole('heading', { name: 'Your summary' })).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });
  await expect(originalBox(read)).toContainText(HIDDEN_PASSAGE);
  await expect(originalBox(read)).toContainText(HIDDEN_PAGE_PARAGRAPHS[2] ?? '');
  const withHidden = await newestSummaryOnServer(request, session);
  expect(withHidden.id).not.toBe(without.id);
  expect(withHidden.originalContent).toContain(HIDDEN_PASSAGE);
  for (const paragraph of HIDDEN_PAGE_PARAGRAPHS) {
    expect(withHidden.originalContent).toContain(paragraph);
  }
});
